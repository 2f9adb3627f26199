/**
 * A policy's effect, measured on the real database before it is saved: for each viewer (a user, or
 * anon), the rows of the table they may read, for update and delete the rows they may change, and
 * for insert which of the table's own rows they could have written as new ones, as the table stands
 * (before) and with the policy statement applied (after). One script, in one
 * transaction that is rolled back: nothing it does stays.
 *
 * How: each viewer's claims are set as the platform's API sets them (`request.jwt.claims`, made from
 * the user's own record while the script still runs as the project's role), then `set local role` to
 * theirs, and each measure runs in a block of its own so a refusal (no grant, a wrong expression) is
 * that viewer's answer, not the end of the script. The answers travel out of the role switches in
 * transaction-local settings (`studio.effect_*`) read at the end. A change is measured by doing it
 * (an update of a column to itself, a delete) and counting what Postgres let through, then undone at
 * once (its block rolled back), so the next viewer and "after" see the table as it was; triggers run
 * too and are undone with it. An insert is measured the same way, row by row: each of the table's
 * first rows (read once as the project's role) is written again as the viewer, each in a block of
 * its own; Postgres checks row level security before any other constraint, so a refusal with
 * SQLSTATE 42501 is the policy's (or the grant's) no, and anything else — a copy of an existing key
 * refused as a duplicate — means the policy let it through.
 */
import { dollarQuoteFor } from './functions'
import { sqlIdent, sqlLiteral } from './quote'
import { qualifiedName } from './table-rows'

/** Rows of each answer kept to show (the counts are of all of them). */
export const EFFECT_SAMPLE_ROWS = 20
/** Rows of the table tried as new rows for the insert measure: each is a block of its own. */
export const EFFECT_INSERT_CANDIDATES = 100

export interface EffectViewer {
  /** A user's id, or null for anon (no session). */
  userId: string | null
}

export type EffectMeasure = 'read' | 'insert' | 'update' | 'delete'

export interface PolicyEffectRequest {
  schema: string
  table: string
  /** Columns a statement may write (not generated, not an identity always): an insert writes them, an update sets the first to itself. */
  writableColumns: readonly string[]
  measures: readonly EffectMeasure[]
  viewers: readonly EffectViewer[]
  /** The statements of the change (create, alter or drop policy); run between before and after. */
  change: string
  /** Row level security is off: turn it on for "after", as the policy only counts once it is. */
  enableRowLevelSecurity: boolean
}

/** Raised to undo a measure's changes: what it changed is counted, then rolled back before the next. */
const UNDO = 'studio: measured, undone'

const keyOf = (phase: 'before' | 'after', viewer: number, measure: EffectMeasure) => `studio.effect_${phase}_${viewer}_${measure}`
/** The insert measure's candidates (JSON), read once before any role switch. */
const CANDIDATES_KEY = 'studio.effect_insert_candidates'

/** The candidates as the project's role reads them (the table's owner, whom row level security does not hold). */
const candidatesSql = (table: string) =>
  `select set_config(${sqlLiteral(CANDIDATES_KEY)}, (select coalesce(jsonb_agg(to_jsonb(c)), '[]')::text from (select * from ${table} limit ${EFFECT_INSERT_CANDIDATES}) c), true);`

/**
 * Each candidate written again as the viewer, in a block of its own. A refusal other than row level
 * security's own (no grant, no schema) when nothing got through is the viewer's answer, as for a read.
 */
function insertMeasureSql(table: string, columns: readonly string[]): string {
  const names = columns.map(sqlIdent).join(', ')
  return [
    `for candidate in select value from jsonb_array_elements(current_setting(${sqlLiteral(CANDIDATES_KEY)})::jsonb) loop`,
    `begin insert into ${table} (${names}) select ${names} from jsonb_populate_record(null::${table}, candidate);`,
    'exception when insufficient_privilege then refusal := sqlerrm; continue; when others then null; end;',
    `written := written + 1; if jsonb_array_length(kept) < ${EFFECT_SAMPLE_ROWS} then kept := kept || jsonb_build_array(candidate); end if;`,
    'end loop;',
    "if written = 0 and refusal is not null and refusal not like 'new row violates row-level security policy%' then raise exception '%', refusal; end if;",
    "answer := json_build_object('count', written, 'rows', kept)::text",
  ].join(' ')
}

