/**
 * What the content endpoints (PLATFORM-API §4) share: who is asking, and the rules of who may see
 * and change what. The server decides them (SPEC §6), whatever the dashboard shows.
 *
 * Decisions (the platform's API has `owner_id` and `visibility` and says no more):
 * - A snippet is its owner's: only they change or delete it. `user` visibility is theirs alone to
 *   see; `project`, `org` and `public` show it to the project's other members, read-only.
 * - Every member keeps private snippets and folders of their own, a read-only member included: they
 *   are notes, not a change to the project (the editor saves as one types). Sharing one changes what
 *   the others see, so it needs what the platform's `user_content` creation needs (PermissionAction
 *   CREATE), which a read-only member lacks.
 * - A folder is its owner's: the way they sort their snippets. Nobody else sees it, renames it,
 *   deletes it or puts anything in it; deleting it never deletes another member's snippet.
 */
import * as v from 'valibot'
import { PERMISSION_MESSAGE, PERMISSION_RESOURCES } from '../../src/constants'
import { PermissionAction } from '../../src/lib/permissions'
import { restoreContent } from '../content/content-persistence'
import type { PlatformContext } from '../context'
import type { MockFolder, MockProject, MockSnippet } from '../records/db'
import { authorizeProject, errorResponse, refuseWithout, type RequiredPermission } from './util'

export const UuidSchema = v.pipe(v.string(), v.uuid())
export const NameSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'Name is required'), v.maxLength(256, 'Name must be 256 characters or fewer'))

/** What sharing a snippet with the project needs (the platform's `user_content` creation). */
export const SHARE_SNIPPETS_PERMISSION: RequiredPermission = {
  action: PermissionAction.CREATE,
  resource: PERMISSION_RESOURCES.userContent,
  what: PERMISSION_MESSAGE.shareSnippets,
}

export function invalid(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) {
  return errorResponse(400, issues[0].message)
}

export function idsParam(request: Request): string[] {
  return (new URL(request.url).searchParams.get('ids') ?? '').split(',').filter(Boolean)
}

/** A signed-in member's view of one project's content. */
export interface ContentScope {
  project: MockProject
  /** The member's profile id: what `owner_id` holds. */
  ownerId: number
  /** Whether the member may see a snippet. */
  visible: (snippet: Pick<MockSnippet, 'owner_id' | 'visibility'>) => boolean
  /** The member's own folder of the project with this id, or undefined. */
  ownFolder: (id: string | null | undefined) => MockFolder | undefined
  /** The 403 answer when the member may not share snippets, else undefined. */
  refuseSharing: () => Response | undefined
}

export async function contentScope(ctx: PlatformContext, request: Request, ref: string): Promise<{ scope: ContentScope; denied?: never } | { scope?: never; denied: Response }> {
  const { user, project, denied } = await authorizeProject(ctx, request, ref)
  if (denied) return { denied }
  const profile = ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: user.id }))
  if (!profile) return { denied: errorResponse(404, "User's profile not found") }
  await restoreContent(ctx)
  const ownerId = profile.id
  return {
    scope: {
      project,
      ownerId,
      visible: (snippet) => snippet.visibility !== 'user' || snippet.owner_id === ownerId,
      ownFolder: (id) => (id ? ctx.db.folders.findFirst((q) => q.where({ id, project_ref: ref, owner_id: ownerId })) : undefined),
      refuseSharing: () => refuseWithout(ctx, user.id, SHARE_SNIPPETS_PERMISSION, { organizationSlug: project.organization_slug, projectRef: ref }),
    },
  }
}

/** Drops what only the mock knows before answering. */
export function publicSnippet({ project_ref: _ref, ...snippet }: MockSnippet) {
  return snippet
}
export function publicFolder({ project_ref: _ref, ...folder }: MockFolder) {
  return folder
}
function withoutBody({ content: _content, ...snippet }: ReturnType<typeof publicSnippet>) {
  return snippet
}

/**
 * One level of the member's folder tree: their folders under `parentId`, and the snippets they may
 * see there. At the top level that includes snippets shared from inside another member's folder,
 * which this member does not see.
 */
export function folderListing(ctx: PlatformContext, scope: ContentScope, parentId: string | null, name: string | null) {
  const ref = scope.project.ref
  const needle = name?.toLowerCase()
  const folders = ctx.db.folders
    .findMany((q) => q.where({ project_ref: ref, parent_id: parentId, owner_id: scope.ownerId }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(publicFolder)
  const placedHere = (snippet: MockSnippet) => (parentId === null ? !scope.ownFolder(snippet.folder_id) : snippet.folder_id === parentId)
  const contents = ctx.db.snippets
    .findMany((q) => q.where({ project_ref: ref }))
    .filter(scope.visible)
    .filter(placedHere)
    .filter((s) => !needle || s.name.toLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => withoutBody(publicSnippet(s)))
  return { folders, contents }
}
