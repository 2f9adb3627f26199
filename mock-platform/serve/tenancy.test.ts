/**
 * The served Studio as an attacker tries it (issue 47): a new sign-up's project SQL must never be
 * the cluster's superuser, reach the platform's records or another tenant's database; a read-only
 * member must read neither Vault's key nor another tenant's running SQL.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../../src/constants'
import { issueAccessToken } from '../auth/access-tokens'
import { projectDatabaseName } from '../postgres/server-address'
import { platformAdminRequiredMessage, projectRoles } from '../postgres/server-tenancy'
import { sqlIdent } from '../../src/lib/sql/quote'
import { apiAs, signUp, startTestServer, type TestServer } from './testing'

const databaseUrl = process.env['DATABASE_URL']
const PREFIX = 'studio_tenancy_test_'
const SCHEMA = `studio_tenancy_test_platform_${process.pid}`
const PASSWORD = 'violet-Tractor-91-lagoon!quill'

type Api = ReturnType<typeof apiAs>
type Answer = Awaited<ReturnType<Api['sql']>>
const rowsOf = (answer: Answer) => answer.body as Record<string, unknown>[]
const errorOf = (answer: Answer) => answer.body as { code?: string; message: string }

describe.runIf(databaseUrl)('the served Studio, tried as an attacker would (DATABASE_URL)', () => {
  let server: TestServer
  let attacker: Api
  let ref: string
  let demo: Api
  /** An active project of another organization (the demo user's Acme Corp), its database opened. */
  let victimRef: string

  beforeAll(async () => {
    server = await startTestServer(PREFIX, SCHEMA)
    attacker = apiAs(server.running, await signUp(server.running, `attacker-${process.pid}@example.com`, PASSWORD))
    await attacker.call('/platform/profile', { method: 'POST' })
    const organization = await attacker.call('/platform/organizations', { method: 'POST', body: { name: 'Attack Labs', tier: 'tier_free' } })
    const { slug } = organization.body as { slug: string }
    const project = await attacker.call('/platform/projects', {
      method: 'POST',
      body: { name: 'Beachhead', organization_slug: slug, db_pass: PASSWORD, db_region: 'us-east-1', cloud_provider: 'AWS' },
    })
    expect(project.status).toBe(201)
    ref = (project.body as { ref: string }).ref
    // A new project comes up over a few polls of its detail.
    for (let poll = 0; poll < 10; poll++) {
      const { body } = await attacker.call(`/platform/projects/${ref}`)
      if ((body as { status: string }).status === 'ACTIVE_HEALTHY') break
    }
    const user = server.running.platform.db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!
    demo = apiAs(server.running, issueAccessToken(user.id, 600, server.running.platform.ctx.tokenSigning))
    const { projects } = (await demo.call('/platform/organizations/acme-corp/projects')).body as { projects: { ref: string; status: string }[] }
    victimRef = projects.find((p) => p.status === 'ACTIVE_HEALTHY')!.ref
    expect((await demo.sql(victimRef, 'select 1')).status).toBe(200)
  }, 120_000)
  afterAll(() => server?.stop(), 60_000)

  it("runs a new sign-up's SQL as its project's own role: no superuser, no roles, no databases", async () => {
    const who = await attacker.sql(ref, `select current_user as who, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolreplication
      from pg_catalog.pg_roles r where r.rolname = current_user`)
    expect(rowsOf(who)).toEqual([{ who: projectRoles(projectDatabaseName(ref, PREFIX)).owner, rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolreplication: false }])
    for (const escalation of [
      'alter role current_user superuser',
      'create role intruder superuser login',
      'set session authorization postgres',
      'set role postgres',
      'grant pg_read_server_files, pg_execute_server_program to current_user',
      "select pg_catalog.pg_read_file('/etc/hostname')",
      "copy (select 1) to program 'id'",
      "copy (select 1) to '/tmp/studio-tenancy-escape'",
      'alter system set log_statement = none',
    ]) {
      const answer = await attacker.sql(ref, escalation)
      expect([escalation, answer.status]).toEqual([escalation, 400])
      expect(errorOf(answer).code, escalation).toBe('42501')
    }
  })

  it('gets dblink from the platform, but dblink reaches neither the records nor another tenant without a password', async () => {
    expect((await attacker.sql(ref, 'create extension if not exists dblink with schema extensions')).status).toBe(200)
    expect(rowsOf(await attacker.sql(ref, `select extname from pg_catalog.pg_extension where extname = 'dblink'`))).toEqual([{ extname: 'dblink' }])
    const records = recordsDatabase()
    const victim = projectDatabaseName(victimRef, PREFIX)
    for (const target of [`dbname=${records} user=postgres`, `dbname=${records}`, `dbname=${victim} user=${projectRoles(victim).owner}`]) {
      const answer = await attacker.sql(ref, `select * from extensions.dblink('${target}', 'select email from ${SCHEMA}.users') as t(email text)`)
      expect([target, answer.status]).toEqual([target, 400])
      expect(errorOf(answer).message, target).toMatch(/password is required|permission denied/)
    }
    // Only the project's own roles may connect to its database; none may connect to the records'.
    const connect = await attacker.sql(ref, `select pg_catalog.has_database_privilege(current_user, '${records}', 'CONNECT') as records,
      pg_catalog.has_database_privilege(current_user, '${victim}', 'CONNECT') as victim, pg_catalog.has_database_privilege(current_user, current_database(), 'CONNECT') as own`)
    expect(rowsOf(connect)).toEqual([{ records: false, victim: false, own: true }])
    // An extension that reads the server's files is not on the platform's list: refused as Postgres refuses it.
    expect(errorOf(await attacker.sql(ref, 'create extension file_fdw')).code).toBe('42501')
  })

  it("sees no other tenant's running SQL", async () => {
    const running = demo.sql(victimRef, `select pg_catalog.pg_sleep(2) as victim_secret_statement`)
    await new Promise((resolve) => setTimeout(resolve, 700))
    const seen = await attacker.sql(ref, `select count(*)::int as seen from pg_catalog.pg_stat_activity where query like '%victim_secret_' || 'statement%'`)
    expect(rowsOf(seen)).toEqual([{ seen: 0 }])
    expect((await running).status).toBe(200)
  })

  describe('a read-only member (readonly-co)', () => {
    let readOnlyRef: string
    beforeAll(async () => {
      const { projects } = (await demo.call('/platform/organizations/readonly-co/projects')).body as { projects: { ref: string }[] }
      readOnlyRef = projects[0]!.ref
      // A secret in the Vault every project has (the platform layer's), made by the project's owner
      // (someone with write rights in that organization).
      const database = await (await server.running.platform.ctx.databases()).open(readOnlyRef)
      await database.exec(`select vault.create_secret('tenancy-test-secret', 'tenancy_test')`)
    }, 60_000)

    it('reads the tables but neither Vault nor its key, and cannot decrypt a secret in one query', async () => {
      expect((await demo.sql(readOnlyRef, 'select count(*)::int as n from public.customers')).status).toBe(200)
      for (const read of [
        'select * from vault._root_key',
        'select decrypted_secret from vault.decrypted_secrets',
        'select secret, nonce from vault.secrets',
        `select convert_from(extensions.decrypt_iv(substring(decode(s.secret, 'base64') from 1 for length(decode(s.secret, 'base64')) - 32),
           extensions.hmac(convert_to(s.key_id::text || ':encrypt', 'UTF8'), k.key, 'sha256'), s.nonce, 'aes-cbc/pad:pkcs'), 'UTF8')
           from vault.secrets s, vault._root_key k`,
        'select * from studio_meta.wrapper_secrets',
      ]) {
        const answer = await demo.sql(readOnlyRef, read)
        expect([read, answer.status]).toEqual([read, 400])
        expect(errorOf(answer).code, read).toBe('42501')
      }
    })

    it("has no statistics role and sees no other tenant's running SQL", async () => {
      const roles = await demo.sql(readOnlyRef, `select pg_catalog.pg_has_role('pg_monitor', 'member') as monitor, pg_catalog.pg_has_role('pg_read_all_stats', 'member') as stats,
        pg_catalog.pg_has_role('pg_read_all_data', 'member') as all_data`)
      expect(rowsOf(roles)).toEqual([{ monitor: false, stats: false, all_data: false }])
      const running = attacker.sql(ref, `select pg_catalog.pg_sleep(2) as other_tenant_statement`)
      await new Promise((resolve) => setTimeout(resolve, 700))
      const seen = await demo.sql(readOnlyRef, `select count(*)::int as seen from pg_catalog.pg_stat_activity where query like '%other_tenant_' || 'statement%'`)
      expect(rowsOf(seen)).toEqual([{ seen: 0 }])
      expect((await running).status).toBe(200)
    })
  })
})

