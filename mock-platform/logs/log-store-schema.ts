/**
 * The log store's tables, made from LOG_SOURCES. Events live in `store.<table>` with the project
 * they belong to; the explorer's SQL sees `logs.<table>`, views that keep one project and one time
 * range (read from transaction settings the endpoint sets) and are all a reader may select from.
 * The reader role cannot reach `store` nor change a setting, so a query cannot look past its own
 * project or range.
 */
import { LOG_COMMON_COLUMNS, LOG_SOURCES, type LogColumn } from '../../src/constants'
import { fnv1a } from '../../src/lib/fnv1a'

export const STORE_SCHEMA = 'store'
export const READER_SCHEMA = 'logs'
export const READER_ROLE = 'logs_reader'
/** Transaction settings the views read. */
export const SETTING = { project: 'studio.logs_project', start: 'studio.logs_start', end: 'studio.logs_end' } as const

export const logTableColumns = (table: string): readonly LogColumn[] => {
  const source = LOG_SOURCES.find((s) => s.table === table)
  if (!source) throw new Error(`Unknown log table ${table}`)
  return [...LOG_COMMON_COLUMNS, ...source.columns]
}

const columnList = (columns: readonly LogColumn[]) => columns.map((c) => `"${c.name}"`).join(', ')

/**
 * The whole schema and its fingerprint. A store opened from the prebuilt snapshot
 * (log-store-initial-data-node.ts) finds the fingerprint it was made with in `store.version` and
 * skips the schema; a snapshot made by older code is found out by it.
 */
export function logStoreSchema(): { sql: string; hash: string } {
  const sql = schemaSql()
  const hash = fnv1a(sql).toString(16)
  return { sql: `${sql}\n    delete from ${STORE_SCHEMA}.version; insert into ${STORE_SCHEMA}.version (hash) values ('${hash}');`, hash }
}

/** Whether the database holds this schema already: its fingerprint in `store.version`. */
export const SCHEMA_HASH_SQL = `select hash from ${STORE_SCHEMA}.version`

/** Undoes the schema (a snapshot of older code), keeping the role: before it is made again. */
export const DROP_SCHEMA_SQL = `drop schema if exists ${READER_SCHEMA} cascade; drop schema if exists ${STORE_SCHEMA} cascade;`

/** The schema's statements, idempotent. */
function schemaSql(): string {
  const tables = LOG_SOURCES.map(({ table }) => {
    const columns = logTableColumns(table)
    const definitions = ['project text not null', ...columns.map((c) => `"${c.name}" ${c.type}`)].join(', ')
    return `
      create table if not exists ${STORE_SCHEMA}.${table} (${definitions});
      create index if not exists ${table}_project_time on ${STORE_SCHEMA}.${table} (project, "timestamp" desc);
      create or replace view ${READER_SCHEMA}.${table} as
        select ${columnList(columns)} from ${STORE_SCHEMA}.${table}
        where project = current_setting('${SETTING.project}')
          and "timestamp" >= current_setting('${SETTING.start}')::timestamptz
          and "timestamp" < current_setting('${SETTING.end}')::timestamptz;`
  }).join('\n')
  return `
    do $$ begin
      if not exists (select from pg_roles where rolname = '${READER_ROLE}') then create role ${READER_ROLE} nologin; end if;
    end $$;
    create schema if not exists ${STORE_SCHEMA};
    create schema if not exists ${READER_SCHEMA};
    create table if not exists ${STORE_SCHEMA}.version (hash text not null);
    ${tables}
    revoke all on schema ${STORE_SCHEMA} from public;
    revoke all on all tables in schema ${STORE_SCHEMA} from public;
    grant usage on schema ${READER_SCHEMA} to ${READER_ROLE};
    grant select on all tables in schema ${READER_SCHEMA} to ${READER_ROLE};
    -- The views read the range from settings: a reader must not be able to move them.
    revoke execute on function pg_catalog.set_config(text, text, boolean) from public;
  `
}
