/**
 * What a project's owner role may not do itself on a shared server, yet asks for through the
 * dashboard, the platform does on its behalf, as the hosted platform does (its supautils): enable or
 * disable an extension of the allow-list below, make or drop a foreign data wrapper without handler
 * (the wrappers screen's: the mock has no wrapper handlers, so one names no code to run), and reset
 * the project's own query statistics. Nothing else: a refused text that is not such a request keeps
 * the database's refusal.
 *
 * How it runs: the owner's run of the text was refused and rolled back whole (server-postgres.ts
 * then asks here). The text must start with the platform's statements (a wrapper's creation does:
 * the wrapper, then its server and tables); those run as the admin, rebuilt from what was parsed,
 * never the user's text; the rest runs again as the owner. When the rest fails, what the platform made is
 * dropped again, so the request stays all or nothing.
 *
 * The admin's session is given `search_path = pg_catalog` first: the owner can make functions in
 * its schemas, and a superuser must never resolve a name to one of them.
 */
import { DEFAULT_EXTENSION_SCHEMA, PLATFORM_INSTALLED_EXTENSIONS } from '../../src/constants/extensions.ts'
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'
import { splitStatements } from '../../src/lib/sql/statements.ts'

/** What the platform installs on request (the allow-list lives with the other extension constants). */
const ALLOWED = new Set(PLATFORM_INSTALLED_EXTENSIONS)

/** SQLSTATE of "permission denied" / "must be owner". */
const INSUFFICIENT_PRIVILEGE = '42501'

export function isInsufficientPrivilege(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === INSUFFICIENT_PRIVILEGE
}

const IDENT = String.raw`("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)`
const CREATE_EXTENSION = new RegExp(String.raw`^create extension (?:if not exists )?${IDENT}(?: with)?(?: schema ${IDENT})?(?: version '[^']*')?( cascade)?$`, 'i')
const DROP_EXTENSION = new RegExp(String.raw`^drop extension (?:if exists )?${IDENT}( cascade| restrict)?$`, 'i')
const MOVE_EXTENSION = new RegExp(String.raw`^alter extension ${IDENT} set schema ${IDENT}$`, 'i')
const CREATE_WRAPPER = new RegExp(String.raw`^create foreign data wrapper ${IDENT}$`, 'i')
const DROP_WRAPPER = new RegExp(String.raw`^drop foreign data wrapper (?:if exists )?${IDENT}( cascade| restrict)?$`, 'i')
const CREATE_SCHEMA = new RegExp(String.raw`^create schema if not exists ${IDENT}$`, 'i')
const RESET_STATISTICS = /^select (?:extensions\.)?pg_stat_statements_reset\(\)$/i

/** An identifier as written: quoted kept as is, unquoted folded to lower case (as Postgres does). */
function identifier(written: string): string {
  return written.startsWith('"') ? written.slice(1, -1).replaceAll('""', '"') : written.toLowerCase()
}

const isSystemSchema = (schema: string) => schema.startsWith('pg_') || schema === 'information_schema'

/**
 * `statement` about an installed extension that the platform made (one of the list, or one a
 * project role may make itself but came with another's CASCADE): else refused as Postgres would.
 */
function onPlatformExtension(name: string, statement: string): string {
  const listed = ALLOWED.has(name)
  return `do $platform$
begin
  if ${listed ? 'true' : 'false'} or exists (
    select 1 from pg_catalog.pg_extension e join pg_catalog.pg_available_extension_versions v on v.name = e.extname and v.version = e.extversion
     where e.extname = ${sqlLiteral(name)} and v.trusted and e.extname <> 'plpgsql'
  ) then
    execute ${sqlLiteral(statement)};
  else
    raise exception 'must be owner of extension %', ${sqlLiteral(name)} using errcode = '42501';
  end if;
end
$platform$;`
}

/** The database's owner, as the admin's session names it. */
const OWNER = `(select pg_catalog.pg_get_userbyid(datdba) from pg_catalog.pg_database where datname = pg_catalog.current_database())`

interface PlatformStatement {
  /** What the admin runs. */
  run: string
  /** What undoes it when the rest of the text fails (nothing to undo for a drop). */
  undo: string | null
  /** Made for the owner, and asked for only as what the next statements need (the schema an extension goes in). */
  preparing?: true
}

