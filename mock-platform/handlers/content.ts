import { http, HttpResponse } from 'msw'
import type { PlatformContext } from '../context'
import { authorizeProject, errorResponse } from './util'

/** SQL snippets (PLATFORM-API §4): reads. The editor's writes arrive with the SQL editor. */
export function contentHandlers(ctx: PlatformContext) {
  return [
    http.get('*/platform/projects/:ref/content', async ({ request, params }) => {
      const ref = String(params.ref)
      const { denied } = await authorizeProject(ctx, request, ref)
      if (denied) return denied
      const url = new URL(request.url)
      const name = url.searchParams.get('name')?.toLowerCase()
      const favorite = url.searchParams.get('favorite')
      const data = ctx.db.snippets
        .findMany((q) => q.where({ project_ref: ref }))
        .filter((s) => !name || s.name.toLowerCase().includes(name))
        .filter((s) => favorite === null || String(s.favorite) === favorite)
        .map(({ project_ref: _ref, ...snippet }) => snippet)
      return HttpResponse.json({ data })
    }),
    http.get('*/platform/projects/:ref/content/item/:id', async ({ request, params }) => {
      const ref = String(params.ref)
      const { denied } = await authorizeProject(ctx, request, ref)
      if (denied) return denied
      const snippet = ctx.db.snippets.findFirst((q) => q.where({ project_ref: ref, id: String(params.id) }))
      if (!snippet) return errorResponse(404, 'Content not found')
      const { project_ref: _ref, ...rest } = snippet
      return HttpResponse.json(rest)
    }),
  ]
}
