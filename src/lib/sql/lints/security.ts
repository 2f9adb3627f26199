/**
 * The security advisor's lints about tables, views and policies, as bodies for `framedLintSql`
 * (frame.ts). Functions, extensions, types and storage are in security-objects.ts.
 */
import type { LintName } from '../../../constants/advisors'
import { apiRolesCanSelect, apiSchema, notFromExtension, policyCommand, policyRoles, policySchema, relationFindings, securityInvoker, userSchema, type LintBody, type LintScope } from './frame'

/** A policy expression's text without blanks, parentheses and case: `( TRUE )` and `true` read alike. */
const bare = (expression: string) => `pg_catalog.regexp_replace(lower(coalesce(${expression}, '')), '[[:space:]()]', '', 'g')`
const alwaysTrue = (expression: string) => `${bare(expression)} in ('true', '1=1')`

/** Column names that hold secrets or personal data when a table is exposed without RLS (exact, case-insensitive, `-` read as `_`). */
const SENSITIVE_COLUMN_NAMES = [
  'password', 'passwd', 'password_hash', 'secret', 'secret_key', 'private_key', 'api_key', 'apikey', 'access_token', 'refresh_token',
  'auth_token', 'session_token', 'token', 'otp', 'recovery_code', 'ssn', 'social_security_number', 'national_id', 'passport_number',
  'drivers_license', 'tax_id', 'credit_card', 'card_number', 'cvv', 'cvc', 'iban', 'bank_account', 'account_number', 'routing_number',
  'medical_record', 'health_record',
] // prettier-ignore

/** A table the API exposes without RLS: 0013's findings, and the tables 0023 looks into. */
const exposedWithoutRls = (scope: LintScope) => [`c.relkind in ('r', 'p')`, 'not c.relrowsecurity', apiSchema(scope), apiRolesCanSelect(), notFromExtension('c.oid')]

