/**
 * The database password a served project's people connect with (issue 52): set as the project is
 * made, reset from its settings, held by the server only as a SCRAM verifier, and the login it
 * belongs to becomes the project's owner and reaches no other database. CI's server trusts local
 * connections, so what proves the password is the verifier Postgres keeps, checked against it.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectDatabaseName } from '../postgres/server-address'
import { projectRoles, roleUrl, withAdmin } from '../postgres/server-tenancy'
import { scramVerifier } from '../auth/scram-verifier'
import { CLIENT_ADDRESS_HEADER } from '../../src/constants'
import { apiAs, signUp, startTestServer, type TestServer } from './testing'

const databaseUrl = process.env['DATABASE_URL']
const PREFIX = 'studio_dbpass_test_'
const SCHEMA = `studio_dbpass_test_platform_${process.pid}`
const FIRST = 'amber-Kettle-52-orchard!violin'
const SECOND = 'cobalt-Meadow-38-harvest?lynx'

/** Whether the verifier Postgres keeps for `role` is one of `password`. */
async function holdsPassword(role: string, password: string): Promise<boolean> {
  const stored = await withAdmin(databaseUrl!, 10_000, async (admin) => (await admin.query<{ rolpassword: string | null }>('select rolpassword from pg_authid where rolname = $1', [role])).rows[0]?.rolpassword ?? null)
  const match = stored && /^SCRAM-SHA-256\$(\d+):([^$]+)\$/.exec(stored)
  if (!match) return false
  return (await scramVerifier(password, Uint8Array.from(atob(match[2]!), (c) => c.charCodeAt(0)), Number(match[1]))) === stored
}

describe.runIf(databaseUrl)("a served project's database password", () => {
  let server: TestServer
  let owner: ReturnType<typeof apiAs>
  let ref: string
  let name: string
  let slug: string

  beforeAll(async () => {
    server = await startTestServer(PREFIX, SCHEMA)
    owner = apiAs(server.running, await signUp(server.running, `dbpass-${process.pid}@example.com`, FIRST))
    await owner.call('/platform/profile', { method: 'POST' })
    ;({ slug } = (await owner.call('/platform/organizations', { method: 'POST', body: { name: 'Password Labs', tier: 'tier_free' } })).body as { slug: string })
    const project = await owner.call('/platform/projects', { method: 'POST', body: { name: 'Keyed', organization_slug: slug, db_pass: FIRST, db_region: 'us-east-1', cloud_provider: 'AWS' } })
    expect(project.status).toBe(201)
    ref = (project.body as { ref: string }).ref
    name = projectDatabaseName(ref, PREFIX)
    for (let poll = 0; poll < 10; poll++) {
      if (((await owner.call(`/platform/projects/${ref}`)).body as { status: string }).status === 'ACTIVE_HEALTHY') break
    }
    expect((await owner.sql(ref, 'select 1')).status).toBe(200)
  }, 120_000)
  afterAll(() => server?.stop(), 60_000)

  it('is the one chosen at creation, held as a verifier; the login becomes the owner and reaches its database only', async () => {
    const { login, owner: ownerRole } = projectRoles(name)
    expect(await holdsPassword(login, FIRST)).toBe(true)
    expect(await holdsPassword(login, SECOND)).toBe(false)
    const url = new URL(roleUrl(databaseUrl!, login))
    url.password = encodeURIComponent(FIRST)
    url.pathname = `/${name}`
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    try {
      const { rows } = await client.query('select current_user as acting, session_user as signed_in, (select rolsuper from pg_roles where rolname = session_user) as superuser')
      expect(rows).toEqual([{ acting: ownerRole, signed_in: login, superuser: false }])
      await client.query('create table made_by_login (id int)')
      expect((await client.query(`select tableowner from pg_tables where tablename = 'made_by_login'`)).rows).toEqual([{ tableowner: ownerRole }])
    } finally {
      await client.end()
    }
    // Not the server's own database, nor the platform's records.
    url.pathname = '/postgres'
    const elsewhere = new pg.Client({ connectionString: url.toString() })
    await expect(elsewhere.connect()).rejects.toThrow(/permission denied for database|not permitted to log in/)
  })

  it('is reset from the settings: the new one is held, the old one no longer', async () => {
    // A caller's own claim to an address is not believed: the server writes the socket's.
    const reset = await owner.call(`/platform/projects/${ref}/db-password`, { method: 'PATCH', body: { password: SECOND }, headers: { [CLIENT_ADDRESS_HEADER]: '203.0.113.66' } })
    expect(reset.status).toBe(200)
    const audit = (await owner.call(`/platform/organizations/${slug}/audit`)).body as { result: { action: { name: string }; actor: { metadata: { ip: string }[] } }[] }
    expect(audit.result.map((e) => e.action.name)).toEqual(['Reset the database password', 'Created a project', 'Created an organization'])
    expect(audit.result[0]!.actor.metadata[0]!.ip).toMatch(/127\.0\.0\.1|::1/)
    const { login } = projectRoles(name)
    expect(await holdsPassword(login, SECOND)).toBe(true)
    expect(await holdsPassword(login, FIRST)).toBe(false)
    // Reopening the database (its roles brought back to what they must be) keeps the user's password.
    await server.running.platform.ctx.databases().then((provider) => provider.closeAll())
    expect((await owner.sql(ref, 'select 1')).status).toBe(200)
    expect(await holdsPassword(login, SECOND)).toBe(true)
  })

  it('goes with the project: the login role is dropped with its database', async () => {
    expect((await owner.call(`/platform/projects/${ref}`, { method: 'DELETE' })).status).toBe(200)
    const left = await withAdmin(databaseUrl!, 10_000, async (admin) => (await admin.query('select rolname from pg_roles where starts_with(rolname, $1)', [name])).rows)
    expect(left).toEqual([])
  })
})
