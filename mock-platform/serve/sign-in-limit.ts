/**
 * The served sign-in limit: failed password sign-ins are counted per account (the email asked for)
 * and per client address; while either is over its limit, a password sign-in of that account or from
 * that address is answered 429 before its password is checked. A sign-in that succeeds is not a
 * guess and is not counted; the refresh grant is neither counted nor refused, so a signed-in user
 * keeps the session while someone else's guesses have the address or the account locked out.
 */
import type { RequestScreen } from './http-bridge'
import { isCall, memoryRateCounter, tooManyAttempts, type RateCounters, type RateHit } from './limits'

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

export function createSignInLimit(options: { attempts: number; windowMs: number; now?: () => number }, counterOf: RateCounters = (_name, limit) => memoryRateCounter(limit)) {
  // Apart, so an address's guesses at many accounts and many addresses' guesses at one account both stop.
  const byAccount = counterOf('sign-in account', options)
  const byAddress = counterOf('sign-in address', options)
  const over = (hit: RateHit) => hit.count > options.attempts

  return {
    /** The screen of one request from `address`: refuses a password sign-in while locked out, counts one that failed. */
    screen(address: string): RequestScreen {
      let account: string | null = null
      return {
        async before(request) {
          account = await passwordSignInAccount(request)
          if (account === null) return null
          // Counted before the password is checked, so guesses sent all at once cannot pass the limit
          // together; one refused is taken back, so an address locked out cannot lock out an account.
          const fromAddress = await byAddress.hit(address)
          let refused: RateHit | null = over(fromAddress) ? fromAddress : null
          if (!refused && account) {
            const ofAccount = await byAccount.hit(account)
            if (over(ofAccount)) {
              refused = ofAccount
              await byAccount.release(account)
            }
          }
          if (refused) {
            await byAddress.release(address)
            const answer = tooManyAttempts(refused)
            account = null
            return new Response(answer.body, { status: answer.status, headers: answer.headers })
          }
          return null
        },
        after(_request, response) {
          // Only the password grant's own refusals (wrong password, unknown account, missing fields) stay counted.
          if (account === null || !response.ok) return
          void byAddress.release(address).catch(() => undefined)
          if (account) void byAccount.release(account).catch(() => undefined)
        },
      }
    },
  }
}
export type SignInLimit = ReturnType<typeof createSignInLimit>
