import { describe, expect, it } from 'vitest'
import { createPlatformFixtures, FIXTURE_CODE_HOSTING_ACCOUNTS } from '../../fixtures/platform'
import { FIXTURE_FOLDER_NAME } from '../../fixtures/demo-world'
import { CONTENT_MESSAGE, DEMO_CREDENTIALS, PERMISSION_MESSAGE } from '../../src/constants'
import { useNodeMockPlatform } from '../testing'
import { issueAccessToken } from '../auth/access-tokens'

// Two members of Acme Corp: the demo user (signed in, owner of the seeded folder and its private
// snippet) and Octo, another member with every permission there, who attacks. Read Only Co's
// project is where the demo user may only read.
const fixtures = createPlatformFixtures()
const demo = fixtures.users.find((u) => u.email === DEMO_CREDENTIALS.email)!
const octo = fixtures.users.find((u) => u.email === FIXTURE_CODE_HOSTING_ACCOUNTS[0]!.email)!
const project = fixtures.projects.find((p) => p.organization_slug === 'acme-corp' && p.connectionString !== null)!
const readOnlyProject = fixtures.projects.find((p) => p.organization_slug === 'readonly-co')!
const myFolder = fixtures.folders.find((f) => f.project_ref === project.ref && f.name === FIXTURE_FOLDER_NAME && f.owner_gotrue_id === demo.id)!
const myPrivateSnippet = fixtures.snippets.find((s) => s.folder_id === myFolder.id)!
const base = `/platform/projects/${project.ref}/content`

const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })
const { call } = platform
const db = () => platform.mock.platform.ctx.db

/** A call as Octo: a token of their own, as the platform would issue it. */
function callAsOcto(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('authorization', `Bearer ${issueAccessToken(octo.id, 600, platform.mock.platform.ctx.tokenSigning)}`)
  if (init.body) headers.set('content-type', 'application/json')
  return call(path, { ...init, headers }, false)
}
const body = (value: unknown) => JSON.stringify(value)
const snippet = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id, name, type: 'sql', visibility: 'user', content: { sql: 'select 1' }, ...extra })
const folderNamed = (id: string) => db().folders.findFirst((q) => q.where({ id }))?.name
const snippetExists = (id: string) => db().snippets.findFirst((q) => q.where({ id })) !== undefined

describe("another member and my folder (a folder is its owner's)", () => {
  it('cannot rename it: 403 with the reason, and its name stays', async () => {
    const answer = await callAsOcto(`${base}/folders/${myFolder.id}`, { method: 'PATCH', body: body({ name: 'Taken over' }) })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ message: CONTENT_MESSAGE.notYourFolder })
    expect(folderNamed(myFolder.id)).toBe(FIXTURE_FOLDER_NAME)
  })

  it('cannot delete it: 403 with the reason, and the folder and my private snippet in it are still there', async () => {
    const answer = await callAsOcto(`${base}/folders?ids=${myFolder.id}`, { method: 'DELETE' })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ message: CONTENT_MESSAGE.notYourFolder })
    expect(folderNamed(myFolder.id)).toBe(FIXTURE_FOLDER_NAME)
    expect(snippetExists(myPrivateSnippet.id)).toBe(true)
    const mine = (await (await call(`${base}/item/${myPrivateSnippet.id}`)).json()) as { name: string; folder_id: string }
    expect(mine).toMatchObject({ name: myPrivateSnippet.name, folder_id: myFolder.id })
  })

  it('does not see it, nor open it, nor put anything in it', async () => {
    const listing = (await (await callAsOcto(`${base}/folders?type=sql`)).json()) as { data: { folders: { id: string }[] } }
    expect(listing.data.folders.map((f) => f.id)).not.toContain(myFolder.id)
    expect((await callAsOcto(`${base}/folders/${myFolder.id}`)).status).toBe(404)
    const intoIt = await callAsOcto(base, { method: 'PUT', body: body(snippet(crypto.randomUUID(), 'Planted', { folder_id: myFolder.id })) })
    expect(intoIt.status).toBe(400)
    expect(await intoIt.json()).toEqual({ message: CONTENT_MESSAGE.folderNotFound })
    const under = await callAsOcto(`${base}/folders`, { method: 'POST', body: body({ name: 'Nested', parent_id: myFolder.id }) })
    expect(under.status).toBe(400)
    expect(await under.json()).toEqual({ message: CONTENT_MESSAGE.parentFolderNotFound })
  })
})

