import { http, HttpResponse } from 'msw'
import { PROFILE_MESSAGE } from '../../src/constants'
import type { PlatformContext } from '../context'
import { profileFor } from '../db'
import { authenticate, errorResponse, readJson, withLatency } from './util'

type Zxcvbn = { check: (password: string, inputs?: string[]) => { score: number; feedback: { warning: string | null; suggestions: string[] } } }
let zxcvbn: Promise<Zxcvbn> | undefined

/** The strength estimator's dictionaries are large: load them only when a password is checked. */
function loadZxcvbn(): Promise<Zxcvbn> {
  zxcvbn ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        translations: english.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary },
      }),
  )
  return zxcvbn
}

export function profileHandlers(ctx: PlatformContext) {
  return [
    http.get('*/platform/profile', async ({ request }) => {
      await withLatency(ctx)
      const { user, denied } = authenticate(ctx, request)
      if (denied) return denied
      const profile = ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: user.id }))
      if (!profile) return errorResponse(404, PROFILE_MESSAGE.notFound)
      return HttpResponse.json(profile)
    }),
    http.post('*/platform/profile', async ({ request }) => {
      await withLatency(ctx)
      const { user, denied } = authenticate(ctx, request)
      if (denied) return denied
      const existing = ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: user.id }))
      if (existing) return errorResponse(409, 'Profile already exists')
      const profile = await ctx.db.profiles.create(profileFor(user, ctx.db.profiles.count() + 1))
      return HttpResponse.json(profile, { status: 201 })
    }),
    http.get('*/platform/profile/permissions', async ({ request }) => {
      await withLatency(ctx)
      const { user, denied } = authenticate(ctx, request)
      if (denied) return denied
      const entries = ctx.db.permissions.findMany((q) => q.where({ gotrue_id: user.id }))
      return HttpResponse.json(entries.map(({ gotrue_id: _omit, ...entry }) => entry))
    }),
    http.post('*/platform/profile/password-check', async ({ request }) => {
      await withLatency(ctx)
      const { denied } = authenticate(ctx, request)
      if (denied) return denied
      const body = await readJson(request)
      if (typeof body.password !== 'string') return errorResponse(400, 'password is required')
      const estimator = await loadZxcvbn()
      const { score, feedback } = estimator.check(body.password)
      return HttpResponse.json({ result: { score, feedback: { warning: feedback.warning ?? '', suggestions: feedback.suggestions } } })
    }),
  ]
}