/** The measure as PL/pgSQL statements that put the answer (JSON text) into `answer`: a data-modifying WITH is allowed there, at the top. */
function measureSql(table: string, measure: EffectMeasure, columns: readonly string[]): string | null {
  const sample = (source: string) => `(select coalesce(json_agg(to_jsonb(s)), '[]') from (select * from ${source} limit ${EFFECT_SAMPLE_ROWS}) s)`
  const answer = (source: string) => `select json_build_object('count', (select count(*) from ${source}), 'rows', ${sample(source)})::text into answer`
  if (measure === 'read') return answer(table)
  if (columns.length === 0 && (measure === 'update' || measure === 'insert')) return null
  if (measure === 'insert') return insertMeasureSql(table, columns)
  if (measure === 'update') {
    const set = sqlIdent(columns[0]!)
    return `with changed as (update ${table} set ${set} = ${set} returning *) ${answer('changed')}`
  }
  return `with gone as (delete from ${table} returning *) ${answer('gone')}`
}

/** A DO block of `body`, dollar-quoted with a tag the body does not hold (a table may be called x$function$y). */
const doBlock = (body: string) => {
  const tag = dollarQuoteFor(body)
  return `do ${tag} ${body} ${tag};`
}

/** What the claims of a viewer are: a user's made from their record (as the auth server puts them in a token), anon's the role alone. */
function claimsSql(viewer: EffectViewer): string {
  if (viewer.userId === null) return `'{"role": "anon"}'`
  return `(select json_build_object('sub', u.id, 'role', 'authenticated', 'aud', 'authenticated', 'email', u.email, 'phone', u.phone,
             'app_metadata', coalesce(u.raw_app_meta_data, '{}'), 'user_metadata', coalesce(u.raw_user_meta_data, '{}'), 'is_anonymous', u.is_anonymous)::text
        from auth.users u where u.id = ${sqlLiteral(viewer.userId)}::uuid)`
}

function phaseSql(request: PolicyEffectRequest, phase: 'before' | 'after'): string {
  const table = qualifiedName(request.schema, request.table)
  const parts: string[] = []
  request.viewers.forEach((viewer, index) => {
    for (const measure of request.measures) {
      const sql = measureSql(table, measure, request.writableColumns)
      if (sql === null) continue
      const key = sqlLiteral(keyOf(phase, index, measure))
      parts.push(
        `select set_config('request.jwt.claims', coalesce(${claimsSql(viewer)}, '{"role": "anon"}'), true);`,
        `set local role ${viewer.userId === null ? 'anon' : 'authenticated'};`,
        // The measure runs in a block undone at its end (an exception rolls the block back; the variable keeps the answer).
        doBlock(`declare answer text; candidate jsonb; written int := 0; kept jsonb := '[]'; refusal text; begin begin ${sql}; raise exception '${UNDO}'; exception when others then if sqlerrm <> '${UNDO}' then answer := json_build_object('error', sqlerrm)::text; end if; end; perform set_config(${key}, answer, true); end`),
        'reset role;',
      )
    }
  })
  return parts.join('\n')
}

/** The script: before, the change, after, then one row `effect` with every answer; rolled back. */
export function policyEffectScript(request: PolicyEffectRequest): string {
  const answers = (phase: 'before' | 'after') =>
    `json_build_array(${request.viewers
      .map((_, index) => `json_build_object(${request.measures.map((measure) => `${sqlLiteral(measure)}, nullif(current_setting(${sqlLiteral(keyOf(phase, index, measure))}, true), '')::json`).join(', ')})`)
      .join(', ')})`
  return [
    'begin;',
    "set local statement_timeout = '5s';",
    request.measures.includes('insert') ? candidatesSql(qualifiedName(request.schema, request.table)) : '',
    phaseSql(request, 'before'),
    request.enableRowLevelSecurity ? `alter table ${qualifiedName(request.schema, request.table)} enable row level security;` : '',
    request.change,
    phaseSql(request, 'after'),
    `select json_build_object('before', ${answers('before')}, 'after', ${answers('after')}) as effect;`,
    'rollback;',
  ]
    .filter((part) => part !== '')
    .join('\n')
}

/** Checks a statement without keeping it: Postgres's refusal, if any, is the answer. */
export function rolledBackSql(statements: string): string {
  return `begin;\n${statements}\nselect 1 as accepted;\nrollback;`
}
