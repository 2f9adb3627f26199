/**
 * The performance advisor's lints as bodies for `framedLintSql` (frame.ts): each finds its objects
 * in the catalogue and the statistics views, written for Postgres 15 and later (PGlite is 18).
 */
import type { LintName } from '../../../constants/advisors'
import { notFromExtension, policyCommand, policySchema, relationFindings, userSchema, type LintBody } from './frame'

/** The functions a policy should call once per statement, not once per row. */
const PER_ROW_CALL = `(auth\\.(uid|jwt|role|email)|current_setting)\\(`
/** …and the same call wrapped in a sub-select, which Postgres evaluates once (an initPlan). */
const WRAPPED_CALL = `\\(\\s*select\\s+(auth\\.(uid|jwt|role|email)|current_setting)\\(`

/**
 * Whether index `i` (a pg_index alias) serves foreign key `k` (a pg_constraint alias): an index of its
 * table, valid and unconditional, whose leading columns are exactly the key's, in any order.
 */
function indexServesForeignKey(i: string, k: string): string {
  const leading = `(string_to_array(${i}.indkey::text, ' ')::int2[])[1:cardinality(${k}.conkey)]`
  return `(${i}.indrelid = ${k}.conrelid and ${i}.indisvalid and ${i}.indpred is null and ${leading} @> ${k}.conkey and ${leading} <@ ${k}.conkey)`
}

const callsPerRow = (expression: string) =>
  `(pg_catalog.regexp_replace(coalesce(${expression}, ''), '${WRAPPED_CALL}', '', 'gi') ~* '${PER_ROW_CALL}')`

