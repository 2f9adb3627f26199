// Billing cycles by the platform's clock (auth-sessions.ts platformNow): a subscription renews each
// month on its anchor day at midnight UTC, so the running cycle always holds today and past invoices
// close past cycles. Decisions: in a month shorter than the anchor day the cycle turns on its last day
// (31 Jan, 28 Feb, 31 Mar), as Stripe does; the next month returns to the anchor day.

export interface BillingCycle {
  /** Milliseconds since the epoch, midnight UTC; the cycle holds its start. */
  start: number
  /** The next cycle's start; the cycle holds the moments before it. */
  end: number
}

/** The day of the month an organization's subscription renews on: 1–28, from its id. */
export function subscriptionAnchorDay(organizationId: number): number {
  return 1 + ((organizationId * 9) % 28)
}

/** The anchor day of a month (months past December or before January roll over the year), clamped to the month's length. */
function renewalIn(year: number, month: number, anchorDay: number): number {
  const first = new Date(Date.UTC(year, month, 1))
  const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(anchorDay, daysInMonth))
}

/** The cycle holding `now`, or with `cyclesBack` the one that many before it (1: the last ended cycle). */
export function billingCycleAt(anchorDay: number, now: number, cyclesBack = 0): BillingCycle {
  const today = new Date(now)
  let month = today.getUTCMonth()
  if (renewalIn(today.getUTCFullYear(), month, anchorDay) > now) month -= 1
  month -= cyclesBack
  return { start: renewalIn(today.getUTCFullYear(), month, anchorDay), end: renewalIn(today.getUTCFullYear(), month + 1, anchorDay) }
}

/** When an invoice `cyclesAgo` cycles old closed (unix seconds): the end of that ended cycle. */
export function invoicePeriodEnd(organizationId: number, cyclesAgo: number, now: number): number {
  return Math.floor(billingCycleAt(subscriptionAnchorDay(organizationId), now, cyclesAgo).end / 1000)
}