describe('deleting my own folder', () => {
  it("takes my snippets with it but never another member's: theirs move to the top level", async () => {
    const folder = (await (await call(`${base}/folders`, { method: 'POST', body: body({ name: 'Mine to delete' }) })).json()) as { id: string }
    const minePlaced = crypto.randomUUID()
    expect((await call(base, { method: 'PUT', body: body(snippet(minePlaced, 'Mine inside', { folder_id: folder.id })) })).status).toBe(201)
    // Octo's snippet placed in my folder before folders were their owner's (records can hold it).
    const theirs = crypto.randomUUID()
    expect((await callAsOcto(base, { method: 'PUT', body: body(snippet(theirs, 'Theirs')) })).status).toBe(201)
    await db().snippets.update((q) => q.where({ id: theirs }), { data: (s) => void (s.folder_id = folder.id) })

    const deleted = await call(`${base}/folders?ids=${folder.id}`, { method: 'DELETE' })
    expect(await deleted.json()).toEqual([{ id: folder.id }])
    expect(snippetExists(minePlaced)).toBe(false)
    expect(db().snippets.findFirst((q) => q.where({ id: theirs }))?.folder_id).toBeNull()
  })
})

describe("another member and my snippets (a snippet is its owner's)", () => {
  it('cannot change or delete my shared snippet (403, nothing changes), and never sees my private one', async () => {
    const shared = crypto.randomUUID()
    expect((await call(base, { method: 'PUT', body: body(snippet(shared, 'Team query', { visibility: 'project' })) })).status).toBe(201)
    expect((await callAsOcto(`${base}/item/${shared}`)).status).toBe(200)
    const overwrite = await callAsOcto(base, { method: 'PUT', body: body(snippet(shared, 'Overwritten', { visibility: 'project' })) })
    expect(overwrite.status).toBe(403)
    expect(await overwrite.json()).toEqual({ message: CONTENT_MESSAGE.notYourSnippet })
    const removal = await callAsOcto(`${base}?ids=${shared}`, { method: 'DELETE', headers: { Version: '2' } })
    expect(removal.status).toBe(403)
    expect(await removal.json()).toEqual({ message: CONTENT_MESSAGE.notYourSnippet })
    expect(db().snippets.findFirst((q) => q.where({ id: shared }))?.name).toBe('Team query')

    expect((await callAsOcto(`${base}/item/${myPrivateSnippet.id}`)).status).toBe(404)
    const hidden = await callAsOcto(`${base}?ids=${myPrivateSnippet.id}`, { method: 'DELETE', headers: { Version: '2' } })
    expect(await hidden.json()).toEqual([])
    expect(snippetExists(myPrivateSnippet.id)).toBe(true)
  })
})

describe('a read-only member and snippets', () => {
  const readOnlyBase = `/platform/projects/${readOnlyProject.ref}/content`

  it('keeps private snippets and folders of their own', async () => {
    const id = crypto.randomUUID()
    expect((await call(readOnlyBase, { method: 'PUT', body: body(snippet(id, 'My notes')) })).status).toBe(201)
    expect((await call(`${readOnlyBase}/folders`, { method: 'POST', body: body({ name: 'My folder' }) })).status).toBe(201)
    expect((await call(`${readOnlyBase}?ids=${id}`, { method: 'DELETE', headers: { Version: '2' } })).status).toBe(200)
  })

  it('cannot share one with the project: 403 with the reason, nothing saved', async () => {
    const id = crypto.randomUUID()
    for (const visibility of ['project', 'org', 'public']) {
      const answer = await call(readOnlyBase, { method: 'PUT', body: body(snippet(id, 'Shared by a reader', { visibility })) })
      expect(answer.status, visibility).toBe(403)
      expect(await answer.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.shareSnippets) })
    }
    expect(snippetExists(id)).toBe(false)
  })
})
