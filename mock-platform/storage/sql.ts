/**
 * The SQL the storage endpoints run on `storage.buckets` / `storage.objects`. Values are spliced as
 * literals (sqlLiteral): object statements run inside one script under the caller's role (as
 * `roleScript` builds it), which a parameterised single statement cannot. Answers are jsonb, so
 * PGlite and a real server give the same shapes (timestamps as Postgres prints them in JSON).
 */
import { STORAGE_LIST_MAX_LIMIT, STORAGE_LIST_PAGE_SIZE, type StorageRole, type StorageSortColumn, type StorageSortOrder } from '../../src/constants'
import { sqlArray, sqlIdent, sqlJson, sqlLiteral } from '../../src/lib/sql/quote'

export interface StorageCallerClaims {
  role: StorageRole
  /** `sub`: auth.uid() in policies. */
  userId: string | null
}

/**
 * One transaction under the caller's role with its claims (as the GraphQL endpoint does): RLS on
 * storage.objects applies for real. The statements' results follow the first three.
 */
export function roleScript(caller: StorageCallerClaims, statements: readonly string[], options: { rollback?: boolean } = {}): string {
  const claims = caller.userId ? { role: caller.role, sub: caller.userId } : { role: caller.role }
  return [
    'begin',
    `set local role ${sqlIdent(caller.role)}`,
    `select set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(claims))}, true)`,
    ...statements,
    options.rollback ? 'rollback' : 'commit',
  ].join(';\n') + ';'
}
/** Where the first statement's result is in an exec answer of `roleScript`. */
export const FIRST_STATEMENT = 3

