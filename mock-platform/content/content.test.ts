import { describe, expect, it, vi } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS } from '../../src/constants'
import { MOCK_CONTENT_STORAGE_KEY, UNSTORABLE_TEXT_MESSAGE } from '../../src/constants'
import { createMockPlatform } from '../platform'
import { MemoryStorage } from '../../src/test/memory-storage'
import { useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const project = fixtures.projects.find((p) => p.connectionString !== null && p.organization_slug === 'acme-corp')!
const base = `/platform/projects/${project.ref}/content`

const storage = new MemoryStorage()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS, contentStorage: storage })
const { call } = platform
const json = (body: unknown) => ({ body: JSON.stringify(body) })
const snippetBody = (id: string, name: string, sql: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  type: 'sql',
  visibility: 'user',
  content: { sql },
  ...extra,
})

describe('content endpoints', () => {
  it('list the seeded snippets and folders of the project', async () => {
    const list = (await (await call(`${base}?type=sql&sort_by=name&sort_order=asc`)).json()) as { data: { name: string; folder_id: string | null }[] }
    expect(list.data.map((s) => s.name)).toEqual(['Recent orders', 'Table sizes'])
    const folders = (await (await call(`${base}/folders?type=sql`)).json()) as { data: { folders: { id: string; name: string }[]; contents: object[] } }
    expect(folders.data.folders.map((f) => f.name)).toEqual(['Maintenance'])
    // The root listing holds only the snippet outside the folder, without its SQL.
    expect(folders.data.contents).toHaveLength(1)
    expect(folders.data.contents[0]).not.toHaveProperty('content')
    const inside = (await (await call(`${base}/folders/${folders.data.folders[0]!.id}`)).json()) as { data: { contents: { name: string }[] } }
    expect(inside.data.contents.map((s) => s.name)).toEqual(['Table sizes'])
  })

  it('create with PUT, update by id, read back, count and delete', async () => {
    const id = crypto.randomUUID()
    const created = await call(base, { method: 'PUT', ...json(snippetBody(id, 'Scratch', 'select 1')) })
    expect(created.status).toBe(201)
    const updated = await call(base, { method: 'PUT', ...json(snippetBody(id, 'Scratch 2', 'select 2', { favorite: true })) })
    expect(updated.status).toBe(200)
    const item = (await (await call(`${base}/item/${id}`)).json()) as { name: string; favorite: boolean; content: { sql: string } }
    expect(item).toMatchObject({ name: 'Scratch 2', favorite: true, content: { sql: 'select 2' } })
    expect(await (await call(`${base}/count?type=sql`)).json()).toEqual({ favorites: 2, private: 3, shared: 0 })
    const deleted = await call(`${base}?ids=${id}`, { method: 'DELETE', headers: { Version: '2' } })
    expect(await deleted.json()).toEqual([{ id }])
    expect((await call(`${base}/item/${id}`)).status).toBe(404)
  })

  it('refuse bad bodies with a clear message', async () => {
    const noName = await call(base, { method: 'POST', ...json({ name: '  ', type: 'sql', content: { sql: '' } }) })
    expect(noName.status).toBe(400)
    expect(await noName.json()).toEqual({ message: 'Name is required' })
    const putWithoutId = await call(base, { method: 'PUT', ...json({ name: 'x', type: 'sql' }) })
    expect(putWithoutId.status).toBe(400)
    const strayFolder = await call(base, { method: 'POST', ...json({ name: 'x', type: 'sql', folder_id: crypto.randomUUID() }) })
    expect(await strayFolder.json()).toEqual({ message: 'Folder not found in this project' })
  })

  it('create, rename and delete folders; a deleted folder takes its snippets with it', async () => {
    const created = await call(`${base}/folders`, { method: 'POST', ...json({ name: 'Reports' }) })
    expect(created.status).toBe(201)
    const folder = (await created.json()) as { id: string; parent_id: string | null }
    expect(folder.parent_id).toBeNull()
    const clash = await call(`${base}/folders`, { method: 'POST', ...json({ name: 'Reports' }) })
    expect(await clash.json()).toEqual({ message: 'A folder named "Reports" already exists here' })
    const renamed = await call(`${base}/folders/${folder.id}`, { method: 'PATCH', ...json({ name: 'Weekly reports' }) })
    expect(renamed.status).toBe(200)
    const id = crypto.randomUUID()
    await call(base, { method: 'PUT', ...json(snippetBody(id, 'Inside', 'select 1', { folder_id: folder.id })) })
    const deleted = await call(`${base}/folders?ids=${folder.id}`, { method: 'DELETE' })
    expect(await deleted.json()).toEqual([{ id: folder.id }])
    expect((await call(`${base}/item/${id}`)).status).toBe(404)
  })

  it('refuse text PostgreSQL cannot store as the served platform does: 400 naming the field, nothing kept', async () => {
    const id = crypto.randomUUID()
    const nul = await call(base, { method: 'PUT', ...json(snippetBody(id, 'Nul', 'select 1\u0000')) })
    expect(nul.status).toBe(400)
    expect(await nul.json()).toEqual({ message: UNSTORABLE_TEXT_MESSAGE('content.sql', 'U+0000') })
    expect((await call(`${base}/item/${id}`)).status).toBe(404)
    expect((await call(base, { method: 'PUT', ...json(snippetBody(id, 'Kept', 'select 2')) })).status).toBe(201)
    // An update with half a surrogate pair: the snippet stays as it was, in memory and in browser storage.
    const half = await call(base, { method: 'PUT', ...json(snippetBody(id, 'Half \udc00', 'select 3')) })
    expect(await half.json()).toEqual({ message: UNSTORABLE_TEXT_MESSAGE('name', 'U+DC00') })
    expect(await (await call(`${base}/item/${id}`)).json()).toMatchObject({ name: 'Kept', content: { sql: 'select 2' } })
    expect(storage.getItem(MOCK_CONTENT_STORAGE_KEY(false))).not.toContain('select 3')
  })

  it('answer 401 without a session and 404 for a project the user cannot reach', async () => {
    expect((await call(`${base}?type=sql`, {}, false)).status).toBe(401)
    expect((await call('/platform/projects/nosuchprojectref/content')).status).toBe(404)
  })
})