const recordsDatabase = () => decodeURIComponent(new URL(databaseUrl!).pathname.slice(1)) || 'postgres'

describe.runIf(databaseUrl)('npm run serve on a DATABASE_URL whose user is no superuser', () => {
  const role = `studio_tenancy_test_not_super_${process.pid}`
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      await admin.query(`revoke connect on database ${sqlIdent(recordsDatabase())} from ${sqlIdent(role)}`).catch(() => undefined)
      await admin.query(`drop role if exists ${sqlIdent(role)}`)
    } finally {
      await admin.end()
    }
  })

  it('does not start, and says what it needs', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      await admin.query(`create role ${sqlIdent(role)} login createdb createrole password 'not-super-1'`)
      // It may connect (the server keeps everyone else out of the records' database): what it lacks is the superuser.
      await admin.query(`grant connect on database ${sqlIdent(recordsDatabase())} to ${sqlIdent(role)}`)
    } finally {
      await admin.end()
    }
    const url = new URL(databaseUrl!)
    url.username = role
    url.password = 'not-super-1'
    const previous = process.env['DATABASE_URL']
    process.env['DATABASE_URL'] = url.toString()
    try {
      await expect(startTestServer(`${PREFIX}ns_`, `${SCHEMA}_ns`)).rejects.toThrow(platformAdminRequiredMessage(role))
    } finally {
      process.env['DATABASE_URL'] = previous
    }
  })
})

