import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { ACCESS_TOKEN_LIFETIME_SECONDS, PASSWORD_MESSAGE, PASSWORD_RULES, USER_ALREADY_EXISTS_CODE, WEAK_PASSWORD_CODE } from '../../src/constants'
import { SignUpCredentialsSchema } from '../../src/lib/sign-up'
import { rememberUser } from '../auth/account-store'
import { endAuthSessions, isSessionLive, platformNow, rotateRefreshToken, startAuthSession, type LogoutScope, type SessionTokens } from '../auth/auth-sessions'
import { factorAnswer } from '../auth/totp-factors'
import type { PlatformContext } from '../context'
import { identitiesOf, type TotpFactor } from '../records/db'
import { scorePassword } from '../auth/password-strength'
import { keptPassword, passwordMatches } from '../auth/passwords'
import { authenticate, bearerClaims, readJson, withLatency } from './util'
import { issueAccessToken, readAccessTokenClaims } from '../auth/access-tokens'

const LOGOUT_SCOPES: readonly LogoutScope[] = ['global', 'local', 'others']

/** GoTrue's error body: `msg` is what the dashboard shows, `error_code` what it can act on. */
export function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  return HttpResponse.json({ code: status, error_code: errorCode, msg, ...extra }, { status, headers })
}

/** GoTrue-shaped auth service: sign-up, password sign-in, session refresh (rotating refresh tokens), current user, sign-out. */
export function authHandlers(ctx: PlatformContext) {
  return [
    http.post('*/auth/v1/token', async ({ request }) => {
      await withLatency(ctx)
      const grantType = new URL(request.url).searchParams.get('grant_type')
      if (grantType === 'refresh_token') return refreshGrant(ctx, await readJson(request))
      if (grantType !== 'password') {
        return HttpResponse.json({ error: 'unsupported_grant_type', error_description: 'Supported grant types: password, refresh_token' }, { status: 400 })
      }
      const body = await readJson(request)
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
      const password = typeof body.password === 'string' ? body.password : ''
      if (!email || !password) {
        return HttpResponse.json({ error: 'invalid_request', error_description: 'Email and password are required' }, { status: 400 })
      }
      const user = ctx.db.users.findFirst((q) => q.where({ email }))
      if (!(await passwordMatches(ctx, password, user?.password ?? null)) || !user) {
        return HttpResponse.json({ error: 'invalid_grant', error_description: 'Invalid login credentials' }, { status: 400 })
      }
      return HttpResponse.json(sessionAnswer(ctx, user, startAuthSession(ctx, user.id)))
    }),
    // Sign-up with email confirmation off (GoTrue's autoconfirm): the answer is a session, as for sign-in.
    http.post('*/auth/v1/signup', async ({ request }) => {
      await withLatency(ctx)
      const parsed = v.safeParse(SignUpCredentialsSchema, await readJson(request))
      if (!parsed.success) return authError(400, 'validation_failed', parsed.issues[0].message)
      const email = parsed.output.email.toLowerCase()
      const { password } = parsed.output
      if (ctx.db.users.findFirst((q) => q.where({ email }))) return authError(422, USER_ALREADY_EXISTS_CODE, 'User already registered')
      // The platform's strength rule (SPEC §5), scored again here: the form's check is advice, this is the rule.
      const { score } = await scorePassword(password)
      if (score < PASSWORD_RULES.requiredScore) {
        return authError(422, WEAK_PASSWORD_CODE, PASSWORD_MESSAGE.needStronger, { weak_password: { reasons: ['strength'] } })
      }
      const record = {
        id: crypto.randomUUID(),
        email,
        password: await keptPassword(ctx, password),
        username: email.split('@')[0]!.replace(/[^a-z0-9_-]/g, '-'),
        first_name: '',
        last_name: '',
        totpFactors: [],
        codeHosting: null,
      }
      const user = await ctx.db.users.create(record)
      rememberUser(ctx, record)
      return HttpResponse.json(sessionAnswer(ctx, user, startAuthSession(ctx, user.id)))
    }),
    http.get('*/auth/v1/user', async ({ request }) => {
      await withLatency(ctx)
      const ended = endedSessionAnswer(ctx, request)
      if (ended) return ended
      // A first factor is enough to read who one is (and so learn that a code is needed).
      const { user, denied } = authenticate(ctx, request, { firstFactorEnough: true })
      if (denied) return denied
      return HttpResponse.json(userAnswer(user))
    }),
    // GoTrue: the bearer's session (local), the user's other sessions (others) or all of them (global, the default) end.
    http.post('*/auth/v1/logout', async ({ request }) => {
      await withLatency(ctx)
      const scope = new URL(request.url).searchParams.get('scope') || 'global'
      if (!LOGOUT_SCOPES.includes(scope as LogoutScope)) return authError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
      // Self-hosted has no platform sessions to end.
      if (ctx.selfHosted) return new HttpResponse(null, { status: 204 })
      const ended = endedSessionAnswer(ctx, request)
      if (ended) return ended
      const claims = bearerClaims(ctx, request, { firstFactorEnough: true })
      if (!claims) return authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
      endAuthSessions(ctx, claims.userId, claims.sessionId, scope as LogoutScope)
      return new HttpResponse(null, { status: 204 })
    }),
  ]
}

