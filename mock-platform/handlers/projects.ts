import { http, HttpResponse } from 'msw'
import type { PlatformContext } from '../context'
import { authorizeProject } from './util'

export function projectHandlers(ctx: PlatformContext) {
  return [
    http.get('*/platform/projects/:ref', async ({ request, params }) => {
      const { project: found, denied } = await authorizeProject(ctx, request, String(params.ref))
      if (denied || !found) return denied
      // A project coming up turns healthy after a few reads, as a real one does after a few polls.
      const project =
        found.status === 'COMING_UP' && found.polls_until_healthy > 0
          ? await ctx.db.projects.update(found, {
              data(p) {
                p.polls_until_healthy -= 1
                if (p.polls_until_healthy === 0) {
                  p.status = 'ACTIVE_HEALTHY'
                  p.connectionString = `encrypted:${p.ref}:${crypto.randomUUID()}`
                }
              },
            })
          : found
      const { organization_slug: _slug, polls_until_healthy: _polls, ...detail } = project!
      return HttpResponse.json(detail)
    }),
  ]
}