export const SECURITY_LINT_BODIES = {
  // 0002: a view whose rewrite rule depends on auth.users, selectable through the API, that does not check the caller's rights.
  auth_users_exposed: (scope) =>
    relationFindings({
      type: `case c.relkind when 'm' then 'materialized view' else 'view' end`,
      detail: 'View `%s.%s` reads auth.users and anon or authenticated may select from it.',
      where: [
        `c.relkind in ('v', 'm')`,
        apiSchema(scope),
        apiRolesCanSelect(),
        notFromExtension('c.oid'),
        `not (c.relkind = 'v' and ${securityInvoker()})`,
        `exists (
       select 1 from pg_catalog.pg_rewrite w
         join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_rewrite'::regclass and d.objid = w.oid
        where w.ev_class = c.oid and d.refobjid = pg_catalog.to_regclass('auth.users'))`,
      ],
    }),

  // 0007: policies written, row-level security off.
  policy_exists_rls_disabled: (scope) =>
    relationFindings({
      type: `'table'`,
      detail: 'Table `%s.%s` has policies (%s) but row-level security is disabled.',
      detailArgs: [`(select string_agg(p.polname, ', ' order by p.polname) from pg_catalog.pg_policy p where p.polrelid = c.oid)`],
      extra: `pg_catalog.jsonb_build_object('policy_names', to_jsonb(array(select p.polname::text from pg_catalog.pg_policy p where p.polrelid = c.oid order by 1)))`,
      where: [`c.relkind in ('r', 'p')`, 'not c.relrowsecurity', userSchema(scope), 'exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)'],
    }),

  // 0008: row-level security on, no policy at all.
  rls_enabled_no_policy: (scope) =>
    relationFindings({
      type: `'table'`,
      detail: 'Table `%s.%s` has row-level security enabled but no policy.',
      where: [`c.relkind in ('r', 'p')`, 'c.relrowsecurity', userSchema(scope), notFromExtension('c.oid'), 'not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)'],
    }),

  // 0010: an exposed view that runs as its owner.
  security_definer_view: (scope) =>
    relationFindings({
      type: `'view'`,
      detail: "View `%s.%s` is defined without security_invoker, so it runs with its owner's rights.",
      where: [`c.relkind = 'v'`, apiSchema(scope), apiRolesCanSelect(), notFromExtension('c.oid'), `not ${securityInvoker()}`],
    }),

  // 0013
  rls_disabled_in_public: (scope) =>
    relationFindings({ type: `'table'`, detail: 'Table `%s.%s` is exposed through the API but row-level security is not enabled.', where: exposedWithoutRls(scope) }),

  // 0015: USING or WITH CHECK mentions user_metadata (what a user may set on themselves).
  rls_references_user_metadata: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Policy \`%s\` on \`%s.%s\` reads user_metadata, which users can edit themselves.', p.polname, n.nspname, c.relname) as detail,
       format('%s_%s_%s', n.nspname, c.relname, p.polname) as key,
       pg_catalog.jsonb_build_object('policy_name', p.polname) as extra
  from pg_catalog.pg_policy p
  join pg_catalog.pg_class c on c.oid = p.polrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where ${policySchema(scope)}
   and (coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid), '')) ~* 'user_metadata'`,

  // 0016 and 0017: relations that cannot have row-level security, readable through the API.
  materialized_view_in_api: (scope) => exposedRelation(scope, 'm', 'materialized view', 'Materialized view'),
  foreign_table_in_api: (scope) => exposedRelation(scope, 'f', 'foreign table', 'Foreign table'),

  // 0023: one finding per table, naming its sensitive columns.
  sensitive_columns_exposed: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Table \`%s.%s\` is exposed through the API without row-level security and has sensitive columns: %s.', n.nspname, c.relname,
              string_agg(a.attname, ', ' order by a.attnum)) as detail,
       format('%s_%s', n.nspname, c.relname) as key,
       pg_catalog.jsonb_build_object('sensitive_columns', to_jsonb(array_agg(a.attname::text order by a.attnum))) as extra
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
 where ${exposedWithoutRls(scope).join('\n   and ')}
   and replace(lower(a.attname), '-', '_') = any(array[${SENSITIVE_COLUMN_NAMES.map((name) => `'${name}'`).join(', ')}])
 group by n.nspname, c.relname`,

  // 0024: a permissive write policy for the API roles whose condition is literally true.
  rls_policy_always_true: (scope) => `
select n.nspname as schema, c.relname as name, 'table' as type,
       format('Policy \`%s\` on \`%s.%s\` lets %s %s any row: its %s is always true.', p.polname, n.nspname, c.relname,
              array_to_string(${policyRoles()}, ', '), lower(${policyCommand()}), case when t.using_true then 'USING' else 'WITH CHECK' end) as detail,
       format('%s_%s_%s', n.nspname, c.relname, p.polname) as key,
       pg_catalog.jsonb_build_object('policy_name', p.polname, 'command', ${policyCommand()}, 'roles', to_jsonb(${policyRoles()})) as extra
  from pg_catalog.pg_policy p
  join pg_catalog.pg_class c on c.oid = p.polrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 cross join lateral (
       select ${policyCommand()} in ('UPDATE', 'DELETE', 'ALL') and ${alwaysTrue('pg_catalog.pg_get_expr(p.polqual, p.polrelid)')} as using_true,
              ${policyCommand()} in ('INSERT', 'UPDATE', 'ALL') and ${alwaysTrue('pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid)')}
              or ${policyCommand()} = 'INSERT' and p.polwithcheck is null as check_true) as t
 where c.relrowsecurity and p.polpermissive
   and ${policySchema(scope)}
   and (p.polroles && array[0::oid] or exists (select 1 from unnest(p.polroles) as r(oid) where pg_catalog.pg_get_userbyid(r.oid) in ('anon', 'authenticated')))
   and (t.using_true or t.check_true)`,
} satisfies Partial<Record<LintName, LintBody>>

function exposedRelation(scope: LintScope, relkind: 'm' | 'f', type: string, label: string): string {
  return relationFindings({
    type: `'${type}'`,
    detail: `${label} \`%s.%s\` is readable through the API by anon or authenticated, and cannot have row-level security.`,
    where: [`c.relkind = '${relkind}'`, apiSchema(scope), apiRolesCanSelect(), notFromExtension('c.oid')],
  })
}