describe.runIf(databaseUrl)("pg_net's stand-in on a served Studio", () => {
  let server: TestServer
  let listener: import('node:http').Server
  let hits = 0
  beforeAll(async () => {
    const { createServer } = await import('node:http')
    // A service on the server's own network that no tenant should reach.
    listener = createServer((_request, answer) => {
      hits++
      answer.end('internal')
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    server = await startTestServer(`${PREFIX}net_`, `${SCHEMA}_net`)
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await new Promise((resolve) => listener.close(resolve))
  }, 60_000)

  it('sends nothing to the server’s own network, nor to any host by way of the echo path, and says why', async () => {
    const user = server.running.platform.db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!
    const demo = apiAs(server.running, issueAccessToken(user.id, 600, server.running.platform.ctx.tokenSigning))
    const { projects } = (await demo.call('/platform/organizations/acme-corp/projects')).body as { projects: { ref: string; status: string }[] }
    const ref = projects.find((p) => p.status === 'ACTIVE_HEALTHY')!.ref
    const port = (listener.address() as import('node:net').AddressInfo).port
    expect((await demo.sql(ref, 'create extension if not exists pg_net')).status).toBe(200)
    const urls = [`http://127.0.0.1:${port}/admin`, `http://localhost:${port}/mock/echo`]
    const queued = await demo.sql(ref, `select ${urls.map((url) => `net.http_get('${url}')`).join(', ')}`)
    expect(queued.status).toBe(200)
    // The worker runs after the statement's answer.
    let responses: Record<string, unknown>[] = []
    for (let attempt = 0; attempt < 50 && responses.length < urls.length; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      responses = rowsOf(await demo.sql(ref, 'select status_code, error_msg from net._http_response order by id'))
    }
    expect(responses).toHaveLength(urls.length)
    for (const response of responses) expect(response).toMatchObject({ status_code: null, error_msg: expect.stringContaining('served') })
    expect(hits).toBe(0)
  })
})
