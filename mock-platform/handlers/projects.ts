import { http, HttpResponse } from 'msw'
import type { PlatformContext } from '../context'
import { authenticate, errorResponse, findMemberProject, withLatency } from './util'

export function projectHandlers(ctx: PlatformContext) {
  return [
    http.get('*/platform/projects/:ref', async ({ request, params }) => {
      await withLatency(ctx)
      const { user, denied } = authenticate(ctx, request)
      if (denied) return denied
      const ref = String(params.ref)
      let project = findMemberProject(ctx, user.id, ref)
      if (!project) return errorResponse(404, 'Project not found')
      // A project coming up turns healthy after a few reads, as a real one does after a few polls.
      if (project.status === 'COMING_UP' && project.polls_until_healthy > 0) {
        project = await ctx.db.projects.update(project, {
          data(p) {
            p.polls_until_healthy -= 1
            if (p.polls_until_healthy === 0) {
              p.status = 'ACTIVE_HEALTHY'
              p.connectionString = `encrypted:${p.ref}:${crypto.randomUUID()}`
            }
          },
        })
      }
      const { organization_slug: _slug, polls_until_healthy: _polls, ...detail } = project!
      return HttpResponse.json(detail)
    }),
  ]
}