/** The refresh grant: a new access token and the refresh token swapped for a new one (auth-sessions.ts). */
function refreshGrant(ctx: PlatformContext, body: Record<string, unknown>) {
  const token = typeof body.refresh_token === 'string' ? body.refresh_token : ''
  if (!token) return HttpResponse.json({ error: 'invalid_request', error_description: 'refresh_token required' }, { status: 400 })
  const rotated = rotateRefreshToken(ctx, token)
  if (rotated.refused) return authError(400, rotated.refused.code, rotated.refused.message)
  const user = ctx.db.users.findFirst((q) => q.where({ id: rotated.userId }))
  if (!user) return authError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found')
  return HttpResponse.json(sessionAnswer(ctx, user, rotated))
}

/** GoTrue refuses a token whose session is gone (signed out, family revoked) on its own endpoints with 403 session_not_found. */
function endedSessionAnswer(ctx: PlatformContext, request: Request) {
  const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
  const claims = bearer ? readAccessTokenClaims(bearer, ctx.tokenSigning, platformNow(ctx)) : null
  if (ctx.selfHosted || !claims?.sessionId || isSessionLive(ctx, claims.sessionId)) return null
  return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
}

/** The tokens of a session: a fresh access token naming it (signed when the platform signs) and its current refresh token. */
export function sessionTokens(ctx: PlatformContext, userId: string, session: SessionTokens) {
  const now = platformNow(ctx)
  return {
    access_token: issueAccessToken(userId, ACCESS_TOKEN_LIFETIME_SECONDS, ctx.tokenSigning, now, session.sessionId, session.aal),
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    expires_at: Math.floor(now / 1000) + ACCESS_TOKEN_LIFETIME_SECONDS,
    refresh_token: session.refreshToken,
  }
}

/** GoTrue's answer to a sign-in, an auto-confirmed sign-up or a refresh: the session's tokens and the user. */
export function sessionAnswer(ctx: PlatformContext, user: AnsweredUser, session: SessionTokens) {
  return { ...sessionTokens(ctx, user.id, session), user: userAnswer(user) }
}

type AnsweredUser = { id: string; email: string; totpFactors?: readonly TotpFactor[]; codeHosting?: { login: string } | null }

export function userAnswer(user: AnsweredUser) {
  return {
    id: user.id,
    email: user.email,
    identities: identitiesOf(user),
    new_email: null,
    email_change_sent_at: null,
    // GoTrue lists enrolled MFA factors; a verified one is what MFA-enforcing organizations need.
    factors: (user.totpFactors ?? []).map(factorAnswer),
  }
}
