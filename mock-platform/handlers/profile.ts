import { http, HttpResponse } from 'msw'
import { PASSWORD_MESSAGE, PASSWORD_RULES, PROFILE_MESSAGE } from '../../src/constants'
import type { PlatformContext } from '../context'
import { profileFor } from '../records/db'
import { scorePassword } from '../auth/password-strength'
import { errorResponse, readJson, signedIn, withLatency } from './util'

export function profileHandlers(ctx: PlatformContext) {
  return [
    http.get('*/platform/profile', async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const profile = ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: user.id }))
      if (!profile) return errorResponse(404, PROFILE_MESSAGE.notFound)
      return HttpResponse.json(profile)
    }),
    http.post('*/platform/profile', async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const existing = ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: user.id }))
      if (existing) return errorResponse(409, 'Profile already exists')
      const profile = await ctx.db.profiles.create(profileFor(user, ctx.db.profiles.count() + 1))
      return HttpResponse.json(profile, { status: 201 })
    }),
    http.get('*/platform/profile/permissions', async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const entries = ctx.db.permissions.findMany((q) => q.where({ gotrue_id: user.id }))
      return HttpResponse.json(entries.map(({ gotrue_id: _omit, ...entry }) => entry))
    }),
    // Answers without a session too: sign-up scores a password before there is an account, and the
    // check reads nothing of anyone's.
    http.post('*/platform/profile/password-check', async ({ request }) => {
      await withLatency(ctx)
      const body = await readJson(request)
      if (typeof body.password !== 'string') return errorResponse(400, 'password is required')
      // The form never asks past the rule (SPEC §5), and scoring a longer one costs seconds of CPU.
      if (body.password.length > PASSWORD_RULES.maxLength) return errorResponse(400, PASSWORD_MESSAGE.tooLong)
      const { score, warning, suggestions } = await scorePassword(body.password)
      return HttpResponse.json({ result: { score, feedback: { warning, suggestions } } })
    }),
  ]
}
