import { http, HttpResponse } from 'msw'
import { API_ERROR_MESSAGE, PG_META_HEADERS } from '../../src/constants'
import type { PlatformContext } from '../context'
import { ensureLargeTables, runPgMetaQuery, toPgMetaError } from '../postgres'
import { authorizeProject, errorResponse, readJson } from './util'

/** pg-meta over each project's own real Postgres (PLATFORM-API §5). */
export function pgMetaHandlers(ctx: PlatformContext) {
  return [
    http.post('*/platform/pg-meta/:ref/query', async ({ request, params }) => {
      const ref = String(params.ref)
      const { project, denied } = await authorizeProject(ctx, request, ref)
      if (denied) return denied
      // SPEC §8: without the encrypted connection the database cannot be reached.
      const connection = request.headers.get(PG_META_HEADERS.connection)
      if (!connection || connection !== project.connectionString) {
        return errorResponse(400, API_ERROR_MESSAGE.pgMetaNoConnection)
      }
      const body = await readJson(request)
      if (typeof body.query !== 'string' || body.query.trim() === '') return errorResponse(400, 'query is required')
      const parameters = Array.isArray(body.parameters) ? body.parameters : undefined
      const database = await (await ctx.databases()).open(ref)
      if (project.largeTables) await ensureLargeTables(database)
      try {
        // A client that goes away (the editor's Cancel) cancels the statement where the database can.
        return HttpResponse.json(await runPgMetaQuery(database, { query: body.query, parameters }, request.signal))
      } catch (error) {
        const { status, body: errorBody } = toPgMetaError(error, body.query)
        return HttpResponse.json(errorBody, { status })
      }
    }),
  ]
}
