/**
 * The served sign-in limit: failed password sign-ins are counted per account (the email asked for)
 * and per client address; while either is over its limit, a password sign-in of that account or from
 * that address is answered 429 before its password is checked. A sign-in that succeeds is not a
 * guess and is not counted; the refresh grant is neither counted nor refused, so a signed-in user
 * keeps the session while someone else's guesses have the address or the account locked out.
 */
import type { RequestScreen } from './http-bridge'
import { createRateLimiter, isCall, tooManyAttempts } from './limits'

/** The account a password sign-in names (as the auth handler reads it: trimmed, lower case), '' when none; null for any other request. */
async function passwordSignInAccount(request: Request): Promise<string | null> {
  const url = new URL(request.url)
  if (request.method !== 'POST' || !isCall(request.url, '/auth/v1/token') || url.searchParams.get('grant_type') !== 'password') return null
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null)
  const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined
  return typeof email === 'string' ? email.trim().toLowerCase() : ''
}

export function createSignInLimit(options: { attempts: number; windowMs: number; now?: () => number }) {
  // Apart, so an address's guesses at many accounts and many addresses' guesses at one account both stop.
  const byAccount = createRateLimiter(options)
  const byAddress = createRateLimiter(options)

  return {
    /** The screen of one request from `address`: refuses a password sign-in while locked out, counts one that failed. */
    screen(address: string): RequestScreen {
      let account: string | null = null
      return {
        async before(request) {
          account = await passwordSignInAccount(request)
          if (account === null) return null
          const refused = byAddress.refusal(address) ?? (account ? byAccount.refusal(account) : null)
          if (refused) {
            const answer = tooManyAttempts(refused)
            return new Response(answer.body, { status: answer.status, headers: answer.headers })
          }
          // Counted before the password is checked, so guesses sent all at once cannot pass the limit together.
          byAddress.count(address)
          if (account) byAccount.count(account)
          return null
        },
        after(_request, response) {
          // Only the password grant's own refusals (wrong password, unknown account, missing fields) stay counted.
          if (account === null || !response.ok) return
          byAddress.release(address)
          if (account) byAccount.release(account)
        },
      }
    },
  }
}
export type SignInLimit = ReturnType<typeof createSignInLimit>
