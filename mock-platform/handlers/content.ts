import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { persistContent, restoreContent } from '../content-persistence'
import type { PlatformContext } from '../context'
import type { MockFolder, MockProject, MockSnippet } from '../db'
import { authenticate, authorizeProject, errorResponse, readJson } from './util'

const UuidSchema = v.pipe(v.string(), v.uuid())
const NameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'Name is required'), v.maxLength(256, 'Name must be 256 characters or fewer'))

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
const FolderCreateSchema = v.object({ name: NameSchema, parent_id: v.nullish(UuidSchema), parentId: v.nullish(UuidSchema) })
const FolderRenameSchema = v.object({ name: NameSchema })

/** Drops what only the mock knows before answering. */
function publicSnippet({ project_ref: _ref, ...snippet }: MockSnippet) {
  return snippet
}
function publicFolder({ project_ref: _ref, ...folder }: MockFolder) {
  return folder
}
function withoutBody({ content: _content, ...snippet }: ReturnType<typeof publicSnippet>) {
  return snippet
}

function invalid(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) {
  return errorResponse(400, issues[0].message)
}

/** A signed-in member's view of one project's content: who they are and what they may see. */
async function contentScope(ctx: PlatformContext, request: Request, ref: string) {
  const { project, denied } = await authorizeProject(ctx, request, ref)
  if (denied) return { denied }
  const { user } = authenticate(ctx, request)
  const profile = ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: user!.id }))
  if (!profile) return { denied: errorResponse(404, "User's profile not found") }
  await restoreContent(ctx)
  const visible = (item: { owner_id: number; visibility?: string }) => item.visibility !== 'user' || item.owner_id === profile.id
  return { project: project as MockProject, ownerId: profile.id, visible, denied: undefined }
}

function idsParam(request: Request): string[] {
  return (new URL(request.url).searchParams.get('ids') ?? '').split(',').filter(Boolean)
}

