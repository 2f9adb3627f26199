/**
 * A schema only its owner may use: every grant on it and on its tables, sequences and functions to
 * anyone else (PUBLIC included) is taken back. The platform's own schemas are such (`studio_meta`
 * holds wrappers' secret options, `vault` its root key): on a real server the project's read-only
 * role is granted everything its owner makes (server-tenancy.ts), and these are the exceptions.
 * Whoever should use one after all (vault: service_role) is granted so after this runs.
 */
import { sqlLiteral } from '../../src/lib/sql/quote.ts'

export function privateSchemaSql(schema: string): string {
  return `
do $private$
declare
  item record;
begin
  for item in
    select format('schema %I', n.nspname) as target, a.grantee from pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
     where n.nspname = ${sqlLiteral(schema)} and a.grantee <> n.nspowner
    union
    select format('table %s', c.oid::regclass), a.grantee from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace, pg_catalog.aclexplode(c.relacl) a
     where n.nspname = ${sqlLiteral(schema)} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.grantee <> c.relowner
    union
    select format('sequence %s', c.oid::regclass), a.grantee from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace, pg_catalog.aclexplode(c.relacl) a
     where n.nspname = ${sqlLiteral(schema)} and c.relkind = 'S' and a.grantee <> c.relowner
    union
    select format('function %s', p.oid::regprocedure), a.grantee from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace, pg_catalog.aclexplode(coalesce(p.proacl, pg_catalog.acldefault('f', p.proowner))) a
     where n.nspname = ${sqlLiteral(schema)} and a.grantee <> p.proowner
  loop
    execute format('revoke all on %s from %s', item.target, case when item.grantee = 0 then 'public' else quote_ident(pg_catalog.pg_get_userbyid(item.grantee)) end);
  end loop;
end
$private$;
`
}
