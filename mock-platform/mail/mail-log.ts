import type { PlatformContext } from '../context'

/** A mail the platform sent (an invitation): what a mail server would have delivered. */
export interface SentMail {
  to: string
  subject: string
  text: string
  sent_at: string
}

const MAIL_KEPT = 100
const outboxes = new WeakMap<PlatformContext, SentMail[]>()

/**
 * The mock platform's mail log: it sends no mail, it writes each one where its operator reads it —
 * the server's output (served), the page's console (embedded) — and keeps the last ones in memory.
 */
export function sendMail(ctx: PlatformContext, mail: Omit<SentMail, 'sent_at'>): SentMail {
  const sent = { ...mail, sent_at: new Date(Date.now() + ctx.clockOffset).toISOString() }
  const outbox = outboxes.get(ctx) ?? []
  outboxes.set(ctx, [...outbox, sent].slice(-MAIL_KEPT))
  console.info(`[mail] To: ${sent.to}\n[mail] Subject: ${sent.subject}\n${sent.text}`)
  return sent
}

export function sentMail(ctx: PlatformContext): readonly SentMail[] {
  return outboxes.get(ctx) ?? []
}
