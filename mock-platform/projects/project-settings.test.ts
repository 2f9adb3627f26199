import { describe, expect, it } from 'vitest'
import { projectPoolerQuery, projectSettingsQuery } from '../../src/api/queries/projects'
import { createQueryClient } from '../../src/api/query-client'
import { DEMO_CREDENTIALS, PROJECT_NAME_MESSAGE } from '../../src/constants'
import { connectionOptions } from '../../src/lib/connection-string'
import { signedInTestClient } from '../../src/test/signed-in-client'
import { useNodeMockPlatform } from '../testing'

const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })
const { call } = platform

function healthyProject() {
  const project = platform.mock.platform.db.projects.findFirst((q) => q.where({ organization_slug: 'acme-corp', status: 'ACTIVE_HEALTHY' }))
  if (!project?.connectionString) throw new Error('The fixtures have a healthy Acme Corp project')
  return project
}

describe('GET /platform/projects/{ref}/settings and …/config/supavisor', () => {
  it("settings: the direct connection's host, port, database and user — no password, no encrypted token", async () => {
    const project = healthyProject()
    const answer = await call(`/platform/projects/${project.ref}/settings`)
    expect(answer.status).toBe(200)
    const text = await answer.text()
    expect(JSON.parse(text)).toMatchObject({
      ref: project.ref,
      db_host: `db.${project.ref}.example.co`,
      db_port: 5432,
      db_name: 'postgres',
      db_user: 'postgres',
      region: project.region,
      cloud_provider: project.cloud_provider,
    })
    expect(text).not.toContain(project.connectionString)
    expect(text).not.toContain('encrypted:')
  })

  it("pooler: one entry for the primary in transaction mode on 6543, the project's ref in the user name", async () => {
    const project = healthyProject()
    const answer = await call(`/platform/projects/${project.ref}/config/supavisor`)
    expect(answer.status).toBe(200)
    const text = await answer.text()
    const entries = JSON.parse(text) as Record<string, unknown>[]
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      identifier: project.ref,
      database_type: 'PRIMARY',
      pool_mode: 'transaction',
      db_port: 6543,
      db_name: 'postgres',
      db_user: `postgres.${project.ref}`,
      connection_string: expect.stringMatching(new RegExp(`^postgresql://postgres\\.${project.ref}:\\[YOUR-PASSWORD\\]@[^/]+:6543/postgres$`)),
    })
    expect(text).not.toContain(project.connectionString)
  })

  it('an unknown project is 404; without a session, 401', async () => {
    expect((await call('/platform/projects/nosuchref/settings')).status).toBe(404)
    expect((await call('/platform/projects/nosuchref/config/supavisor')).status).toBe(404)
    expect((await call(`/platform/projects/${healthyProject().ref}/settings`, {}, false)).status).toBe(401)
  })

  it('the query factories parse both answers into the three ways to connect, none carrying the encrypted token', async () => {
    const project = healthyProject()
    const client = signedInTestClient(platform.mock.platform.db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!.id)
    const queries = createQueryClient()
    const settings = await queries.fetchQuery(projectSettingsQuery(project.ref, client))
    const pooler = await queries.fetchQuery(projectPoolerQuery(project.ref, client))
    const options = connectionOptions(settings, pooler)
    expect(options.map((o) => [o.method, o.port])).toEqual([
      ['direct', 5432],
      ['transaction', 6543],
      ['session', 5432],
    ])
    expect(options[0]!.uri).toBe(`postgresql://postgres:[YOUR-PASSWORD]@db.${project.ref}.example.co:5432/postgres`)
    expect(JSON.stringify(options)).not.toContain(project.connectionString)
    expect(JSON.stringify(options)).not.toContain('encrypted:')
  })
})

describe('POST /platform/projects: the name limit', () => {
  const body = (name: string) =>
    JSON.stringify({ name, organization_slug: 'acme-corp', db_pass: 'quartz-lantern-meadow-1947-violet', db_region: 'eu-central-1', cloud_provider: 'AWS' })

  it('a name over 64 characters is refused with a message, not cut', async () => {
    const answer = await call('/platform/projects', { method: 'POST', body: body('n'.repeat(65)) })
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ message: PROJECT_NAME_MESSAGE.tooLong(65) })
    expect(platform.mock.platform.db.projects.findMany().some((p) => p.name.startsWith('n'.repeat(64)))).toBe(false)
  })

  it('exactly 64 characters (emoji count as one) are kept whole', async () => {
    const name = `${'🚀'.repeat(4)}${'m'.repeat(60)}`
    const answer = await call('/platform/projects', { method: 'POST', body: body(name) })
    expect(answer.status).toBe(201)
    expect(((await answer.json()) as { name: string }).name).toBe(name)
  })
})