/** The platform's version of one statement, or null when it is none of the requests above. */
export function platformStatementOf(statement: string): PlatformStatement | null {
  const text = statement.replace(/\s+/g, ' ').trim().replace(/;$/, '').trim()
  let match = CREATE_SCHEMA.exec(text)
  if (match) {
    // The extensions screen makes the schema first: in the same transaction, so a refused extension leaves none.
    const make = `do $platform$ begin execute pg_catalog.format('create schema if not exists %I authorization %I', ${sqlLiteral(identifier(match[1]!))}, ${OWNER}); end $platform$;`
    return { run: make, undo: null, preparing: true }
  }
  match = CREATE_EXTENSION.exec(text)
  if (match) {
    const name = identifier(match[1]!)
    const schema = identifier(match[2] ?? DEFAULT_EXTENSION_SCHEMA)
    if (!ALLOWED.has(name) || isSystemSchema(schema)) return null
    return {
      run: `create extension if not exists ${sqlIdent(name)} with schema ${sqlIdent(schema)}${match[3] ? ' cascade' : ''};`,
      undo: `drop extension if exists ${sqlIdent(name)};`,
    }
  }
  if ((match = DROP_EXTENSION.exec(text))) {
    const name = identifier(match[1]!)
    return { run: onPlatformExtension(name, `drop extension if exists ${sqlIdent(name)}${match[2]?.toLowerCase() ?? ''}`), undo: null }
  }
  if ((match = MOVE_EXTENSION.exec(text))) {
    const name = identifier(match[1]!)
    const schema = identifier(match[2]!)
    if (isSystemSchema(schema)) return null
    // A trusted extension's objects belong to the bootstrap superuser, so only the platform may move them.
    return { run: onPlatformExtension(name, `alter extension ${sqlIdent(name)} set schema ${sqlIdent(schema)}`), undo: null }
  }
  if ((match = CREATE_WRAPPER.exec(text))) {
    const name = identifier(match[1]!)
    const grant = `do $platform$ begin execute pg_catalog.format('grant usage on foreign data wrapper %I to %I', ${sqlLiteral(name)}, ${OWNER}); end $platform$;`
    return { run: `create foreign data wrapper ${sqlIdent(name)};\n${grant}`, undo: `drop foreign data wrapper if exists ${sqlIdent(name)} cascade;` }
  }
  if ((match = DROP_WRAPPER.exec(text))) {
    return { run: `drop foreign data wrapper if exists ${sqlIdent(identifier(match[1]!))}${match[2]?.toLowerCase() ?? ''};`, undo: null }
  }
  if (RESET_STATISTICS.test(text)) {
    // The project's own statistics only: the function's default resets every database's.
    return {
      run: `do $platform$
declare
  home text := (select n.nspname from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_stat_statements');
begin
  execute pg_catalog.format('select %I.pg_stat_statements_reset(0, (select oid from pg_catalog.pg_database where datname = pg_catalog.current_database()), 0)', home);
end
$platform$;`,
      undo: null,
    }
  }
  return null
}

/**
 * A text the owner was refused, done with the platform's help when it starts with platform
 * statements; null when it does not (the refusal stands). The answer is the rest's, or none.
 */
export async function runWithPlatform<T>(asPlatform: (sql: string) => Promise<unknown>, sql: string, runRest: (rest: string) => Promise<T[]>): Promise<{ answer: T[] } | null> {
  const statements = splitStatements(sql)
  const platform: PlatformStatement[] = []
  let restStart: number | null = null
  for (const statement of statements) {
    const found = platformStatementOf(statement.text)
    if (!found) {
      restStart = statement.start
      break
    }
    platform.push(found)
  }
  if (!platform.some((statement) => !statement.preparing)) return null
  await asPlatform(`set search_path = pg_catalog;\nbegin;\n${platform.map((statement) => statement.run).join('\n')}\ncommit;`)
  const rest = restStart === null ? '' : sql.slice(restStart)
  if (rest.trim() === '') return { answer: [] }
  try {
    return { answer: await runRest(rest) }
  } catch (error) {
    const undo = platform.map((statement) => statement.undo).filter((statement) => statement !== null)
    if (undo.length > 0) await asPlatform(`set search_path = pg_catalog;\n${undo.reverse().join('\n')}`).catch(() => undefined)
    throw error
  }
}
