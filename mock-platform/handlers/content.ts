import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { CONTENT_MESSAGE } from '../../src/constants'
import { persistContent } from '../content/content-persistence'
import type { PlatformContext } from '../context'
import type { MockSnippet } from '../records/db'
import { contentFolderHandlers } from './content-folders'
import { contentScope, idsParam, invalid, NameSchema, publicSnippet, UuidSchema } from './content-scope'
import { errorResponse, readJson } from './util'

const SnippetWriteSchema = v.object({
  id: v.optional(UuidSchema),
  name: NameSchema,
  type: v.literal('sql', 'Only sql content is kept here'),
  visibility: v.optional(v.picklist(['user', 'project', 'org', 'public']), 'user'),
  description: v.nullish(v.string()),
  folder_id: v.nullish(UuidSchema),
  favorite: v.optional(v.boolean()),
  content: v.optional(v.object({ sql: v.string(), content_id: v.optional(v.string()), schema_version: v.optional(v.literal('1.0')) })),
})

/** SQL snippets and their folders (PLATFORM-API §4), kept across reloads in the browser. */
export function contentHandlers(ctx: PlatformContext) {
  const now = () => new Date().toISOString()

  return [
    http.get('*/platform/projects/:ref/content', async ({ request, params }) => {
      const ref = String(params.ref)
      const { scope, denied } = await contentScope(ctx, request, ref)
      if (denied) return denied
      const url = new URL(request.url)
      const name = url.searchParams.get('name')?.toLowerCase()
      const favorite = url.searchParams.get('favorite')
      const sortBy = url.searchParams.get('sort_by') === 'name' ? 'name' : 'inserted_at'
      const direction = url.searchParams.get('sort_order') === 'asc' ? 1 : -1
      const limit = Math.min(Number(url.searchParams.get('limit')) || 1000, 1000)
      const offset = Number(url.searchParams.get('cursor')) || 0
      const matching = ctx.db.snippets
        .findMany((q) => q.where({ project_ref: ref }))
        .filter(scope.visible)
        .filter((s) => !name || s.name.toLowerCase().includes(name))
        .filter((s) => favorite === null || String(s.favorite) === favorite)
        .sort((a, b) => direction * a[sortBy].localeCompare(b[sortBy]))
      const page = matching.slice(offset, offset + limit)
      const next = offset + limit < matching.length ? String(offset + limit) : undefined
      return HttpResponse.json({ ...(next ? { cursor: next } : {}), data: page.map(publicSnippet) })
    }),

    http.get('*/platform/projects/:ref/content/count', async ({ request, params }) => {
      const ref = String(params.ref)
      const { scope, denied } = await contentScope(ctx, request, ref)
      if (denied) return denied
      const name = new URL(request.url).searchParams.get('name')?.toLowerCase()
      const mine = ctx.db.snippets
        .findMany((q) => q.where({ project_ref: ref }))
        .filter(scope.visible)
        .filter((s) => !name || s.name.toLowerCase().includes(name))
      return HttpResponse.json({
        favorites: mine.filter((s) => s.favorite).length,
        private: mine.filter((s) => s.visibility === 'user').length,
        shared: mine.filter((s) => s.visibility !== 'user').length,
      })
    }),

    http.get('*/platform/projects/:ref/content/item/:id', async ({ request, params }) => {
      const ref = String(params.ref)
      const { scope, denied } = await contentScope(ctx, request, ref)
      if (denied) return denied
      const id = String(params.id)
      // A plain scan: @msw/data's object conditions cost an Object.entries a record, and every save lengthens the list.
      const snippet = ctx.db.snippets.all().find((s) => s.id === id && s.project_ref === ref)
      if (!snippet || !scope.visible(snippet)) return errorResponse(404, CONTENT_MESSAGE.snippetNotFound)
      return HttpResponse.json(publicSnippet(snippet))
    }),

    // POST creates; PUT creates or replaces by id (the editor's autosave).
    ...(['post', 'put'] as const).map((method) =>
      http[method]('*/platform/projects/:ref/content', async ({ request, params }) => {
        const ref = String(params.ref)
        const { scope, denied } = await contentScope(ctx, request, ref)
        if (denied) return denied
        const parsed = v.safeParse(SnippetWriteSchema, await readJson(request))
        if (!parsed.success) return invalid(parsed.issues)
        const body = parsed.output
        if (method === 'put' && !body.id) return errorResponse(400, 'id is required to update content')
        // Only into a folder of one's own (content-scope.ts): another member's is not there for them.
        if (body.folder_id && !scope.ownFolder(body.folder_id)) return errorResponse(400, CONTENT_MESSAGE.folderNotFound)
        const id = body.id ?? crypto.randomUUID()
        const existing = ctx.db.snippets.all().find((s) => s.id === id)
        if (existing && existing.project_ref !== ref) return errorResponse(409, CONTENT_MESSAGE.idTaken)
        if (existing && existing.owner_id !== scope.ownerId) return errorResponse(403, CONTENT_MESSAGE.notYourSnippet)
        if (existing && method === 'post') return errorResponse(409, CONTENT_MESSAGE.idTaken)
        const refused = body.visibility === 'user' ? undefined : scope.refuseSharing()
        if (refused) return refused
        const timestamp = now()
        const values: MockSnippet = {
          id,
          name: body.name,
          description: body.description ?? existing?.description ?? null,
          type: 'sql',
          visibility: body.visibility,
          owner_id: scope.ownerId,
          project_id: scope.project.id,
          project_ref: ref,
          folder_id: body.folder_id === undefined ? existing?.folder_id ?? null : body.folder_id,
          favorite: body.favorite ?? existing?.favorite ?? false,
          inserted_at: existing?.inserted_at ?? timestamp,
          updated_at: timestamp,
          content: { sql: body.content?.sql ?? existing?.content.sql ?? '', content_id: id, schema_version: '1.0' },
        }
        if (existing) ctx.db.snippets.delete((q) => q.where({ id }))
        const saved = await ctx.db.snippets.create(values)
        persistContent(ctx)
        return HttpResponse.json(publicSnippet(saved), { status: existing ? 200 : 201 })
      }),
    ),

    http.delete('*/platform/projects/:ref/content', async ({ request, params }) => {
      const ref = String(params.ref)
      const { scope, denied } = await contentScope(ctx, request, ref)
      if (denied) return denied
      const ids = idsParam(request)
      if (ids.length === 0) return errorResponse(400, 'ids is required')
      // What the member cannot see is not there for them; another member's shared snippet refuses the whole request.
      const named = ids.flatMap((id) => ctx.db.snippets.findFirst((q) => q.where({ id, project_ref: ref })) ?? []).filter(scope.visible)
      if (named.some((snippet) => snippet.owner_id !== scope.ownerId)) return errorResponse(403, CONTENT_MESSAGE.notYourSnippet)
      const deleted = named.map(({ id }) => {
        ctx.db.snippets.delete((q) => q.where({ id }))
        return id
      })
      persistContent(ctx)
      return HttpResponse.json(deleted.map((id) => ({ id })))
    }),

    ...contentFolderHandlers(ctx),
  ]
}