describe('content kept in browser storage', () => {
  it('survives a new mock platform (a reload) and reaches another one sharing the storage (a tab)', async () => {
    const id = crypto.randomUUID()
    await call(base, { method: 'PUT', ...json(snippetBody(id, 'Kept', 'select 42')) })
    const reloaded = await createMockPlatform({ databases: () => Promise.reject(new Error('no database needed')), contentStorage: storage })
    // The reloaded platform reads storage on its first content request; do what a handler does.
    const { restoreContent } = await import('./content-persistence')
    await restoreContent(reloaded.ctx)
    expect(reloaded.db.snippets.findFirst((q) => q.where({ id }))?.content.sql).toBe('select 42')
    // A write from the other "tab" shows up here on the next request.
    await reloaded.db.snippets.update((q) => q.where({ id }), { data: (s) => void (s.name = 'Kept elsewhere') })
    const { persistContent } = await import('./content-persistence')
    persistContent(reloaded.ctx)
    const item = (await (await call(`${base}/item/${id}`)).json()) as { name: string }
    expect(item.name).toBe('Kept elsewhere')
  })

  it('discards corrupt stored content with a warning and keeps serving', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storage.setItem(MOCK_CONTENT_STORAGE_KEY(false), '{"revision":"broken","snippets":[{"id":1}]}')
    const answer = await call(`${base}?type=sql`)
    expect(answer.status).toBe(200)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Discarded invalid "studio.mock-platform.content.platform"'))
    expect(storage.getItem(MOCK_CONTENT_STORAGE_KEY(false))).toBeNull()
    warn.mockRestore()
  })
})
