import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { TOTP, TWO_FACTOR_MESSAGE } from '../../src/constants'
import { rememberFactors } from '../auth/account-store'
import { platformNow, raiseSessionToSecondFactor } from '../auth/auth-sessions'
import { checkTotpCode, hasVerifiedFactor, newTotpFactor, recentFailures } from '../auth/totp-factors'
import type { PlatformContext } from '../context'
import type { TotpFactor } from '../records/db'
import { recordCall } from './audit-recording'
import { authError, sessionAnswer } from './auth'
import { bearerClaims, readJson, withLatency } from './util'

const FACTORS = '*/auth/v1/factors'

type FactorHolder = { id: string; email: string; totpFactors?: readonly TotpFactor[] }

/** A factor's events are the account's own (its profile's audit log), about the factor. */
const accountTarget = (factor: TotpFactor) => ({ organizationSlug: null, projectRef: null, description: `Factor ${factor.friendly_name}` })

const EnrolBodySchema = v.object({
  factor_type: v.literal('totp', 'Only TOTP factors can be enrolled'),
  friendly_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
})
const VerifyBodySchema = v.object({ challenge_id: v.string(), code: v.pipe(v.string(), v.trim()) })

/**
 * GoTrue's MFA calls for TOTP: enrol (an unverified factor and its otpauth URI), challenge, verify (the
 * factor verified, the session raised to aal2 with new tokens), unenrol. A first factor is enough to
 * reach them, as it must be to sign in with a code; what a second factor guards (a further factor,
 * removing a verified one) asks for aal2.
 */
