import * as v from 'valibot'
import { PASSWORD_MESSAGE, PASSWORD_RULES, SIGN_UP_MESSAGE } from '../constants'

/**
 * Sign-up credentials (email and password), checked by the form before sending and by the mock
 * auth service on `POST {auth}/signup`. The password's strength (score 4, SPEC §5) is the
 * platform's to judge: the form waits for the server's score, the auth service scores again.
 */
export const SignUpCredentialsSchema = v.object({
  email: v.pipe(v.string(SIGN_UP_MESSAGE.emailRequired), v.trim(), v.nonEmpty(SIGN_UP_MESSAGE.emailRequired), v.email(SIGN_UP_MESSAGE.emailInvalid)),
  password: v.pipe(
    v.string(SIGN_UP_MESSAGE.passwordRequired),
    v.nonEmpty(SIGN_UP_MESSAGE.passwordRequired),
    v.maxLength(PASSWORD_RULES.maxLength, PASSWORD_MESSAGE.tooLong),
  ),
})
export type SignUpCredentials = v.InferOutput<typeof SignUpCredentialsSchema>
export type SignUpErrors = Partial<Record<keyof SignUpCredentials, string>>

/** The form's check: trimmed credentials, or the first message of each failing field. */
export function validateSignUp(
  values: SignUpCredentials,
  passwordAcceptable: boolean,
): { ok: true; credentials: SignUpCredentials; errors: SignUpErrors } | { ok: false; errors: SignUpErrors } {
  const result = v.safeParse(SignUpCredentialsSchema, values)
  const errors: SignUpErrors = {}
  if (!result.success) {
    const nested = v.flatten<typeof SignUpCredentialsSchema>(result.issues).nested ?? {}
    if (nested.email?.[0]) errors.email = nested.email[0]
    if (nested.password?.[0]) errors.password = nested.password[0]
  }
  if (!errors.password && !passwordAcceptable) errors.password = PASSWORD_MESSAGE.needStronger
  if (!result.success || errors.password) return { ok: false, errors }
  return { ok: true, credentials: result.output, errors }
}
