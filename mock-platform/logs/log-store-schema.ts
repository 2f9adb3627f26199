/**
 * The log store's tables, made from LOG_SOURCES. Events live in `store.<table>` with the project
 * they belong to; the explorer's SQL sees `logs.<table>`, views that keep one project and one time
 * range (read from transaction settings the endpoint sets) and are all a reader may select from.
 * The reader role cannot reach `store` nor change a setting, so a query cannot look past its own
 * project or range.
 */
import { LOG_COMMON_COLUMNS, LOG_SOURCES, type LogColumn } from '../../src/constants'
import { fnv1a } from '../../src/lib/fnv1a'
import { sqlLiteral } from '../../src/lib/sql/quote'

/** What the store runs its SQL on: a PGlite (the page's, node's, one on disk), or a pool on a PostgreSQL server (log-store-postgres.ts). */
export interface LogSql {
  exec(sql: string): Promise<unknown>
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
}
export interface LogDatabase extends LogSql {
  /** Runs `work` in one transaction: committed whole, or rolled back when it throws. */
  transaction<T>(work: (tx: LogSql) => Promise<T>): Promise<T>
  close(): Promise<void>
}

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
 * How the events' tables are laid out: one table each (a PGlite: the page's, node's, one on disk),
 * or each partitioned by day (a PostgreSQL server that replicas share: a day past retention is
 * dropped whole, and a query's range reads only its days).
 */
export type LogStoreLayout = 'single' | 'by-day'

/**
 * The whole schema and its fingerprint. A store opened from the prebuilt snapshot
 * (log-store-initial-data-node.ts) finds the fingerprint it was made with in `store.version` and
 * skips the schema; a snapshot made by older code is found out by it.
 */
export function logStoreSchema(layout: LogStoreLayout = 'single'): { sql: string; hash: string } {
  const sql = layout === 'by-day' ? byDaySchemaSql() : schemaSql()
  const hash = fnv1a(sql).toString(16)
  return { sql: `${sql}\n    delete from ${STORE_SCHEMA}.version; insert into ${STORE_SCHEMA}.version (hash) values ('${hash}');`, hash }
}

/** Whether the database holds this schema already: its fingerprint in `store.version`. */
export const SCHEMA_HASH_SQL = `select hash from ${STORE_SCHEMA}.version`

/** Undoes the schema (a snapshot of older code), keeping the role: before it is made again. */
export const DROP_SCHEMA_SQL = `drop schema if exists ${READER_SCHEMA} cascade; drop schema if exists ${STORE_SCHEMA} cascade;`

/**
 * The index every read of a table goes through: its project and time, newest first, carrying the
 * level, so the histogram (time and level of every event in range) reads the index alone, not the
 * rows and their metadata (an index-only scan once the pages are vacuumed: 106,000 events in node's
 * PGlite 145–157 ms by the rows, 36–40 ms by the index; a seq scan, which statistics can lead the
 * planner to, 406–456 ms).
 */
const projectTimeIndexSql = (table: string) => `create index if not exists ${table}_project_time_level on ${STORE_SCHEMA}.${table} (project, "timestamp" desc) include (level);`

/**
 * Stores made by an earlier schema, by its fingerprint (single layout, by day), and what makes them
 * this one without losing their events (a store of any other schema is made again, empty).
 */
const SCHEMA_UPGRADES: ReadonlyMap<string, string> = new Map(
  // The index without the level.
  ['4e0e02b8', '872c973d'].map((hash) => [hash, LOG_SOURCES.map(({ table }) => `drop index if exists ${STORE_SCHEMA}.${table}_project_time; ${projectTimeIndexSql(table)}`).join('\n')]),
)

/** The schema's statements, idempotent. */
function schemaSql(partitionedByDay = false): string {
  const tables = LOG_SOURCES.map(({ table }) => {
    const columns = logTableColumns(table)
    const definitions = ['project text not null', ...columns.map((c) => `"${c.name}" ${c.type}`)].join(', ')
    return `
      create table if not exists ${STORE_SCHEMA}.${table} (${definitions})${partitionedByDay ? ` partition by range ("timestamp")` : ''};
      ${projectTimeIndexSql(table)}
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

/**
 * A read's transaction as the reader sees it, in one text (one round trip to a store in a worker,
 * where each costs milliseconds): read-only, the project and range the views keep, the time limit,
 * then the reader's role, which can change none of it.
 */
export function readerSettingsSql(project: string, start: Date, end: Date, timeoutMs: number): string {
  const settings = [
    [SETTING.project, project],
    [SETTING.start, start.toISOString()],
    [SETTING.end, end.toISOString()],
  ].map(([name, value]) => `set_config(${sqlLiteral(name!)}, ${sqlLiteral(value!)}, true)`)
  return `set transaction read only; select ${settings.join(', ')}; set local statement_timeout = ${timeoutMs}; set local search_path = ${READER_SCHEMA}; set local role ${READER_ROLE}`
}

/** The advisory lock a by-day store's schema and days are made and dropped under (one store a database, so any fixed key). */
export const LOG_STORE_LOCK_KEY = 5_400_054

/** Events' days (UTC) as a partition's name suffix. */
const DAY_SUFFIX = `'YYYYMMDD'`

/**
 * The schema with each table partitioned by day, in a database of its own on a shared server
 * (log-store-postgres.ts), and what a pooled server needs besides: the days made before events are
 * written (`ensure_days`, under a lock, so replicas never make one twice), days past retention dropped
 * whole (`drop_days_before`), and no reader able to hold an advisory lock (a session's lock would
 * outlive its query on a pooled connection).
 */
function byDaySchemaSql(): string {
  const tables = `array[${LOG_SOURCES.map(({ table }) => `'${table}'`).join(', ')}]`
  const partition = (parent: string, day: string) => `format('${STORE_SCHEMA}.%I', ${parent} || '_' || to_char(${day}, ${DAY_SUFFIX}))`
  // Two servers making the role at once (each its own store database, so no lock of ours is shared).
  const base = schemaSql(true).replace(
    `create role ${READER_ROLE} nologin; end if;`,
    `begin create role ${READER_ROLE} nologin; exception when duplicate_object or unique_violation then null; end; end if;`,
  )
  return `${base}
    create or replace function ${STORE_SCHEMA}.ensure_days(first timestamptz, last timestamptz) returns void language plpgsql as $fn$
    declare
      day date;
      parent text;
      missing boolean := false;
    begin
      for day in select generate_series((first at time zone 'UTC')::date, (last at time zone 'UTC')::date, interval '1 day')::date loop
        foreach parent in array ${tables} loop
          missing := missing or to_regclass(${partition('parent', 'day')}) is null;
        end loop;
      end loop;
      if not missing then return; end if;
      perform pg_advisory_xact_lock(${LOG_STORE_LOCK_KEY});
      for day in select generate_series((first at time zone 'UTC')::date, (last at time zone 'UTC')::date, interval '1 day')::date loop
        foreach parent in array ${tables} loop
          if to_regclass(${partition('parent', 'day')}) is null then
            begin
              execute format('create table %s partition of ${STORE_SCHEMA}.%I for values from (%L) to (%L)', ${partition('parent', 'day')}, parent, day::text || ' 00:00:00+00', (day + 1)::text || ' 00:00:00+00');
            exception when duplicate_table or unique_violation then null;
            end;
          end if;
        end loop;
      end loop;
    end $fn$;
    create or replace function ${STORE_SCHEMA}.drop_days_before(cutoff timestamptz) returns integer language plpgsql as $fn$
    declare
      found record;
      dropped integer := 0;
    begin
      perform pg_advisory_xact_lock(${LOG_STORE_LOCK_KEY});
      for found in
        select child.oid::regclass as part, right(child.relname, 8) as day
          from pg_catalog.pg_inherits i
          join pg_catalog.pg_class child on child.oid = i.inhrelid
          join pg_catalog.pg_class parent on parent.oid = i.inhparent
         where parent.relnamespace = '${STORE_SCHEMA}'::regnamespace and parent.relkind = 'p' and child.relkind = 'r'
      loop
        if to_date(found.day, ${DAY_SUFFIX}) + 1 <= (cutoff at time zone 'UTC')::date then
          execute format('drop table %s', found.part);
          dropped := dropped + 1;
        end if;
      end loop;
      return dropped;
    end $fn$;
    revoke all on all functions in schema ${STORE_SCHEMA} from public;
    do $$ declare advisory regprocedure; begin
      for advisory in select p.oid::regprocedure from pg_catalog.pg_proc p where p.pronamespace = 'pg_catalog'::regnamespace and p.proname like '%advisory%' loop
        execute format('revoke execute on function %s from public', advisory);
      end loop;
    end $$;
  `
}

/** Makes the store's schema unless the one there is this code's; true when it was made (anew). */
export async function ensureSchema(db: LogDatabase, layout: LogStoreLayout): Promise<boolean> {
  const schema = logStoreSchema(layout)
  const make = async (sql: LogSql) => {
    const present = await sql.query<{ present: boolean }>(`select to_regclass('${STORE_SCHEMA}.version') is not null as present`)
    if (present.rows[0]?.present) {
      const found = await sql.query<{ hash: string }>(SCHEMA_HASH_SQL)
      if (found.rows[0]?.hash === schema.hash) return false
      const upgrade = SCHEMA_UPGRADES.get(found.rows[0]?.hash ?? '')
      if (upgrade) {
        await sql.exec(`${upgrade}\ndelete from ${STORE_SCHEMA}.version; insert into ${STORE_SCHEMA}.version (hash) values ('${schema.hash}');`)
        return false
      }
      // A snapshot of other code: made again from what this code says.
      await sql.exec(DROP_SCHEMA_SQL)
    }
    await sql.exec(schema.sql)
    return true
  }
  return underStoreLock(db, layout, make)
}

/** Runs `work` alone among the replicas sharing a by-day store (its schema made, its kept state read); a single store just runs it. */
export function underStoreLock<T>(db: LogDatabase, layout: LogStoreLayout, work: (sql: LogSql) => Promise<T>): Promise<T> {
  if (layout === 'single') return work(db)
  // Replicas starting together: one makes it, the others find it made.
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${LOG_STORE_LOCK_KEY})`)
    return work(tx)
  })
}