export function authFactorHandlers(ctx: PlatformContext) {
  // A factor's codes are checked one at a time: the records' writes are asynchronous, so checks made
  // side by side would each see no failure counted and no step used yet (many guesses at once, one code twice).
  const checking = new Map<string, Promise<unknown>>()
  function oneAtATime<T>(factorId: string, check: () => Promise<T>): Promise<T> {
    const turn = (checking.get(factorId) ?? Promise.resolve()).then(check, check)
    const settled = turn.catch(() => undefined)
    checking.set(factorId, settled)
    void settled.then(() => checking.get(factorId) === settled && checking.delete(factorId))
    return turn
  }

  /** The signed-in user and their session's claims, or the answer to send instead. */
  function caller(request: Request) {
    if (ctx.selfHosted) return { denied: authError(404, 'mfa_not_available', 'Self-hosted Studio has no platform sign-in to guard') } as const
    const claims = bearerClaims(ctx, request, { firstFactorEnough: true })
    const user = claims?.sessionId ? ctx.db.users.findFirst((q) => q.where({ id: claims.userId })) : undefined
    if (!claims || !user) return { denied: authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token of a session') } as const
    return { claims, user, denied: null } as const
  }

  async function saveFactors(userId: string, change: (factors: TotpFactor[]) => TotpFactor[]) {
    const record = ctx.db.users.findFirst((q) => q.where({ id: userId }))
    const saved = record ? await ctx.db.users.update(record, { data: (u) => void (u.totpFactors = change(u.totpFactors ?? [])) }) : undefined
    if (saved) rememberFactors(ctx, saved)
    return saved
  }

  const factorOf = (user: FactorHolder, id: string) => (user.totpFactors ?? []).find((f) => f.id === id)
  const aal2Needed = () => authError(403, 'insufficient_aal', TWO_FACTOR_MESSAGE.secondFactorNeeded)

  return [
    http.post(FACTORS, async ({ request }) => {
      await withLatency(ctx)
      const { claims, user, denied } = caller(request)
      if (denied) return denied
      if (hasVerifiedFactor(user) && claims.aal !== 'aal2') return aal2Needed()
      const parsed = v.safeParse(EnrolBodySchema, await readJson(request))
      if (!parsed.success) return authError(400, 'validation_failed', parsed.issues[0].message)
      const name = parsed.output.friendly_name || TOTP.defaultName
      const verified = (user.totpFactors ?? []).filter((f) => f.status === 'verified')
      if (verified.length >= TOTP.maxVerifiedFactors) return authError(422, 'too_many_enrolled_mfa_factors', TWO_FACTOR_MESSAGE.tooManyFactors)
      if (verified.some((f) => f.friendly_name === name)) return authError(422, 'mfa_factor_name_conflict', TWO_FACTOR_MESSAGE.nameTaken(name))
      const { factor, uri } = newTotpFactor(user.email, name, platformNow(ctx))
      // One enrolment at a time: a factor left unverified by an earlier attempt goes.
      await saveFactors(user.id, (factors) => [...factors.filter((f) => f.status === 'verified'), factor])
      return HttpResponse.json({ id: factor.id, type: 'totp', friendly_name: name, totp: { secret: factor.secret, uri } })
    }),
    http.post(`${FACTORS}/:id/challenge`, async ({ request, params }) => {
      await withLatency(ctx)
      const { user, denied } = caller(request)
      if (denied) return denied
      const factor = factorOf(user, String(params.id))
      if (!factor) return authError(404, 'mfa_factor_not_found', TWO_FACTOR_MESSAGE.notFound)
      const challenge = { id: crypto.randomUUID(), expires_at: Math.floor(platformNow(ctx) / 1000) + TOTP.challengeSeconds }
      await saveFactors(user.id, (factors) => factors.map((f) => (f.id === factor.id ? { ...f, challenge } : f)))
      return HttpResponse.json({ id: challenge.id, type: 'totp', expires_at: challenge.expires_at })
    }),
    http.post(`${FACTORS}/:id/verify`, async ({ request, params }) => {
      await withLatency(ctx)
      const { claims, user, denied } = caller(request)
      if (denied) return denied
      const parsed = v.safeParse(VerifyBodySchema, await readJson(request))
      if (!parsed.success) return authError(400, 'validation_failed', TWO_FACTOR_MESSAGE.codeShape)
      const { challenge_id, code } = parsed.output
      return oneAtATime(String(params.id), async () => {
        // Read again inside the turn: the one before may have counted a failure or used a step.
        const holder = ctx.db.users.findFirst((q) => q.where({ id: user.id })) ?? user
        const factor = factorOf(holder, String(params.id))
        if (!factor) return authError(404, 'mfa_factor_not_found', TWO_FACTOR_MESSAGE.notFound)
        const now = platformNow(ctx)
        if (factor.challenge?.id !== challenge_id || factor.challenge.expires_at * 1000 <= now) {
          return authError(422, 'mfa_challenge_expired', TWO_FACTOR_MESSAGE.challengeExpired)
        }
        const check = checkTotpCode(factor, code, now)
        if (!check.ok && check.reason === 'locked') {
          const minutes = Math.max(1, Math.ceil(check.retryAfterMs / 60_000))
          return authError(429, 'over_request_rate_limit', TWO_FACTOR_MESSAGE.tooManyCodes(minutes), {}, { 'retry-after': String(Math.ceil(check.retryAfterMs / 1000)) })
        }
        if (!check.ok) {
          await saveFactors(user.id, (factors) => factors.map((f) => (f.id === factor.id ? { ...f, failures: [...recentFailures(f, now), now] } : f)))
          return authError(422, 'mfa_verification_failed', TWO_FACTOR_MESSAGE.codeWrong)
        }
        const raised = raiseSessionToSecondFactor(ctx, claims.sessionId!)
        if (!raised) return authError(401, 'session_not_found', 'Session from session_id claim in JWT does not exist')
        const enrolled = factor.status === 'unverified'
        const at = new Date(now).toISOString()
        const saved = await saveFactors(user.id, (factors) =>
          factors.map((f) => (f.id === factor.id ? { ...f, status: 'verified', last_used_step: check.step, challenge: null, failures: [], updated_at: at } : f)),
        )
        if (enrolled) await recordCall(ctx, request, { actor: user, action: 'Enrolled a second factor', route: '/auth/v1/factors/:id/verify', status: 200, target: accountTarget(factor) })
        return HttpResponse.json(sessionAnswer(ctx, saved ?? holder, raised))
      })
    }),
    http.delete(`${FACTORS}/:id`, async ({ request, params }) => {
      await withLatency(ctx)
      const { claims, user, denied } = caller(request)
      if (denied) return denied
      const factor = factorOf(user, String(params.id))
      if (!factor) return authError(404, 'mfa_factor_not_found', TWO_FACTOR_MESSAGE.notFound)
      if (factor.status === 'verified' && claims.aal !== 'aal2') return aal2Needed()
      await saveFactors(user.id, (factors) => factors.filter((f) => f.id !== factor.id))
      if (factor.status === 'verified') await recordCall(ctx, request, { actor: user, action: 'Removed a second factor', route: '/auth/v1/factors/:id', status: 200, target: accountTarget(factor) })
      return HttpResponse.json({ id: factor.id })
    }),
  ]
}
