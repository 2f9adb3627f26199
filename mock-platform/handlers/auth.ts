import { http, HttpResponse } from 'msw'
import type { PlatformContext } from '../context'
import { identitiesOf } from '../db'
import { authenticate, issueAccessToken, readJson, withLatency } from './util'

export const SESSION_SECONDS = 7 * 24 * 3600

/** GoTrue-shaped auth service: password sign-in, current user, sign-out. */
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
      return HttpResponse.json({
        access_token: issueAccessToken(user.id, SESSION_SECONDS),
        token_type: 'bearer',
        expires_in: SESSION_SECONDS,
        refresh_token: crypto.randomUUID(),
        user: userAnswer(user),
      })
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

function userAnswer(user: { id: string; email: string; mfaEnabled: boolean; codeHosting?: { login: string } | null }) {
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
