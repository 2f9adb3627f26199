import { PASSWORD_MESSAGE, PASSWORD_RULES } from '../constants'

export type PasswordTone = (typeof PASSWORD_RULES.barTones)[number]

export interface PasswordFeedback {
  /** Bar width in percent. */
  width: number
  tone: PasswordTone
  /** What the score means, followed by the server's suggestions. */
  message: string
  /** Shown as the field's error; null when the password is good enough. */
  warning: string | null
  acceptable: boolean
}

/** SPEC §5: the meter for a server score 0–4 with its suggestions. */
export function scoredPasswordFeedback(score: number, suggestions: readonly string[] = []): PasswordFeedback {
  const index = Math.min(4, Math.max(0, Math.trunc(Number.isFinite(score) ? score : 0)))
  const acceptable = index >= PASSWORD_RULES.requiredScore
  return {
    width: PASSWORD_RULES.barWidths[index]!,
    tone: PASSWORD_RULES.barTones[index]!,
    message: [PASSWORD_MESSAGE.byScore[index], ...suggestions].join(' '),
    warning: acceptable ? null : PASSWORD_MESSAGE.needStronger,
    acceptable,
  }
}

/** SPEC §5: over 99 characters is rejected before any server check. */
export function tooLongPasswordFeedback(): PasswordFeedback {
  return {
    width: PASSWORD_RULES.barWidths[0],
    tone: PASSWORD_RULES.barTones[0],
    message: PASSWORD_MESSAGE.tooLongDetail,
    warning: PASSWORD_MESSAGE.tooLong,
    acceptable: false,
  }
}

/** A password that satisfies the strength check: long, random, from the browser's crypto source. */
export function generateStrongPassword(length = 24): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length)
  let out = ''
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length]
    }
  }
  return out
}
