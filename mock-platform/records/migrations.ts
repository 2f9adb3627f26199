/**
 * The record store's schema, made and changed by numbered SQL migrations at start-up. Each runs
 * once, in its own transaction, recorded in `schema_migrations`; a server-wide advisory lock lets
 * two servers starting at once take turns. A migration, once released, is never edited: a change is
 * a new one at the end.
 */
import type pg from 'pg'
import { sqlIdent } from '../../src/lib/sql/quote'
import { errorMessage } from '../../src/lib/error-message'

export interface Migration {
  version: number
  name: string
  /** The statements, for the store's schema (already quoted). */
  sql: (schema: string) => string
}

// Written out, not read from record-tables.ts: a released migration must not change when a collection is added.
const COLLECTION_TABLES_AT_VERSION_1 = ['users', 'profiles', 'organizations', 'projects', 'permissions', 'overdue_invoices', 'snippets', 'folders', 'invoices', 'invitations', 'support_tickets']

// Likewise the kept record of auth sessions (MOCK_AUTH_SESSIONS_STORAGE_KEY when migration 2 was written).
const AUTH_SESSIONS_KEY_AT_VERSION_2 = 'studio.mock-platform.auth-sessions'

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'one table per collection, kept records',
    sql: (schema) =>
      [
        // `position` keeps the order records were made in, which lists answer in.
        ...COLLECTION_TABLES_AT_VERSION_1.map(
          (table) => `create table ${schema}.${sqlIdent(table)} (key text primary key, position bigint generated always as identity, record jsonb not null)`,
        ),
        `create table ${schema}.kept_records (key text primary key, record jsonb not null)`,
      ].join(';\n'),
  },
  {
    version: 2,
    name: 'bearer tokens kept as SHA-256 digests',
    // records/token-digests.ts does the same in JavaScript: the digest is hex SHA-256 of the token, and
    // a swapped refresh token seals its successor (the one whose parent it is) under itself.
    sql: (schema) => `
create function pg_temp.studio_digest(token text) returns text language sql immutable strict
  as $$ select encode(sha256(convert_to(token, 'UTF8')), 'hex') $$;
create function pg_temp.studio_seal(token text, key text) returns text language sql immutable strict
  as $$ select string_agg(lpad(to_hex(get_byte(plain, i) # get_byte(pad, i)), 2, '0'), '' order by i)
        from (select convert_to(token, 'UTF8') as plain, sha256(convert_to('studio refresh token seal' || chr(10) || key, 'UTF8')) as pad) as parts,
             generate_series(0, octet_length(plain) - 1) as i $$;
update ${schema}.kept_records as kept set record = jsonb_set(kept.record, '{refreshTokens}', (
  select coalesce(jsonb_agg(swapped.entry || jsonb_build_object(
    'token', pg_temp.studio_digest(swapped.entry->>'token'),
    'parent', pg_temp.studio_digest(swapped.entry->>'parent'),
    'child', (select pg_temp.studio_seal(successor.entry->>'token', swapped.entry->>'token')
              from jsonb_array_elements(kept.record->'refreshTokens') as successor(entry)
              where successor.entry->>'parent' = swapped.entry->>'token' limit 1)
  ) order by swapped.n), '[]'::jsonb)
  from jsonb_array_elements(kept.record->'refreshTokens') with ordinality as swapped(entry, n)))
where kept.key = '${AUTH_SESSIONS_KEY_AT_VERSION_2}' and jsonb_typeof(kept.record->'refreshTokens') = 'array';
update ${schema}.invitations set record = jsonb_set(record, '{token}', to_jsonb(pg_temp.studio_digest(record->>'token')))
where jsonb_typeof(record->'token') = 'string';
drop function pg_temp.studio_seal(text, text);
drop function pg_temp.studio_digest(text)`,
  },
  {
    version: 3,
    name: 'invoices kept by how many cycles ago they closed',
    // An invoice kept a fixed period_end, which the clock outgrew; now it keeps cycles_ago (1: the last
    // ended cycle) and is dated when answered. Each organization's invoices keep their order by date;
    // numbers now rise with it (from the lowest it had), the newest awaits payment (open), the overdue
    // ones are the ones before it, and the older ones are paid, as the demo world draws them.
    sql: (schema) => `
update ${schema}.invoices as invoice set record = (invoice.record - 'period_end') || jsonb_build_object(
  'cycles_ago', aged.age,
  'number', coalesce(aged.prefix || '-' || (aged.lowest + aged.total - aged.age), invoice.record->>'number'),
  'status', case when aged.age = 1 then 'open' when aged.age <= 1 + aged.overdue then 'uncollectible' else 'paid' end,
  'payment_attempted', aged.age <> 1)
from (
  select key,
    row_number() over by_date as age,
    count(*) over by_organization as total,
    count(*) filter (where record->>'status' = 'uncollectible') over by_organization as overdue,
    min(substring(record->>'number' from '([0-9]+)$')::bigint) over by_organization as lowest,
    substring(record->>'number' from '^(.*)-[0-9]+$') as prefix
  from ${schema}.invoices
  where record ? 'period_end'
  window by_organization as (partition by record->>'organization_slug'),
         by_date as (by_organization order by (record->>'period_end')::bigint desc, position)
) as aged
where aged.key = invoice.key`,
  },
  {
    version: 4,
    name: "the organizations' audit log",
    // If not there: a store replaying its later migrations (a test of migration 2 does) made it already.
    sql: (schema) => `create table if not exists ${schema}.audit_events (key text primary key, position bigint generated always as identity, record jsonb not null)`,
  },
  {
    version: 5,
    name: "members' personal access tokens",
    sql: (schema) => `create table if not exists ${schema}.access_tokens (key text primary key, position bigint generated always as identity, record jsonb not null)`,
  },
  {
    version: 6,
    name: 'each commit logged for the other replicas',
    // records/replica-log.ts: a commit's changes under the next version, in the order commits took the lock.
    sql: (schema) => `create table if not exists ${schema}.record_changes (version bigint primary key, committed_at timestamptz not null default now(), changes jsonb not null)`,
  },
  {
    version: 7,
    name: "storage objects' bytes and unfinished uploads, shared by replicas",
    // storage/byte-store-postgres.ts: each object's bytes in parts (a part a row); stored as they are
    // (EXTERNAL: no compression of what is mostly compressed already). storage/upload-sessions-postgres.ts.
    sql: (schema) => `
      create table if not exists ${schema}.storage_bytes (ref text not null, bucket text not null, id text not null, part integer not null, bytes bytea not null, primary key (ref, bucket, id, part));
      alter table ${schema}.storage_bytes alter column bytes set storage external;
      create table if not exists ${schema}.upload_sessions (id text primary key, session jsonb not null, received bigint not null default 0, opened_at timestamptz not null default now());
      create table if not exists ${schema}.upload_chunks (id text not null references ${schema}.upload_sessions (id) on delete cascade, start bigint not null, bytes bytea not null, primary key (id, start));
      alter table ${schema}.upload_chunks alter column bytes set storage external;`,
  },
  {
    version: 8,
    name: 'the projects with cron jobs, for replicas to adopt',
    // cron/cron-leadership.ts: noted by the project's leader, read by replicas that never opened it.
    sql: (schema) => `create table if not exists ${schema}.cron_projects (ref text primary key, noted_at timestamptz not null default now())`,
  },
  {
    version: 9,
    name: "the limits' windows, counted together by replicas",
    // serve/shared-limits.ts: one fixed window per limit and key (a client address, an account).
    sql: (schema) => `create table if not exists ${schema}.rate_windows (limiter text not null, key text not null, count integer not null, ends_at timestamptz not null, primary key (limiter, key))`,
  },
]

