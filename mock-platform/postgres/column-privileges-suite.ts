/**
 * The column privileges screen's SQL on a seeded database (part of `database-suite.ts`). Roles are
 * the cluster's on a real server: every role made here is dropped again, and its grants with it.
 * There the project's owner may not make roles (server-tenancy.ts): the platform makes them.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { columnPrivilegesSql, privilegeChangesSql, privilegeRelationsSql, privilegeRolesSql, type PrivilegeTarget } from '../../src/lib/sql/column-privileges.ts'
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

interface ColumnAnswer {
  name: string
  type: string
  column_privileges: string[]
  effective: string[]
}
interface PrivilegesAnswer {
  kind: string
  schema_usage: boolean
  table_privileges: string[]
  columns: ColumnAnswer[]
}

// Quotes, spaces, capitals and keywords in every name the screen writes into SQL.
const ODD_SCHEMA = 'Shop "Ops" schema'
const ODD_TABLE = 'Order'
const ODD_ROLE = 'Report "Reader" colpriv'
const SUPER_ROLE = 'colpriv superuser'

export function describeColumnPrivilegesSuite(database: () => ProjectDatabase): void {
  describe('column privileges', () => {
    let db: ProjectDatabase
    const run = (query: string) => runPgMetaQuery(db, { query })
    const asPlatform = async (query: string) => void (db.asPlatform ? await db.asPlatform(query) : await run(query))
    const privileges = async (target: PrivilegeTarget) => (await run(columnPrivilegesSql(target)))[0]?.['privileges'] as PrivilegesAnswer | null
    const column = (answer: PrivilegesAnswer | null, name: string) => answer?.columns.find((c) => c.name === name)
    const can = async (role: string, relation: string, name: string, privilege: string) =>
      (await run(`select has_column_privilege(${sqlLiteral(role)}, ${sqlLiteral(relation)}, ${sqlLiteral(name)}, ${sqlLiteral(privilege)}) as granted`))[0]?.['granted']

    /** Drops what a run (this one, or one that failed half-way) left behind. */
    async function cleanUp() {
      await run(`drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade`)
      for (const role of [ODD_ROLE, SUPER_ROLE]) {
        const exists = await run(`select 1 from pg_catalog.pg_roles where rolname = ${sqlLiteral(role)}`)
        if (exists.length > 0) await asPlatform(`drop owned by ${sqlIdent(role)}; drop role ${sqlIdent(role)}`)
      }
    }

    beforeAll(() => {
      db = database()
    })

    it('offers the API roles first, then the user’s, never Postgres’s own, a superuser or the platform’s internal ones', async () => {
      await cleanUp()
      await asPlatform(`create role ${sqlIdent(ODD_ROLE)} nologin; create role ${sqlIdent(SUPER_ROLE)} superuser nologin`)
      try {
        const names = (await run(privilegeRolesSql)).map((row) => row['name'])
        expect(names.slice(0, 3)).toEqual(['anon', 'authenticated', 'service_role'])
        expect(names).toContain(ODD_ROLE)
        for (const hidden of [SUPER_ROLE, 'postgres', 'authenticator', 'supabase_admin', 'pg_read_all_data']) expect(names).not.toContain(hidden)
        expect(names.every((name) => !String(name).startsWith('pg_'))).toBe(true)
      } finally {
        await cleanUp()
      }
    })

    it('lists the relations, public first, the user’s schemas before the platform’s, never the seed marker', async () => {
      const rows = await run(privilegeRelationsSql)
      expect(rows[0]).toMatchObject({ schema: 'public' })
      expect(rows).toContainEqual({ schema: 'public', name: 'customers', kind: 'table' })
      expect(rows).toContainEqual({ schema: 'public', name: 'customer_order_summary', kind: 'view' })
      expect(rows).toContainEqual({ schema: 'analytics', name: 'daily_event_counts', kind: 'materialized_view' })
      const schemas = [...new Set(rows.map((row) => row['schema']))]
      expect(schemas.slice(0, 3)).toEqual(['public', 'analytics', 'inventory'])
      expect(schemas).toContain('auth')
      expect(schemas).not.toContain('studio_meta')
      expect(schemas).not.toContain('information_schema')
    })

    it('tells a table-level grant from a column-level one, which information_schema does not', async () => {
      const customers = await privileges({ role: 'anon', schema: 'public', table: 'customers' })
      expect(customers).toMatchObject({ kind: 'table', schema_usage: true })
      expect(customers?.table_privileges).toEqual(expect.arrayContaining(['SELECT', 'INSERT', 'UPDATE', 'REFERENCES', 'DELETE', 'TRUNCATE', 'TRIGGER']))
      expect(column(customers, 'email')).toEqual({ name: 'email', type: 'text', column_privileges: [], effective: ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] })
      expect(column(customers, 'country_code')?.type).toBe('character(2)')
      expect(customers?.columns.map((c) => c.name).slice(0, 3)).toEqual(['id', 'email', 'full_name'])
      // information_schema reports the table grant as if it were on the column.
      const listed = await run(`select privilege_type from information_schema.column_privileges
        where grantee = 'anon' and table_schema = 'public' and table_name = 'customers' and column_name = 'email' order by 1`)
      expect(listed.map((row) => row['privilege_type'])).toEqual(['INSERT', 'REFERENCES', 'SELECT', 'UPDATE'])
      // Nothing for a role or relation that is not there.
      expect(await privileges({ role: 'anon', schema: 'public', table: 'no such table' })).toBeNull()
      expect(await privileges({ role: 'no such role', schema: 'public', table: 'customers' })).toBeNull()
    })

    it('grants and revokes per column with odd names; a column revoke is shadowed by the table grant until the fix runs', async () => {
      await cleanUp()
      const target = { role: ODD_ROLE, schema: ODD_SCHEMA, table: ODD_TABLE }
      const relation = `${sqlIdent(ODD_SCHEMA)}.${sqlIdent(ODD_TABLE)}`
      await asPlatform(`create role ${sqlIdent(ODD_ROLE)} nologin`)
      await run(`create schema ${sqlIdent(ODD_SCHEMA)};
        create table ${relation} (id int primary key, "select" text, "e-mail ""work""" text, "full name" text);
        grant usage on schema ${sqlIdent(ODD_SCHEMA)} to ${sqlIdent(ODD_ROLE)};
        grant select, update on table ${relation} to ${sqlIdent(ODD_ROLE)};`)
      try {
        const email = 'e-mail "work"'
        expect((await privileges(target))?.schema_usage).toBe(true)
        expect((await privileges({ role: ODD_ROLE, schema: 'inventory', table: 'products' }))?.schema_usage).toBe(false)
        // Revoking one column's SELECT while the table grants it: Postgres accepts it and nothing changes.
        await run(privilegeChangesSql(target, [{ level: 'column', privilege: 'SELECT', grant: false, columns: [email] }]))
        expect(await can(ODD_ROLE, relation, email, 'select')).toBe(true)

        // The fix: the table-level SELECT revoked, granted again on every other column, in one run.
        const others = ['id', 'select', 'full name']
        await run(
          privilegeChangesSql(target, [
            { level: 'column', privilege: 'SELECT', grant: true, columns: others },
            { level: 'table', privilege: 'SELECT', grant: false },
          ]),
        )
        expect(await can(ODD_ROLE, relation, email, 'select')).toBe(false)
        expect(await can(ODD_ROLE, relation, 'full name', 'select')).toBe(true)
        const after = await privileges(target)
        expect(after?.table_privileges).toEqual(['UPDATE'])
        expect(column(after, 'select')).toMatchObject({ column_privileges: ['SELECT'], effective: ['SELECT', 'UPDATE'] })
        expect(column(after, email)).toMatchObject({ column_privileges: [], effective: ['UPDATE'] })

        // A batch runs whole or not at all: a missing column refuses it, the first statement too.
        await expect(
          run(
            privilegeChangesSql(target, [
              { level: 'table', privilege: 'UPDATE', grant: false },
              { level: 'column', privilege: 'INSERT', grant: true, columns: ['no such column'] },
            ]),
          ),
        ).rejects.toMatchObject({ code: '42703' })
        expect((await privileges(target))?.table_privileges).toEqual(['UPDATE'])

        await run(privilegeChangesSql(target, [{ level: 'column', privilege: 'REFERENCES', grant: true, columns: ['id'] }]))
        expect(column(await privileges(target), 'id')?.column_privileges).toEqual(['REFERENCES', 'SELECT'])
      } finally {
        await cleanUp()
      }
    })

    it('counts grants to PUBLIC in what a role may do, apart from its own grants', async () => {
      await run('create table public.colpriv_public (id int, note text); revoke all on public.colpriv_public from anon; grant select (note) on public.colpriv_public to public')
      try {
        const answer = await privileges({ role: 'anon', schema: 'public', table: 'colpriv_public' })
        expect(answer?.table_privileges).toEqual([])
        expect(column(answer, 'note')).toMatchObject({ column_privileges: [], effective: ['SELECT'] })
        expect(column(answer, 'id')).toMatchObject({ column_privileges: [], effective: [] })
      } finally {
        await run('drop table public.colpriv_public')
      }
    })
  })
}
