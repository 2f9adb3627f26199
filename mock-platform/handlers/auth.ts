import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { PASSWORD_MESSAGE, PASSWORD_RULES, USER_ALREADY_EXISTS_CODE, WEAK_PASSWORD_CODE } from '../../src/constants'
import { SignUpCredentialsSchema } from '../../src/lib/sign-up'
import { rememberUser } from '../account-store'
import type { PlatformContext } from '../context'
import { identitiesOf } from '../db'
import { scorePassword } from '../password-strength'
import { authenticate, issueAccessToken, readJson, withLatency } from './util'

export const SESSION_SECONDS = 7 * 24 * 3600

/** GoTrue's error body: `msg` is what the dashboard shows, `error_code` what it can act on. */
function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ code: status, error_code: errorCode, msg, ...extra }, { status })
}

/** GoTrue-shaped auth service: sign-up, password sign-in, current user, sign-out. */
export function authHandlers(ctx: PlatformContext) {
  return [
    http.post('*/auth/v1/token', async ({ request }) => {
      await withLatency(ctx)
      const grantType = new URL(request.url).searchParams.get('grant_type')
      if (grantType !== 'password') {
        return HttpResponse.json({ error: 'unsupported_grant_type', error_description: 'Only password sign-in is supported' }, { status: 400 })
      }
      const body = await readJson(request)
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
      const password = typeof body.password === 'string' ? body.password : ''
      if (!email || !password) {
        return HttpResponse.json({ error: 'invalid_request', error_description: 'Email and password are required' }, { status: 400 })
      }
      const user = ctx.db.users.findFirst((q) => q.where({ email }))
      if (!user || user.password !== password) {
        return HttpResponse.json({ error: 'invalid_grant', error_description: 'Invalid login credentials' }, { status: 400 })
      }
      return HttpResponse.json(sessionAnswer(ctx, user))
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
        password,
        username: email.split('@')[0]!.replace(/[^a-z0-9_-]/g, '-'),
        first_name: '',
        last_name: '',
        mfaEnabled: false,
        codeHosting: null,
      }
      const user = await ctx.db.users.create(record)
      rememberUser(ctx, record)
      return HttpResponse.json(sessionAnswer(ctx, user))
    }),
    http.get('*/auth/v1/user', async ({ request }) => {
      await withLatency(ctx)
      const { user, denied } = authenticate(ctx, request)
      if (denied) return denied
      return HttpResponse.json(userAnswer(user))
    }),
    http.post('*/auth/v1/logout', async () => {
      await withLatency(ctx)
      return new HttpResponse(null, { status: 204 })
    }),
  ]
}

/** GoTrue's answer to a sign-in or an auto-confirmed sign-up: a new session for the user. */
function sessionAnswer(ctx: PlatformContext, user: AnsweredUser) {
  return {
    access_token: issueAccessToken(user.id, SESSION_SECONDS, ctx.tokenSigning),
    token_type: 'bearer',
    expires_in: SESSION_SECONDS,
    refresh_token: crypto.randomUUID(),
    user: userAnswer(user),
  }
}

type AnsweredUser = { id: string; email: string; mfaEnabled: boolean; codeHosting?: { login: string } | null }

function userAnswer(user: AnsweredUser) {
  return {
    id: user.id,
    email: user.email,
    identities: identitiesOf(user),
    new_email: null,
    email_change_sent_at: null,
    // GoTrue lists enrolled MFA factors; a verified one is what MFA-enforcing organizations need.
    factors: user.mfaEnabled ? [{ id: `factor-${user.id}`, factor_type: 'totp', status: 'verified' }] : [],
  }
}