/** The advisory lock's key: one per store schema, so stores of other schemas never wait on it. */
export const migrationLockKey = (schema: string) => `studio platform records ${schema}`

/**
 * Runs `work` holding the store's advisory lock on `client` (a session of its own): migrations,
 * and the first start's seeding, happen in one server at a time.
 */
export async function withStoreLock<T>(client: pg.ClientBase, schema: string, work: () => Promise<T>): Promise<T> {
  await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [migrationLockKey(schema)])
  try {
    return await work()
  } finally {
    await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [migrationLockKey(schema)])
  }
}

/** Brings the schema up to the last migration; returns the versions this call applied. Call it holding the lock. */
export async function migrate(client: pg.ClientBase, schemaName: string, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const schema = sqlIdent(schemaName)
  try {
    // Made only when missing: CREATE SCHEMA IF NOT EXISTS wants CREATE on the database even when the
    // schema exists, and a user without it may be given the schema by its owner instead.
    const { rowCount } = await client.query('select 1 from pg_catalog.pg_namespace where nspname = $1', [schemaName])
    if (!rowCount) await client.query(`create schema if not exists ${schema}`)
    await client.query(`create table if not exists ${schema}.schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())`)
  } catch (error) {
    if ((error as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE) throw await storeRefused(client, schemaName, error as Error)
    throw error
  }
  const { rows } = await client.query<{ version: number }>(`select version from ${schema}.schema_migrations`)
  const applied = new Set(rows.map((row) => row.version))
  const ran: number[] = []
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue
    await client.query('begin')
    try {
      await client.query(migration.sql(schema))
      await client.query(`insert into ${schema}.schema_migrations (version, name) values ($1, $2)`, [migration.version, migration.name])
      await client.query('commit')
    } catch (error) {
      await client.query('rollback')
      throw new Error(`Migration ${migration.version} (${migration.name}) of schema ${schemaName} failed: ${errorMessage(error)}`)
    }
    ran.push(migration.version)
  }
  return ran
}

const INSUFFICIENT_PRIVILEGE = '42501'

/** What to do when DATABASE_URL's user may not make the store's schema or its tables, in words the operator can act on. */
async function storeRefused(client: pg.ClientBase, schemaName: string, error: Error): Promise<Error> {
  const { rows } = await client.query<{ user: string; database: string; owner: string | null }>(
    'select current_user as user, current_database() as database, (select pg_catalog.pg_get_userbyid(nspowner) from pg_catalog.pg_namespace where nspname = $1) as owner',
    [schemaName],
  )
  const { user, database, owner } = rows[0]!
  const [schema, role] = [sqlIdent(schemaName), sqlIdent(user)]
  const why = `Studio keeps its own records (snippets, sessions, settings) there: ${error.message}.`
  if (owner !== null) {
    return new Error(
      `DATABASE_URL's user ${role} may not use the schema ${schema} of database ${sqlIdent(database)}, which belongs to ${sqlIdent(owner)}. ${why}\n` +
        `  Start Studio as ${sqlIdent(owner)}, whose records they are, or point DATABASE_URL at a database of ${role}'s own.`,
    )
  }
  return new Error(
    `DATABASE_URL's user ${role} may not create the schema ${schema} in database ${sqlIdent(database)}. ${why}\n` +
      `  Have an owner of the database run either\n    GRANT CREATE ON DATABASE ${sqlIdent(database)} TO ${role};\n  or\n    CREATE SCHEMA ${schema} AUTHORIZATION ${role};`,
  )
}