/** SQL snippets and their folders (PLATFORM-API §4), kept across reloads in the browser. */
export function contentHandlers(ctx: PlatformContext) {
  const now = () => new Date().toISOString()

  function folderBelongs(ref: string, folderId: string | null | undefined) {
    return !folderId || ctx.db.folders.findFirst((q) => q.where({ id: folderId, project_ref: ref })) !== undefined
  }

  return [
    http.get('*/platform/projects/:ref/content', async ({ request, params }) => {
      const ref = String(params.ref)
      const scope = await contentScope(ctx, request, ref)
      if (scope.denied) return scope.denied
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
      const scope = await contentScope(ctx, request, ref)
      if (scope.denied) return scope.denied
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
      const scope = await contentScope(ctx, request, ref)
      if (scope.denied) return scope.denied
      const snippet = ctx.db.snippets.findFirst((q) => q.where({ project_ref: ref, id: String(params.id) }))
      if (!snippet || !scope.visible(snippet)) return errorResponse(404, 'Content not found')
      return HttpResponse.json(publicSnippet(snippet))
    }),

    // POST creates; PUT creates or replaces by id (the editor's autosave).
    ...(['post', 'put'] as const).map((method) =>
      http[method]('*/platform/projects/:ref/content', async ({ request, params }) => {
        const ref = String(params.ref)
        const scope = await contentScope(ctx, request, ref)
        if (scope.denied) return scope.denied
        const parsed = v.safeParse(SnippetWriteSchema, await readJson(request))
        if (!parsed.success) return invalid(parsed.issues)
        const body = parsed.output
        if (method === 'put' && !body.id) return errorResponse(400, 'id is required to update content')
        if (!folderBelongs(ref, body.folder_id)) return errorResponse(400, 'Folder not found in this project')
        const id = body.id ?? crypto.randomUUID()
        const existing = ctx.db.snippets.findFirst((q) => q.where({ id }))
        if (existing && (existing.project_ref !== ref || existing.owner_id !== scope.ownerId)) return errorResponse(403, 'You cannot change this content')
        if (existing && method === 'post') return errorResponse(409, 'Content with this id already exists')
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
      const scope = await contentScope(ctx, request, ref)
      if (scope.denied) return scope.denied
      const ids = idsParam(request)
      if (ids.length === 0) return errorResponse(400, 'ids is required')
      const deleted = ids.filter((id) => {
        const snippet = ctx.db.snippets.findFirst((q) => q.where({ id, project_ref: ref }))
        if (!snippet || snippet.owner_id !== scope.ownerId) return false
        ctx.db.snippets.delete((q) => q.where({ id }))
        return true
      })
      persistContent(ctx)
      return HttpResponse.json(deleted.map((id) => ({ id })))
    }),

    http.get('*/platform/projects/:ref/content/folders', async ({ request, params }) => {
      const ref = String(params.ref)
      const scope = await contentScope(ctx, request, ref)
      if (scope.denied) return scope.denied
      return HttpResponse.json({ data: folderListing(ctx, ref, null, scope.visible, new URL(request.url).searchParams.get('name')) })
    }),

    http.get('*/platform/projects/:ref/content/folders/:id', async ({ request, params }) => {
      const ref = String(params.ref)
      const scope = await contentScope(ctx, request, ref)
      if (scope.denied) return scope.denied
      if (!folderBelongs(ref, String(params.id))) return errorResponse(404, 'Folder not found')
      return HttpResponse.json({ data: folderListing(ctx, ref, String(params.id), scope.visible, new URL(request.url).searchParams.get('name')) })
    }),

    http.post('*/platform/projects/:ref/content/folders', async ({ request, params }) => {
      const ref = String(params.ref)
      const scope = await contentScope(ctx, request, ref)
      if (scope.denied) return scope.denied
      const parsed = v.safeParse(FolderCreateSchema, await readJson(request))
      if (!parsed.success) return invalid(parsed.issues)
      const parentId = parsed.output.parent_id ?? parsed.output.parentId ?? null
      if (!folderBelongs(ref, parentId)) return errorResponse(400, 'Parent folder not found in this project')
      const clash = ctx.db.folders.findFirst((q) => q.where({ project_ref: ref, parent_id: parentId, name: parsed.output.name }))
      if (clash) return errorResponse(400, `A folder named "${parsed.output.name}" already exists here`)
      const folder = await ctx.db.folders.create({
        id: crypto.randomUUID(),
        name: parsed.output.name,
        owner_id: scope.ownerId,
        parent_id: parentId,
        project_id: scope.project.id,
        project_ref: ref,
      })
      persistContent(ctx)
      return HttpResponse.json(publicFolder(folder), { status: 201 })
    }),

    http.patch('*/platform/projects/:ref/content/folders/:id', async ({ request, params }) => {
      const ref = String(params.ref)
      const scope = await contentScope(ctx, request, ref)
      if (scope.denied) return scope.denied
      const id = String(params.id)
      const folder = ctx.db.folders.findFirst((q) => q.where({ id, project_ref: ref }))
      if (!folder) return errorResponse(404, 'Folder not found')
      const parsed = v.safeParse(FolderRenameSchema, await readJson(request))
      if (!parsed.success) return invalid(parsed.issues)
      const name = parsed.output.name
      const clash = ctx.db.folders.findFirst((q) => q.where({ project_ref: ref, parent_id: folder.parent_id, name }))
      if (clash && clash.id !== id) return errorResponse(400, `A folder named "${name}" already exists here`)
      await ctx.db.folders.update((q) => q.where({ id }), { data: (f) => void (f.name = name) })
      persistContent(ctx)
      return HttpResponse.json({ data: folderListing(ctx, ref, id, scope.visible, null) })
    }),

    http.delete('*/platform/projects/:ref/content/folders', async ({ request, params }) => {
      const ref = String(params.ref)
      const scope = await contentScope(ctx, request, ref)
      if (scope.denied) return scope.denied
      const ids = idsParam(request)
      if (ids.length === 0) return errorResponse(400, 'ids is required')
      // A folder goes with everything inside it, nested folders included.
      const doomed = new Set(ids.filter((id) => folderBelongs(ref, id)))
      let grew = true
      while (grew) {
        grew = false
        for (const folder of ctx.db.folders.findMany((q) => q.where({ project_ref: ref }))) {
          if (folder.parent_id && doomed.has(folder.parent_id) && !doomed.has(folder.id)) {
            doomed.add(folder.id)
            grew = true
          }
        }
      }
      for (const id of doomed) {
        ctx.db.snippets.deleteMany((q) => q.where({ project_ref: ref, folder_id: id }))
        ctx.db.folders.delete((q) => q.where({ id }))
      }
      persistContent(ctx)
      return HttpResponse.json([...doomed].map((id) => ({ id })))
    }),
  ]
}

function folderListing(ctx: PlatformContext, ref: string, parentId: string | null, visible: (s: MockSnippet) => boolean, name: string | null) {
  const needle = name?.toLowerCase()
  const folders = ctx.db.folders
    .findMany((q) => q.where({ project_ref: ref, parent_id: parentId }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(publicFolder)
  const contents = ctx.db.snippets
    .findMany((q) => q.where({ project_ref: ref, folder_id: parentId }))
    .filter(visible)
    .filter((s) => !needle || s.name.toLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => withoutBody(publicSnippet(s)))
  return { folders, contents }
}
