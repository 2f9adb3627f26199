/**
 * The security advisor's lints about functions, extensions, column types, keys to auth and storage
 * buckets, as bodies for `framedLintSql` (frame.ts).
 */
import type { LintName } from '../../../constants/advisors'
import { apiSchema, notFromExtension, routineFindings, userSchema, type LintBody, type LintScope } from './frame'

/** Types that store object ids pg_upgrade cannot carry over (regclass, regrole and regtype it can). */
const UNSUPPORTED_REG_TYPES = ['regcollation', 'regconfig', 'regdictionary', 'regnamespace', 'regoper', 'regoperator', 'regproc', 'regprocedure']

/**
 * The public buckets, read at run time: `storage.buckets` may not exist (storage not set up yet),
 * and a table that does not exist cannot be named in a statement. query_to_xml runs its query only
 * when the table is there; the rows come back base64-encoded JSON, so no XML parser is needed and
 * no name can break out of the XML.
 */
const PUBLIC_BUCKETS = `
select b.id, b.name
  from jsonb_to_recordset(coalesce((
       select convert_from(decode(pg_catalog.regexp_replace((pg_catalog.regexp_match(
                pg_catalog.query_to_xml('select encode(convert_to(coalesce(json_agg(json_build_object(''id'', id, ''name'', name) order by id)::text, ''[]''), ''UTF8''), ''base64'') as j from storage.buckets where public', false, true, '')::text,
                '<j>([^<]*)</j>'))[1], '[[:space:]]', '', 'g'), 'base64'), 'UTF8')::jsonb
        where pg_catalog.to_regclass('storage.buckets') is not null), '[]'::jsonb)) as b(id text, name text)`

/** A policy expression with casts, blanks and parentheses taken out, so `(bucket_id = 'a'::text)` reads as `bucket_id='a'`. */
const normalizedExpression = (expression: string) =>
  `pg_catalog.regexp_replace(pg_catalog.regexp_replace(lower(${expression}), '::[a-z_ ]+', '', 'g'), '[[:space:]()]', '', 'g')`

const securityDefinerExecutable = (scope: LintScope, role: 'anon' | 'authenticated') =>
  routineFindings({
    detail: `Function \`%s.%s(%s)\` is SECURITY DEFINER and ${role} may execute it through the API.`,
    where: [`p.prosecdef and p.prokind in ('f', 'p')`, apiSchema(scope), `pg_catalog.has_function_privilege('${role}', p.oid, 'EXECUTE')`, notFromExtension('p.oid', 'pg_proc')],
  })

export const SECURITY_OBJECT_LINT_BODIES = {
  // 0011: no `search_path` among the function's own settings.
  function_search_path_mutable: (scope) =>
    routineFindings({
      detail: 'Function `%s.%s(%s)` has no search_path of its own.',
      join: '\n  join pg_catalog.pg_language l on l.oid = p.prolang',
      where: [
        `p.prokind in ('f', 'p')`,
        `l.lanname not in ('c', 'internal')`,
        userSchema(scope),
        notFromExtension('p.oid', 'pg_proc'),
        `not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as s(setting) where s.setting like 'search\\_path=%')`,
      ],
    }),

  // 0014
  extension_in_public: () => `
select n.nspname as schema, e.extname as name, 'extension' as type,
       format('Extension \`%s\` is installed in the public schema.', e.extname) as detail,
       e.extname::text as key,
       pg_catalog.jsonb_build_object('relocatable', e.extrelocatable, 'version', e.extversion) as extra
  from pg_catalog.pg_extension e
  join pg_catalog.pg_namespace n on n.oid = e.extnamespace
 where n.nspname = 'public'`,

  // 0018: one finding per column.
  unsupported_reg_types: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Column \`%s\` of \`%s.%s\` has type %s, which pg_upgrade cannot carry over.', a.attname, n.nspname, c.relname, t.typname) as detail,
       format('%s_%s_%s', n.nspname, c.relname, a.attname) as key,
       pg_catalog.jsonb_build_object('column', a.attname, 'column_type', t.typname) as extra
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_class c on c.oid = a.attrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_type t on t.oid = a.atttypid
 where a.attnum > 0 and not a.attisdropped
   and c.relkind in ('r', 'p', 'm')
   and t.typname = any(array[${UNSUPPORTED_REG_TYPES.map((type) => `'${type}'`).join(', ')}])
   and ${userSchema(scope)}
   and ${notFromExtension('c.oid')}`,

  // 0021: the key's index is unique but not the primary key, on a table of the auth schema.
  fkey_to_auth_unique: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Foreign key \`%s\` of \`%s.%s\` references a unique constraint of auth.%s, not its primary key.', k.conname, n.nspname, c.relname, r.relname) as detail,
       format('%s_%s_%s', n.nspname, c.relname, k.conname) as key,
       pg_catalog.jsonb_build_object('fkey_name', k.conname, 'referenced_table', 'auth.' || r.relname) as extra
  from pg_catalog.pg_constraint k
  join pg_catalog.pg_class c on c.oid = k.conrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_class r on r.oid = k.confrelid
  join pg_catalog.pg_namespace rn on rn.oid = r.relnamespace
  join pg_catalog.pg_index i on i.indexrelid = k.conindid
 where k.contype = 'f' and rn.nspname = 'auth'
   and i.indisunique and not i.indisprimary
   and ${userSchema(scope)}`,

  // 0022: installed at another version than the one Postgres would install now.
  extension_versions_outdated: () => `
select n.nspname as schema, e.extname as name, 'extension' as type,
       format('Extension \`%s\` is at version %s; %s is available.', e.extname, e.extversion, a.default_version) as detail,
       e.extname::text as key,
       pg_catalog.jsonb_build_object('installed_version', e.extversion, 'default_version', a.default_version) as extra
  from pg_catalog.pg_extension e
  join pg_catalog.pg_namespace n on n.oid = e.extnamespace
  join pg_catalog.pg_available_extensions a on a.name = e.extname
 where a.default_version is not null and a.default_version <> e.extversion`,

  // 0025: a public bucket, and SELECT policies on storage.objects for the API roles that let everyone list it.
  public_bucket_allows_listing: () => `
select 'storage' as schema, b.name, 'bucket' as type,
       format('Public bucket \`%s\` can be listed by anyone through %s on storage.objects: %s.', b.name,
              case when count(*) = 1 then 'a broad SELECT policy' else count(*) || ' broad SELECT policies' end, string_agg(p.polname, ', ' order by p.polname)) as detail,
       b.id as key,
       pg_catalog.jsonb_build_object('bucket_id', b.id, 'policy_names', to_jsonb(array_agg(p.polname::text order by p.polname))) as extra
  from (${PUBLIC_BUCKETS}) as b
  join pg_catalog.pg_policy p on p.polrelid = pg_catalog.to_regclass('storage.objects')
 where p.polpermissive and p.polcmd in ('r', '*')
   and (p.polroles && array[0::oid] or exists (select 1 from unnest(p.polroles) as r(oid) where pg_catalog.pg_get_userbyid(r.oid) in ('anon', 'authenticated')))
   and (p.polqual is null
        or ${normalizedExpression('pg_catalog.pg_get_expr(p.polqual, p.polrelid)')} in ('true', '1=1', ${normalizedExpression(`'bucket_id = ' || quote_literal(b.id)`)}))
 group by b.id, b.name`,

  // 0028 and 0029
  anon_security_definer_function_executable: (scope) => securityDefinerExecutable(scope, 'anon'),
  authenticated_security_definer_function_executable: (scope) => securityDefinerExecutable(scope, 'authenticated'),
} satisfies Partial<Record<LintName, LintBody>>