export const PERFORMANCE_LINT_BODIES = {
  // 0001: no valid, unconditional index whose leading columns are exactly the key's columns.
  unindexed_foreign_keys: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Table \`%s.%s\` has a foreign key \`%s\` on (%s) that no index starts with.', n.nspname, c.relname, k.conname, cols.list) as detail,
       format('%s_%s_%s', n.nspname, c.relname, k.conname) as key,
       pg_catalog.jsonb_build_object('fkey_name', k.conname, 'fkey_columns', to_jsonb(k.conkey), 'fkey_column_names', to_jsonb(cols.names)) as extra
  from pg_catalog.pg_constraint k
  join pg_catalog.pg_class c on c.oid = k.conrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 cross join lateral (
       select array_agg(a.attname::text order by u.ord) as names, string_agg(a.attname::text, ', ' order by u.ord) as list
         from unnest(k.conkey) with ordinality as u(attnum, ord)
         join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum) as cols
 where k.contype = 'f'
   and ${userSchema(scope)}
   and ${notFromExtension('c.oid')}
   and not exists (select 1 from pg_catalog.pg_index i where ${indexServesForeignKey('i', 'k')})`,

  // 0003: a direct call left in USING or WITH CHECK once every wrapped one is taken out.
  auth_rls_initplan: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Policy \`%s\` on \`%s.%s\` calls an auth function (or current_setting) for every row it checks.', p.polname, n.nspname, c.relname) as detail,
       format('%s_%s_%s', n.nspname, c.relname, p.polname) as key,
       pg_catalog.jsonb_build_object('policy_name', p.polname, 'command', ${policyCommand()}, 'qual', e.qual, 'with_check', e.with_check) as extra
  from pg_catalog.pg_policy p
  join pg_catalog.pg_class c on c.oid = p.polrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 cross join lateral (select pg_catalog.pg_get_expr(p.polqual, p.polrelid) as qual, pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid) as with_check) as e
 where c.relrowsecurity
   and ${policySchema(scope)}
   and (${callsPerRow('e.qual')} or ${callsPerRow('e.with_check')})`,

  // 0004: ordinary and partitioned tables (not partitions: their parent holds the key).
  no_primary_key: (scope) =>
    relationFindings({
      type: `'table'`,
      detail: 'Table `%s.%s` has no primary key.',
      extra: `pg_catalog.jsonb_build_object('column_names', coalesce((
         select to_jsonb(array_agg(a.attname::text order by a.attnum)) from pg_catalog.pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::jsonb))`,
      where: [`c.relkind in ('r', 'p')`, 'not c.relispartition', userSchema(scope), notFromExtension('c.oid'), `not exists (select 1 from pg_catalog.pg_constraint k where k.conrelid = c.oid and k.contype = 'p')`],
    }),

  // 0005: never scanned since the statistics were reset; an index that enforces something is needed
  // regardless, and so is one that serves a foreign key (what 0001 asks for: its Fix makes one, which
  // has had no scan yet; dropping it would bring 0001 back).
  unused_index: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Index \`%s\` on \`%s.%s\` has never been used.', ci.relname, n.nspname, c.relname) as detail,
       format('%s_%s_%s', n.nspname, c.relname, ci.relname) as key,
       pg_catalog.jsonb_build_object('index_name', ci.relname, 'index_size', pg_catalog.pg_relation_size(ci.oid)) as extra
  from pg_catalog.pg_stat_user_indexes s
  join pg_catalog.pg_index i on i.indexrelid = s.indexrelid
  join pg_catalog.pg_class ci on ci.oid = s.indexrelid
  join pg_catalog.pg_class c on c.oid = s.relid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where s.idx_scan = 0
   and not i.indisunique and not i.indisprimary
   and not exists (select 1 from pg_catalog.pg_constraint k where k.conindid = i.indexrelid)
   and not exists (select 1 from pg_catalog.pg_constraint f where f.contype = 'f' and ${indexServesForeignKey('i', 'f')})
   and ${userSchema(scope)}
   and ${notFromExtension('c.oid')}`,

  // 0006: per table, role and action (ALL counts for each), more than one permissive policy.
  multiple_permissive_policies: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Table \`%s.%s\` has %s permissive policies for role \`%s\` and %s: %s.', n.nspname, c.relname, count(*), pr.role, pr.action, string_agg(pr.policy, ', ' order by pr.policy)) as detail,
       format('%s_%s_%s_%s', n.nspname, c.relname, pr.role, pr.action) as key,
       pg_catalog.jsonb_build_object('role', pr.role, 'action', pr.action, 'policy_names', to_jsonb(array_agg(pr.policy::text order by pr.policy))) as extra
  from (
       select p.polrelid, p.polname as policy, case when r.oid = 0 then 'public' else pg_catalog.pg_get_userbyid(r.oid)::text end as role, a.action
         from pg_catalog.pg_policy p
        cross join unnest(p.polroles) as r(oid)
        cross join unnest(case ${policyCommand()} when 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[${policyCommand()}] end) as a(action)
        where p.polpermissive) as pr
  join pg_catalog.pg_class c on c.oid = pr.polrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where c.relrowsecurity
   and ${policySchema(scope)}
 group by n.nspname, c.relname, pr.role, pr.action
having count(*) > 1`,

  // 0009: same table, method, columns or expressions, operator classes, collations, options and predicate.
  duplicate_index: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Table \`%s.%s\` has identical indexes: %s.', n.nspname, c.relname, string_agg(ci.relname, ', ' order by ci.relname)) as detail,
       format('%s_%s_%s', n.nspname, c.relname, string_agg(ci.relname, '_' order by ci.relname)) as key,
       pg_catalog.jsonb_build_object('indexes', jsonb_agg(pg_catalog.jsonb_build_object('name', ci.relname, 'enforces_constraint', ix.enforces) order by ix.enforces desc, ci.relname)) as extra
  from pg_catalog.pg_index i
  join pg_catalog.pg_class ci on ci.oid = i.indexrelid
  join pg_catalog.pg_class c on c.oid = i.indrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 cross join lateral (select exists (select 1 from pg_catalog.pg_constraint k where k.conindid = i.indexrelid) as enforces) as ix
 where ${userSchema(scope)}
   and ${notFromExtension('c.oid')}
 group by n.nspname, c.relname, ci.relam, i.indkey::text, i.indclass::text, i.indcollation::text, i.indoption::text, i.indisunique,
          coalesce(pg_catalog.pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_catalog.pg_get_expr(i.indpred, i.indrelid), '')
having count(*) > 1`,
} satisfies Partial<Record<LintName, LintBody>>
