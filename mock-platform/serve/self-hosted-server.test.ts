import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TableEntitiesAnswerSchema } from '../../src/api/schemas/table-editor'
import { EXCLUDED_SCHEMAS, PG_META_HEADERS, PLATFORM_RECORDS_SCHEMA, RUNTIME_CONFIG_ELEMENT_ID, SELF_HOSTED } from '../../src/constants'
import { tableEntitiesSql } from '../../src/lib/sql/table-catalog'
import { USER_DATABASE_HOOKS_MESSAGE } from '../handlers/database'
import type { ServeConfig } from './config'
import { startStudioServer, type StudioServer } from './server'

const adminUrl = process.env['DATABASE_URL']
/** A role and database of this run's own: a plain user (no superuser, CREATEDB or CREATEROLE) owning its database. */
const NAME = `studio_selfhosted_test_${process.pid}`
/** A second plain user who may connect to that database but not create a schema in it. */
const READER = `${NAME}_reader`

const userUrl = (role: string) => {
  const url = new URL(adminUrl!)
  url.username = role
  url.password = 'selfhosted-test-password'
  url.pathname = `/${NAME}`
  return url.toString()
}

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** What the server could have changed beyond the user's database: the cluster's databases and roles, and the database's schemas and extensions. */
const snapshot = () =>
  Promise.all([
    withClient(adminUrl!, async (admin) => ({
      databases: (await admin.query<{ datname: string }>('select datname from pg_catalog.pg_database order by 1')).rows.map((r) => r.datname),
      roles: (await admin.query<{ rolname: string }>('select rolname from pg_catalog.pg_roles order by 1')).rows.map((r) => r.rolname),
    })),
    withClient(userUrl(NAME), async (user) => ({
      schemas: (await user.query<{ nspname: string }>("select nspname from pg_catalog.pg_namespace where nspname not like 'pg\\_%' order by 1")).rows.map((r) => r.nspname),
      extensions: (await user.query<{ extname: string }>('select extname from pg_catalog.pg_extension order by 1')).rows.map((r) => r.extname),
      tables: (
        await user.query<{ name: string }>(
          "select n.nspname || '.' || c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'v', 'm', 'p', 'f') and n.nspname not in ('pg_catalog', 'information_schema') order by 1",
        )
      ).rows.map((r) => r.name),
    })),
  ]).then(([cluster, database]) => ({ ...cluster, ...database }))