/** A LIKE pattern matching names that start with `prefix` (backslash is the escape). */
export function prefixPattern(prefix: string): string {
  return sqlLiteral(`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
}

const objectJson = (o: string) => `jsonb_build_object('id', ${o}.id, 'name', ${o}.name, 'bucket_id', ${o}.bucket_id, 'owner', ${o}.owner,
  'created_at', ${o}.created_at, 'updated_at', ${o}.updated_at, 'last_accessed_at', ${o}.last_accessed_at, 'metadata', ${o}.metadata)`
const OBJECT_JSON = objectJson('o')

const BUCKET_JSON = `jsonb_build_object('id', b.id, 'name', b.name, 'owner', b.owner, 'public', coalesce(b.public, false),
  'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types, 'created_at', b.created_at, 'updated_at', b.updated_at, 'type', 'STANDARD')`

export function bucketsSql(id?: string): string {
  const where = id === undefined ? '' : `where b.id = ${sqlLiteral(id)}`
  return `select coalesce(jsonb_agg(${BUCKET_JSON} order by b.name), '[]'::jsonb) as answer from storage.buckets b ${where}`
}

export interface BucketFields {
  public?: boolean
  file_size_limit?: number | null
  allowed_mime_types?: readonly string[] | null
}

export function createBucketSql(id: string, fields: BucketFields): string {
  return `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (${sqlLiteral(id)}, ${sqlLiteral(id)}, ${sqlLiteral(fields.public ?? false)}, ${sqlLiteral(fields.file_size_limit ?? null)},
        ${fields.allowed_mime_types ? sqlArray(fields.allowed_mime_types, 'text') : 'null'})`
}

/** Only the fields given change; null clears a limit. */
export function updateBucketSql(id: string, fields: BucketFields): string {
  const sets = ['updated_at = now()']
  if (fields.public !== undefined) sets.push(`public = ${sqlLiteral(fields.public)}`)
  if (fields.file_size_limit !== undefined) sets.push(`file_size_limit = ${sqlLiteral(fields.file_size_limit)}`)
  if (fields.allowed_mime_types !== undefined) {
    sets.push(`allowed_mime_types = ${fields.allowed_mime_types ? sqlArray(fields.allowed_mime_types, 'text') : 'null'}`)
  }
  return `update storage.buckets set ${sets.join(', ')} where id = ${sqlLiteral(id)}`
}

/** Removes the bucket's objects (all of them: the platform's own statement, no role), answering their ids. */
export function emptyBucketSql(id: string): string {
  return `with gone as (delete from storage.objects where bucket_id = ${sqlLiteral(id)} returning id)
select coalesce(jsonb_agg(id), '[]'::jsonb) as answer from gone`
}

export function deleteBucketSql(id: string): string {
  return `delete from storage.buckets where id = ${sqlLiteral(id)}`
}

export interface ListOptions {
  /** '' for the root, else ending in '/'. */
  prefix: string
  limit: number
  offset: number
  search: string
  column: StorageSortColumn
  order: StorageSortOrder
  recursive: boolean
}

export function clampListLimit(limit: number | undefined): number {
  return Math.min(STORAGE_LIST_MAX_LIMIT, Math.max(1, Math.floor(limit ?? STORAGE_LIST_PAGE_SIZE)))
}

const SORT_EXPRESSION: Record<StorageSortColumn, string> = {
  name: 'e.name collate "C"',
  created_at: 'e.created_at',
  updated_at: 'e.updated_at',
  last_accessed_at: 'e.last_accessed_at',
  size: `(e.metadata ->> 'size')::bigint`,
}

/** A listing's entry as JSON, from a row of `id, name, owner, created_at, updated_at, last_accessed_at, metadata`. */
const entryJson = (row: string, bucket: string) => `jsonb_build_object('id', ${row}.id, 'name', ${row}.name, 'bucket_id', ${sqlLiteral(bucket)}, 'owner', ${row}.owner,
         'created_at', ${row}.created_at, 'updated_at', ${row}.updated_at, 'last_accessed_at', ${row}.last_accessed_at, 'metadata', ${row}.metadata)`
/** A folder's entry has only its name: the rest of an object's columns, null. */
const FOLDER_COLUMNS = `null::uuid as id, null::uuid as owner,
         null::timestamptz as created_at, null::timestamptz as updated_at, null::timestamptz as last_accessed_at, null::jsonb as metadata`

/**
 * One page of a listing. Non-recursive: the direct children of the prefix, folders (id null, the
 * folder's segment) before files (the file's segment), each sorted by the column (folders have only
 * a name, so they sort by it; names in byte order, `collate "C"`, as storage-api sorts them),
 * limit and offset over the combined list. Search matches the start of
 * the entry's own name, case-insensitively, as storage-api does. Recursive: every object under the
 * prefix with its full name. Runs under the caller's role: the folders are those of rows it may see.
 */
export function listSql(bucket: string, options: ListOptions): string {
  const order = options.order === 'desc' ? 'desc' : 'asc'
  const start = options.prefix.length + 1
  const sort = `${SORT_EXPRESSION[options.column]} ${order} nulls last, e.name collate "C" ${order}`
  const page = `limit ${options.limit} offset ${options.offset}`
  const under = (o: string) => `${o}.bucket_id = ${sqlLiteral(bucket)} and ${o}.name like ${prefixPattern(options.prefix)} escape '\\'`
  const searched = (name: string) => (options.search === '' ? 'true' : `${name} ilike ${prefixPattern(options.search)}`)
  if (options.recursive) {
    return `select coalesce(jsonb_agg(entry order by ord), '[]'::jsonb) as answer from (
  select ${objectJson('e')} as entry, row_number() over (order by ${sort}) as ord
    from storage.objects e where ${under('e')} and ${searched(`substr(e.name, ${start})`)}
   order by ${sort} ${page}) p`
  }
  if (options.column === 'name') return listByNameSql(bucket, options, under, searched)
  return `with rel as (
  select o.*, substr(o.name, ${start}) as rest from storage.objects o where ${under('o')}
), entries as (
  select distinct true as is_folder, split_part(rest, '/', 1) as name, ${FOLDER_COLUMNS}
    from rel where strpos(rest, '/') > 0
  union all
  select false, rest, id, owner, created_at, updated_at, last_accessed_at, metadata from rel where strpos(rest, '/') = 0
), ranked as (
  select e.*, row_number() over (order by e.is_folder desc, case when e.is_folder then e.name end collate "C" ${order}, ${sort}) as ord
    from entries e where ${searched('e.name')}
)
select coalesce(jsonb_agg(${entryJson('r', bucket)} order by r.ord), '[]'::jsonb) as answer
  from (select * from ranked order by ord ${page}) r`
}

/**
 * `listSql` sorted by name, the explorer's default, with the same entries in the same order but
 * without numbering the whole folder: the files' page is cut from the rows themselves (a top-N sort
 * over plain columns), each page's 200 rows only are made JSON, and only the subfolders' names are
 * gathered whole. On 10,000 files the general form materialized every row, sorted and numbered them
 * all for a page of 200, and building each row's JSON before the cut cost 22 µs a row in PGlite.
 */
function listByNameSql(bucket: string, options: ListOptions, under: (o: string) => string, searched: (name: string) => string): string {
  const order = options.order === 'desc' ? 'desc' : 'asc'
  const rest = `substr(o.name, ${options.prefix.length + 1})`
  return `with folders as (
  select distinct split_part(${rest}, '/', 1) as name from storage.objects o where ${under('o')} and strpos(${rest}, '/') > 0
), shown as (
  select name from folders where ${searched('name')}
), counted as (
  select greatest(0, count(*) - ${options.offset}) as folders_on_page, greatest(0, ${options.offset} - count(*)) as files_offset from shown
)
select coalesce(jsonb_agg(p.entry order by p.part, p.key collate "C" ${order}), '[]'::jsonb) as answer from (
  select 0 as part, f.name as key, ${entryJson('f', bucket)} as entry
    from (select name, ${FOLDER_COLUMNS} from shown order by name collate "C" ${order} limit ${options.limit} offset ${options.offset}) f
  union all
  select 1, e.name, ${entryJson('e', bucket)}
    from (select ${rest} as name, o.id, o.owner, o.created_at, o.updated_at, o.last_accessed_at, o.metadata
            from storage.objects o where ${under('o')} and strpos(${rest}, '/') = 0 and ${searched(rest)}
           order by o.name collate "C" ${order}
           limit greatest(0, ${options.limit} - (select folders_on_page from counted)) offset (select files_offset from counted)) e
) p`
}

/** The object rows (as the caller may see them) of these names. */
export function objectsByNameSql(bucket: string, names: readonly string[]): string {
  return `select coalesce(jsonb_agg(${OBJECT_JSON}), '[]'::jsonb) as answer from storage.objects o
 where o.bucket_id = ${sqlLiteral(bucket)} and o.name = any(${sqlArray(names, 'text')})`
}

export interface NewObject {
  name: string
  owner: string | null
  metadata: Record<string, unknown>
}

/** Inserts (or with upsert replaces) one object, answering its row. */
export function insertObjectSql(bucket: string, object: NewObject, upsert: boolean): string {
  const conflict = upsert
    ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, updated_at = now(), last_accessed_at = now()`
    : ''
  return `with saved as (
  insert into storage.objects as o (bucket_id, name, owner, metadata)
  values (${sqlLiteral(bucket)}, ${sqlLiteral(object.name)}, ${sqlLiteral(object.owner)}, ${sqlJson(object.metadata)}) ${conflict}
  returning o.*)
select ${OBJECT_JSON} as answer from saved o`
}

/** Whether the caller may replace an existing object (upsert): the row it may update, or none. */
export function touchObjectSql(bucket: string, name: string): string {
  return `with touched as (update storage.objects set updated_at = updated_at where bucket_id = ${sqlLiteral(bucket)} and name = ${sqlLiteral(name)} returning id)
select count(*)::int as answer from touched`
}

export function deleteObjectsSql(bucket: string, names: readonly string[]): string {
  return `with gone as (delete from storage.objects where bucket_id = ${sqlLiteral(bucket)} and name = any(${sqlArray(names, 'text')}) returning id, name)
select coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', name) order by name), '[]'::jsonb) as answer from gone`
}

/** Renames one object, or every object under a folder (`from` and `to` ending in '/'); answers how many moved. */
export function moveSql(bucket: string, from: string, to: string): string {
  const inBucket = `bucket_id = ${sqlLiteral(bucket)}`
  if (from.endsWith('/')) {
    return `with moved as (update storage.objects set name = ${sqlLiteral(to)} || substr(name, ${from.length + 1}), updated_at = now()
  where ${inBucket} and name like ${prefixPattern(from)} escape '\\' returning id)
select count(*)::int as answer from moved`
  }
  return `with moved as (update storage.objects set name = ${sqlLiteral(to)}, updated_at = now() where ${inBucket} and name = ${sqlLiteral(from)} returning id)
select count(*)::int as answer from moved`
}

/** Copies one object to a new name (a new id, the caller its owner); answers the source's and the copy's ids. */
export function copySql(bucket: string, from: string, to: string, owner: string | null): string {
  return `with source as (select id, metadata from storage.objects where bucket_id = ${sqlLiteral(bucket)} and name = ${sqlLiteral(from)}),
copied as (insert into storage.objects (bucket_id, name, owner, metadata)
  select ${sqlLiteral(bucket)}, ${sqlLiteral(to)}, ${sqlLiteral(owner)}, metadata from source returning id)
select jsonb_build_object('source', (select id from source), 'copy', (select id from copied)) as answer`
}
