import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { CONTENT_MESSAGE } from '../../src/constants'
import { persistContent } from '../content/content-persistence'
import type { PlatformContext } from '../context'
import { contentScope, folderListing, idsParam, invalid, NameSchema, publicFolder, UuidSchema, type ContentScope } from './content-scope'
import { errorResponse, readJson } from './util'

const FolderCreateSchema = v.object({ name: NameSchema, parent_id: v.nullish(UuidSchema), parentId: v.nullish(UuidSchema) })
const FolderRenameSchema = v.object({ name: NameSchema })

const nameTaken = (name: string) => errorResponse(400, `A folder named "${name}" already exists here`)

/** SQL snippet folders (PLATFORM-API §4): each is its owner's alone (content-scope.ts). */
export function contentFolderHandlers(ctx: PlatformContext) {
  /** The member's own folder named `name` under `parentId`: names are unique among one's own folders only. */
  function ownFolderNamed(scope: ContentScope, parentId: string | null, name: string) {
    return ctx.db.folders.findFirst((q) => q.where({ project_ref: scope.project.ref, parent_id: parentId, owner_id: scope.ownerId, name }))
  }

  /** A folder of the project another member owns, by id: the 403 answer then, else undefined. */
  function refuseOthers(scope: ContentScope, ids: readonly string[]) {
    const others = ids.some((id) => {
      const folder = ctx.db.folders.findFirst((q) => q.where({ id, project_ref: scope.project.ref }))
      return folder !== undefined && folder.owner_id !== scope.ownerId
    })
    return others ? errorResponse(403, CONTENT_MESSAGE.notYourFolder) : undefined
  }

  return [
    http.get('*/platform/projects/:ref/content/folders', async ({ request, params }) => {
      const { scope, denied } = await contentScope(ctx, request, String(params.ref))
      if (denied) return denied
      return HttpResponse.json({ data: folderListing(ctx, scope, null, new URL(request.url).searchParams.get('name')) })
    }),

    http.get('*/platform/projects/:ref/content/folders/:id', async ({ request, params }) => {
      const { scope, denied } = await contentScope(ctx, request, String(params.ref))
      if (denied) return denied
      const id = String(params.id)
      if (!scope.ownFolder(id)) return errorResponse(404, CONTENT_MESSAGE.folderMissing)
      return HttpResponse.json({ data: folderListing(ctx, scope, id, new URL(request.url).searchParams.get('name')) })
    }),

    http.post('*/platform/projects/:ref/content/folders', async ({ request, params }) => {
      const { scope, denied } = await contentScope(ctx, request, String(params.ref))
      if (denied) return denied
      const parsed = v.safeParse(FolderCreateSchema, await readJson(request))
      if (!parsed.success) return invalid(parsed.issues)
      const parentId = parsed.output.parent_id ?? parsed.output.parentId ?? null
      if (parentId && !scope.ownFolder(parentId)) return errorResponse(400, CONTENT_MESSAGE.parentFolderNotFound)
      if (ownFolderNamed(scope, parentId, parsed.output.name)) return nameTaken(parsed.output.name)
      const folder = await ctx.db.folders.create({
        id: crypto.randomUUID(),
        name: parsed.output.name,
        owner_id: scope.ownerId,
        parent_id: parentId,
        project_id: scope.project.id,
        project_ref: scope.project.ref,
      })
      persistContent(ctx)
      return HttpResponse.json(publicFolder(folder), { status: 201 })
    }),

    http.patch('*/platform/projects/:ref/content/folders/:id', async ({ request, params }) => {
      const { scope, denied } = await contentScope(ctx, request, String(params.ref))
      if (denied) return denied
      const id = String(params.id)
      const folder = ctx.db.folders.findFirst((q) => q.where({ id, project_ref: scope.project.ref }))
      if (!folder) return errorResponse(404, CONTENT_MESSAGE.folderMissing)
      const refused = refuseOthers(scope, [id])
      if (refused) return refused
      const parsed = v.safeParse(FolderRenameSchema, await readJson(request))
      if (!parsed.success) return invalid(parsed.issues)
      const name = parsed.output.name
      const clash = ownFolderNamed(scope, folder.parent_id, name)
      if (clash && clash.id !== id) return nameTaken(name)
      await ctx.db.folders.update((q) => q.where({ id }), { data: (f) => void (f.name = name) })
      persistContent(ctx)
      return HttpResponse.json({ data: folderListing(ctx, scope, id, null) })
    }),

    http.delete('*/platform/projects/:ref/content/folders', async ({ request, params }) => {
      const { scope, denied } = await contentScope(ctx, request, String(params.ref))
      if (denied) return denied
      const ids = idsParam(request)
      if (ids.length === 0) return errorResponse(400, 'ids is required')
      const refused = refuseOthers(scope, ids)
      if (refused) return refused
      const doomed = ownFoldersWithin(ctx, scope, ids)
      const ref = scope.project.ref
      for (const id of doomed) {
        // The member's snippets go with the folder; anyone else's (placed there before folders were
        // their owner's) and anyone else's folder inside move to the top level: never deleted.
        ctx.db.snippets.deleteMany((q) => q.where({ project_ref: ref, folder_id: id, owner_id: scope.ownerId }))
        await ctx.db.snippets.updateMany((q) => q.where({ project_ref: ref, folder_id: id }), { data: (s) => void (s.folder_id = null) })
        await ctx.db.folders.updateMany((q) => q.where({ project_ref: ref, parent_id: id }), { data: (f) => void (f.parent_id = null) })
        ctx.db.folders.delete((q) => q.where({ id }))
      }
      persistContent(ctx)
      return HttpResponse.json([...doomed].map((id) => ({ id })))
    }),
  ]
}

/** The member's folders named by `ids` and every folder of theirs nested inside them. */
function ownFoldersWithin(ctx: PlatformContext, scope: ContentScope, ids: readonly string[]): Set<string> {
  const doomed = new Set(ids.filter((id) => scope.ownFolder(id)))
  let grew = true
  while (grew) {
    grew = false
    for (const folder of ctx.db.folders.findMany((q) => q.where({ project_ref: scope.project.ref, owner_id: scope.ownerId }))) {
      if (folder.parent_id && doomed.has(folder.parent_id) && !doomed.has(folder.id)) {
        doomed.add(folder.id)
        grew = true
      }
    }
  }
  return doomed
}