describe.runIf(adminUrl)("STUDIO_MODE=self-hosted npm run serve: a Studio for the user's own database (DATABASE_URL)", () => {
  let root: string
  let config: ServeConfig
  let running: StudioServer
  let before: Awaited<ReturnType<typeof snapshot>>

  beforeAll(async () => {
    await withClient(adminUrl!, async (admin) => {
      await dropOwn(admin)
      await admin.query(`create role ${NAME} login password 'selfhosted-test-password' nosuperuser nocreatedb nocreaterole`)
      await admin.query(`create role ${READER} login password 'selfhosted-test-password' nosuperuser nocreatedb nocreaterole`)
      await admin.query(`create database ${NAME} owner ${NAME}`)
      await admin.query(`revoke create on database ${NAME} from public`)
    })
    // The user's own data, made before Studio ever ran.
    await withClient(userUrl(NAME), (user) => user.query("create table public.field_notes (id int primary key, body text not null); insert into public.field_notes values (1, 'first light')"))
    before = await snapshot()

    root = await mkdtemp(join(tmpdir(), 'studio-serve-self-hosted-'))
    const distDir = join(root, 'dist-self-hosted')
    await mkdir(distDir, { recursive: true })
    await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>')
    config = {
      mode: 'self-hosted',
      databaseUrl: userUrl(NAME),
      host: '127.0.0.1',
      port: 0,
      dataDir: join(root, 'data'),
      distDir,
      secret: null,
      allowedOrigin: null,
      disabledFeatures: ['project_creation:all'],
    }
    running = await startStudioServer({ config })
  }, 60_000)

  afterAll(async () => {
    await running?.close()
    if (root) await rm(root, { recursive: true, force: true })
    await withClient(adminUrl!, dropOwn)
  })

  /** No session: a self-hosted instance has no platform sign-in (SPEC §1). */
  const get = async (path: string) => {
    const answer = await fetch(`${running.url}/api${path}`)
    expect(answer.status, path).toBe(200)
    return answer.json() as Promise<unknown>
  }
  const sql = async (query: string) => {
    const { connectionString } = (await get(`/platform/projects/${SELF_HOSTED.projectRef}`)) as { connectionString: string }
    return fetch(`${running.url}/api/platform/pg-meta/${SELF_HOSTED.projectRef}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [PG_META_HEADERS.connection]: connectionString },
      body: JSON.stringify({ query }),
    })
  }

  it('tells the page it is self-hosted, with the disabled features of its environment', async () => {
    const html = await (await fetch(`${running.url}/project/default`)).text()
    expect(html).toContain(
      `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">{"platform":"remote","apiBase":"/api","selfHosted":{"disabledFeatures":["project_creation:all"]}}</script>`,
    )
  })

  it('lists exactly the default project, without a sign-in and with no demo snippets', async () => {
    expect(((await get('/platform/organizations')) as { slug: string }[]).map((o) => o.slug)).toEqual([SELF_HOSTED.organizationSlug])
    const { projects } = (await get(`/platform/organizations/${SELF_HOSTED.organizationSlug}/projects`)) as { projects: { ref: string; status: string }[] }
    expect(projects.map((p) => [p.ref, p.status])).toEqual([[SELF_HOSTED.projectRef, 'ACTIVE_HEALTHY']])
    expect(running.platform.db.snippets.all()).toEqual([])
  })

  it("runs SQL as the URL's user on the URL's database, and shows the user's own tables", async () => {
    const who = await sql('select current_user as "user", current_database() as database, (select rolsuper from pg_roles where rolname = current_user) as superuser')
    expect(who.status).toBe(200)
    expect(await who.json()).toEqual([{ user: NAME, database: NAME, superuser: false }])

    const rows = await sql('select id, body from public.field_notes')
    expect(await rows.json()).toEqual([{ id: 1, body: 'first light' }])
    // The table editor's list: the user's table, not Studio's records beside it.
    const entities = v.parse(TableEntitiesAnswerSchema, await (await sql(tableEntitiesSql(EXCLUDED_SCHEMAS))).json())
    expect(entities.map((e) => `${e.schema}.${e.name}`)).toEqual(['public.field_notes'])
  })

  it('names that very database in the connection details, never the password', async () => {
    const answer = await fetch(`${running.url}/api/platform/projects/${SELF_HOSTED.projectRef}/settings`)
    const text = await answer.text()
    expect(JSON.parse(text)).toMatchObject({ db_name: NAME, db_user: NAME, db_host: new URL(adminUrl!).hostname })
    expect(text).not.toContain('selfhosted-test-password')
  })

  it("installs no shim: an extension the server lacks is refused as the server refuses it, webhooks say what they need", async () => {
    const cron = await sql('create extension if not exists pg_cron')
    expect(cron.status).toBe(400)
    expect(((await cron.json()) as { message: string }).message).toMatch(/pg_cron/)
    const hooks = await fetch(`${running.url}/api/platform/database/${SELF_HOSTED.projectRef}/hook-enable`, { method: 'POST' })
    expect(hooks.status).toBe(400)
    expect(await hooks.json()).toMatchObject({ message: USER_DATABASE_HOOKS_MESSAGE })
  })

  it('made no database, no role, no demo table and no extension: only its own records schema in the database', async () => {
    const after = await snapshot()
    expect(after.databases).toEqual(before.databases)
    expect(after.roles).toEqual(before.roles)
    expect(after.extensions).toEqual(before.extensions)
    expect(after.schemas).toEqual([...before.schemas, PLATFORM_RECORDS_SCHEMA].sort())
    expect(after.tables.filter((table) => !table.startsWith(`${PLATFORM_RECORDS_SCHEMA}.`))).toEqual(['public.field_notes'])
  })

  it('refuses to start on records of the other mode, saying which', async () => {
    // As a superuser, which the platform needs (it says so first otherwise), on the same database and records.
    const asAdmin = new URL(adminUrl!)
    asAdmin.pathname = `/${NAME}`
    await expect(startStudioServer({ config: { ...config, mode: 'platform', databaseUrl: asAdmin.toString(), dataDir: join(root, 'data-platform') } })).rejects.toThrow(
      `The schema ${PLATFORM_RECORDS_SCHEMA} of DATABASE_URL's database holds the records of a self-hosted Studio (STUDIO_MODE=self-hosted); this one is platform.`,
    )
  }, 60_000)

  it('says at start-up what to grant when the user may not create its records schema, or whose it is when it exists', async () => {
    const reader = { ...config, databaseUrl: userUrl(READER) }
    const fresh = startStudioServer({ config: { ...reader, dataDir: join(root, 'data-reader') }, platformSchema: `${NAME}_records` })
    await expect(fresh).rejects.toThrow(`DATABASE_URL's user "${READER}" may not create the schema "${NAME}_records" in database "${NAME}".`)
    await expect(fresh).rejects.toThrow(`GRANT CREATE ON DATABASE "${NAME}" TO "${READER}";`)
    await expect(fresh).rejects.toThrow(`CREATE SCHEMA "${NAME}_records" AUTHORIZATION "${READER}";`)
    const taken = startStudioServer({ config: { ...reader, dataDir: join(root, 'data-reader-2') } })
    await expect(taken).rejects.toThrow(`DATABASE_URL's user "${READER}" may not use the schema "${PLATFORM_RECORDS_SCHEMA}" of database "${NAME}", which belongs to "${NAME}".`)
  }, 60_000)
})

async function dropOwn(admin: pg.Client) {
  await admin.query(`drop database if exists ${NAME} with (force)`)
  await admin.query(`drop role if exists ${READER}`)
  await admin.query(`drop role if exists ${NAME}`)
}
