import { getResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, SELF_HOSTED } from '../../src/constants'
import { createMockPlatform } from '../platform'
import { startMockPlatformServer } from '../server'

// The settings answer needs no connection: the server is named, never reached, by these tests.
const DATABASE_URL = 'postgres://alice:s3cret-Pa55@db.internal.example:6000/admin?sslmode=require'

let running: Awaited<ReturnType<typeof startMockPlatformServer>>
let token = ''
beforeAll(async () => {
  running = await startMockPlatformServer({ port: 0, databaseUrl: DATABASE_URL })
  const signIn = await fetch(`${running.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CREDENTIALS),
  })
  token = ((await signIn.json()) as { access_token: string }).access_token
})
afterAll(() => running.close())

const get = (path: string) => fetch(`${running.url}${path}`, { headers: { authorization: `Bearer ${token}` } })

describe('connection details over DATABASE_URL (the standalone server on a real PostgreSQL)', () => {
  it("name that server: its host and port, the project's own database and its login role, never the URL's user or password", async () => {
    const project = running.platform.db.projects.findFirst((q) => q.where({ organization_slug: 'acme-corp', status: 'ACTIVE_HEALTHY' }))!
    const answer = await get(`/platform/projects/${project.ref}/settings`)
    expect(answer.status).toBe(200)
    const text = await answer.text()
    expect(JSON.parse(text)).toMatchObject({ db_host: 'db.internal.example', db_port: 6000, db_user: `studio_${project.ref}_user`, db_name: `studio_${project.ref}` })
    expect(text).not.toContain('s3cret')
    expect(text).not.toContain('alice')
    // No pooler in front of a plain server: the dashboard offers the direct connection only.
    const pooler = await get(`/platform/projects/${project.ref}/config/supavisor`)
    expect(await pooler.json()).toEqual([])
  })
})

describe('connection details of a self-hosted instance', () => {
  it("the instance's own host, Postgres's port and user; no pooler", async () => {
    const platform = await createMockPlatform({ selfHosted: true, databases: () => Promise.reject(new Error('not needed')) })
    const answer = (path: string) => getResponse(platform.handlers(), new Request(`http://localhost/api/platform/projects/${SELF_HOSTED.projectRef}${path}`))
    expect(await (await answer('/settings'))!.json()).toMatchObject({ db_host: 'localhost', db_port: 5432, db_name: 'postgres', db_user: 'postgres' })
    expect(await (await answer('/config/supavisor'))!.json()).toEqual([])
  })
})
