import { TOTP } from '../constants'

/** A code as an authenticator app shows it, spaces allowed ("123 456"). */
export const normalTotpCode = (code: string) => code.replace(/\s+/g, '')

/** Whether `code` has a TOTP code's shape (the digits only; whether it is right is the server's). */
export const isTotpCodeShape = (code: string) => new RegExp(`^\\d{${TOTP.digits}}$`).test(normalTotpCode(code))
