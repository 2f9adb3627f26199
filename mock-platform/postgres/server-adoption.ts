/**
 * A project database an older Studio made on a real server belongs to DATABASE_URL's user (the
 * admin): its schemas, tables, views, sequences, functions and types too. Since project SQL runs as
 * the project's owner role (server-tenancy.ts), those are handed to that role once, so the user can
 * still change their own tables, and the read-only role is given what it reads (default privileges
 * only cover what is made from now on).
 *
 * Left with the admin: what belongs to an extension (the extension's owner decides), the system
 * schemas, and kinds of object a project seldom has (operators, collations, publications, event
 * triggers, large objects…): the owner's SQL meets a "must be owner" there, and says so.
 */
import { sqlLiteral } from '../../src/lib/sql/quote.ts'
import type { ProjectRoles } from './server-address.ts'

/** Schemas the read-only role never reads (private-schema.ts). */
const PRIVATE_SCHEMAS = ['studio_meta', 'vault']

/** Runs as the admin inside the database; idempotent. */
export function adoptDatabaseSql(roles: ProjectRoles): string {
  return `
do $adopt$
declare
  new_owner text := ${sqlLiteral(roles.owner)};
  reader text := ${sqlLiteral(roles.reader)};
  admin oid := (select oid from pg_catalog.pg_roles where rolname = current_user);
  item record;
begin
  -- Objects that belong to an extension stay with it.
  create temporary table adopt_skipped on commit drop as
    select classid, objid from pg_catalog.pg_depend where deptype = 'e';

  for item in
    select n.nspname from pg_catalog.pg_namespace n
     where n.nspowner = admin and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
       and not exists (select 1 from adopt_skipped s where s.classid = 'pg_catalog.pg_namespace'::regclass and s.objid = n.oid)
  loop
    execute format('alter schema %I owner to %I', item.nspname, new_owner);
  end loop;

  -- A sequence owned by a column follows its table.
  for item in
    select c.oid::regclass::text as name, c.relkind from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relowner = admin and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
       and not exists (select 1 from adopt_skipped s where s.classid = 'pg_catalog.pg_class'::regclass and s.objid = c.oid)
       and not (c.relkind = 'S' and exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')))
  loop
    execute format('alter %s %s owner to %I',
      case item.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
      item.name, new_owner);
  end loop;

  for item in
    select p.oid::regprocedure::text as name from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where p.proowner = admin and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
       and not exists (select 1 from adopt_skipped s where s.classid = 'pg_catalog.pg_proc'::regclass and s.objid = p.oid)
  loop
    execute format('alter routine %s owner to %I', item.name, new_owner);
  end loop;

  -- Enums, ranges, domains and composite types of their own (a table's row type follows the table).
  for item in
    select t.oid::regtype::text as name, t.typtype from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
     where t.typowner = admin and t.typtype in ('e', 'r', 'd', 'c') and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
       and (t.typtype <> 'c' or (select c.relkind from pg_catalog.pg_class c where c.oid = t.typrelid) = 'c')
       and not exists (select 1 from adopt_skipped s where s.classid = 'pg_catalog.pg_type'::regclass and s.objid = t.oid)
  loop
    execute format('alter %s %s owner to %I', case item.typtype when 'd' then 'domain' else 'type' end, item.name, new_owner);
  end loop;

  for item in
    select n.nspname from pg_catalog.pg_namespace n
     where n.nspname !~ '^pg_' and n.nspname <> 'information_schema' and n.nspname <> all (${`array[${PRIVATE_SCHEMAS.map(sqlLiteral).join(', ')}]`})
  loop
    execute format('grant usage on schema %I to %I', item.nspname, reader);
    execute format('grant select on all tables in schema %I to %I', item.nspname, reader);
    execute format('grant select on all sequences in schema %I to %I', item.nspname, reader);
  end loop;
end
$adopt$;
`
}
