/**
 * The policies screen's SQL (src/lib/sql/table-policies.ts, policy-effect.ts) on a seeded database
 * (part of `database-suite.ts`): policies written from templates do what they say, and their effect
 * is measured for real users before anything is kept.
 */
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { PolicyEffectAnswerSchema, PolicyTablesAnswerSchema, type MeasureAnswer } from '../../src/api/schemas/table-policies.ts'
import { createAuthUserSql } from '../../src/lib/sql/auth-users.ts'
import { policyEffectScript, rolledBackSql, type PolicyEffectRequest } from '../../src/lib/sql/policy-effect.ts'
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'
import { runAsPrefix } from '../../src/lib/sql/run-as.ts'
import { alterPolicySql, createPolicySql, dropPolicySql, POLICY_TEMPLATES, setRowLevelSecuritySql, tablePoliciesSql, type PolicyDefinition } from '../../src/lib/sql/table-policies.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

/** A schema and a table whose names need quoting. */
const SCHEMA = 'RLS "odd" ü'
const TABLE = 'Notes of "users"'
const template = (id: string, owner: string | null = 'owner id') => POLICY_TEMPLATES.find((t) => t.id === id)!.policy(TABLE, owner)
const count = (answer: MeasureAnswer | undefined) => (answer && 'count' in answer ? answer.count : answer && 'error' in answer ? `error: ${answer.error}` : null)

export function describeTablePoliciesSuite(database: () => ProjectDatabase): void {
  describe('row level security policies', () => {
    let db: ProjectDatabase
    let ana = ''
    let bob = ''
    const schema = sqlIdent(SCHEMA)
    const table = `${schema}.${sqlIdent(TABLE)}`
    const tables = async () => v.parse(PolicyTablesAnswerSchema, await runPgMetaQuery(db, { query: tablePoliciesSql(SCHEMA) }))
    const effect = async (request: Partial<PolicyEffectRequest>) => {
      const full: PolicyEffectRequest = { schema: SCHEMA, table: TABLE, writableColumns: ['owner id', 'body'], measures: ['read', 'update'], viewers: [{ userId: ana }, { userId: bob }, { userId: null }], change: '', enableRowLevelSecurity: false, ...request }
      return v.parse(PolicyEffectAnswerSchema, await runPgMetaQuery(db, { query: policyEffectScript(full) }))
    }

    beforeAll(async () => {
      db = database()
      await db.exec(`delete from auth.users where email like '%@rls.test'`)
      for (const name of ['ana', 'bob']) await db.exec(createAuthUserSql({ email: `${name}@rls.test`, password: 'secret-1', autoConfirm: true }))
      const { rows } = await db.query(`select id::text, email from auth.users where email like '%@rls.test' order by email`)
      ana = String(rows[0]!['id'])
      bob = String(rows[1]!['id'])
      await db.exec(`drop schema if exists ${schema} cascade; create schema ${schema};
        grant usage on schema ${schema} to anon, authenticated;
        create table ${table} (id int generated always as identity primary key, "owner id" uuid not null, body text);
        grant select, insert, update, delete on ${table} to anon, authenticated;
        insert into ${table} ("owner id", body) values
          (${sqlLiteral(ana)}, 'a1'), (${sqlLiteral(ana)}, 'a2'), (${sqlLiteral(ana)}, 'secret'), (${sqlLiteral(bob)}, 'b1'), (${sqlLiteral(bob)}, 'b2');`)
    })

    it('reads each table with RLS off or on, its columns and its policies', async () => {
      const [notes] = await tables()
      expect(notes).toMatchObject({ name: TABLE, rls_enabled: false, partitioned: false, policies: [] })
      expect(notes!.columns).toEqual([
        { name: 'id', type: 'integer', updatable: false },
        { name: 'owner id', type: 'uuid', updatable: true },
        { name: 'body', type: 'text', updatable: true },
      ])
    })

    it('shows before saving that ana reads and may update her 3 rows, bob his 2, anon none — and keeps nothing', async () => {
      const policy = template('read-update-own')
      const change = createPolicySql(SCHEMA, TABLE, policy)
      const measured = await effect({ change, enableRowLevelSecurity: true })
      // Before: RLS is off, so every grant holder reads and changes everything.
      expect(measured.before.map((v) => [count(v.read), count(v.update)])).toEqual([[5, 5], [5, 5], [5, 5]])
      expect(measured.after.map((v) => [count(v.read), count(v.update)])).toEqual([[3, 3], [2, 2], [0, 0]])
      const anaRows = measured.after[0]!.read
      expect(anaRows && 'rows' in anaRows ? anaRows.rows.map((r) => r['body']).sort() : null).toEqual(['a1', 'a2', 'secret'])
      // Rolled back: no policy, RLS still off, every row there.
      const [notes] = await tables()
      expect(notes).toMatchObject({ rls_enabled: false, policies: [] })
      expect((await db.query(`select count(*)::int as n from ${table}`)).rows[0]).toEqual({ n: 5 })
    })

    it('shows before saving which of the rows each may write as new ones: ana her 3, bob his 2, anon none — a duplicate key still counts, and nothing stays', async () => {
      const measured = await effect({ change: createPolicySql(SCHEMA, TABLE, template('insert-own')), enableRowLevelSecurity: true, measures: ['insert'] })
      expect(measured.before.map((v) => count(v.insert))).toEqual([5, 5, 5])
      expect(measured.after.map((v) => count(v.insert))).toEqual([3, 2, 0])
      const anaRows = measured.after[0]!.insert
      expect(anaRows && 'rows' in anaRows ? anaRows.rows.map((r) => r['body']).sort() : null).toEqual(['a1', 'a2', 'secret'])
      expect((await db.query(`select count(*)::int as n from ${table}`)).rows[0]).toEqual({ n: 5 })

      // A copy of a row whose key is written too is refused as a duplicate, after row level security let it through.
      const keyed = `${schema}."keyed"`
      await db.exec(`create table ${keyed} (id text primary key, "owner id" uuid); grant select, insert on ${keyed} to authenticated;
        insert into ${keyed} values ('k1', ${sqlLiteral(ana)}), ('k2', ${sqlLiteral(bob)});`)
      const copies = v.parse(
        PolicyEffectAnswerSchema,
        await runPgMetaQuery(db, {
          query: policyEffectScript({ schema: SCHEMA, table: 'keyed', writableColumns: ['id', 'owner id'], measures: ['insert'], viewers: [{ userId: ana }, { userId: null }], change: createPolicySql(SCHEMA, 'keyed', { ...template('insert-own'), name: 'own keys' }), enableRowLevelSecurity: true }),
        }),
      )
      expect(copies.after.map((v) => count(v.insert))).toEqual([1, expect.stringMatching(/^error: permission denied/)])
      await db.exec(`drop table ${keyed}`)
    })

    it('saves the template, and a restrictive policy narrows what the permissive one lets through', async () => {
      await db.exec(setRowLevelSecuritySql(SCHEMA, TABLE, true))
      await db.exec(createPolicySql(SCHEMA, TABLE, template('read-update-own')))
      const restrictive: PolicyDefinition = { name: 'No "secret" rows', command: 'select', roles: ['authenticated'], permissive: false, using: "body <> 'secret'", check: '' }
      const measured = await effect({ change: createPolicySql(SCHEMA, TABLE, restrictive), measures: ['read', 'delete'] })
      expect(measured.before.map((v) => count(v.read))).toEqual([3, 2, 0])
      expect(measured.after.map((v) => count(v.read))).toEqual([2, 2, 0])
      // A delete that reads rows (a WHERE, a RETURNING: what an app sends) is held by the select policies too.
      expect(measured.after.map((v) => count(v.delete))).toEqual([2, 2, 0])
      const [notes] = await tables()
      expect(notes!.policies).toEqual([
        expect.objectContaining({ name: 'Users manage their own Notes of "users"', command: 'all', roles: ['authenticated'], permissive: true }),
      ])
      expect(notes!.policies[0]!.using).toContain('auth.uid()')
    })

    it('runs a statement as ana: her rows only, bob’s row not changed, a row given away refused, and the role ends with the statement', async () => {
      const asAna = (sql: string) => runPgMetaQuery(db, { query: runAsPrefix({ role: 'authenticated', user: { id: ana, email: 'ana@rls.test', phone: null } }, sql) + sql })
      expect((await asAna(`select body from ${table} order by body`)).map((r) => r['body'])).toEqual(['a1', 'a2', 'secret'])
      expect(await asAna(`update ${table} set body = 'taken' where body = 'b1' returning id`)).toEqual([])
      await expect(asAna(`update ${table} set "owner id" = ${sqlLiteral(bob)} where body = 'a1' returning id`)).rejects.toThrow(/row-level security/)
      expect(await runPgMetaQuery(db, { query: runAsPrefix({ role: 'anon' }, `select * from ${table}`) + `select * from ${table}` })).toEqual([])
      expect(await runPgMetaQuery(db, { query: `select current_user as who, coalesce(current_setting('request.jwt.claims', true), '') as claims` })).toEqual([{ who: expect.not.stringMatching(/^(authenticated|anon)$/), claims: '' }])
    })

    it('alters a policy in place where Postgres can, drops and creates it where it cannot, and refuses a wrong expression without keeping anything', async () => {
      const before = template('read-own')
      await db.exec(createPolicySql(SCHEMA, TABLE, before))
      const renamed = { ...before, name: 'Own rows, renamed', roles: ['authenticated', 'anon'] }
      const inPlace = alterPolicySql(SCHEMA, TABLE, before, renamed)
      expect(inPlace).not.toContain('drop policy')
      await db.exec(inPlace)
      const asUpdate = { ...renamed, command: 'update' as const, check: renamed.using }
      const replaced = alterPolicySql(SCHEMA, TABLE, renamed, asUpdate)
      expect(replaced).toMatch(/^drop policy/)
      await db.exec(replaced)
      const [notes] = await tables()
      expect(notes!.policies.find((p) => p.name === 'Own rows, renamed')).toMatchObject({ command: 'update', roles: ['anon', 'authenticated'] })

      const wrong = createPolicySql(SCHEMA, TABLE, { ...before, name: 'wrong', using: 'no_such_column = 1' })
      await expect(runPgMetaQuery(db, { query: rolledBackSql(wrong) })).rejects.toThrow(/no_such_column/)
      await expect(effect({ change: wrong })).rejects.toThrow(/no_such_column/)
      expect((await tables())[0]!.policies.some((p) => p.name === 'wrong')).toBe(false)
      await db.exec(dropPolicySql(SCHEMA, TABLE, 'Own rows, renamed'))
    })

    it('writes policies on a partitioned table, whose partitions are not listed apart', async () => {
      await db.exec(`create table ${schema}.events (at date not null, who uuid) partition by range (at);
        create table ${schema}.events_2026 partition of ${schema}.events for values from ('2026-01-01') to ('2027-01-01');`)
      await db.exec(createPolicySql(SCHEMA, 'events', { ...template('read-own', 'who'), name: 'Own events' }))
      const events = (await tables()).filter((t) => t.name.startsWith('events'))
      expect(events.map((t) => [t.name, t.partitioned, t.policies.map((p) => p.name)])).toEqual([['events', true, ['Own events']]])
    })

    it('answers a viewer’s refusal as theirs: anon without a grant is refused, the others still measured', async () => {
      await db.exec(`revoke select, update, delete on ${table} from anon`)
      const measured = await effect({ measures: ['read'] })
      expect(count(measured.before[2]!.read)).toMatch(/^error: permission denied/)
      expect(count(measured.before[0]!.read)).toBe(3)
      await db.exec(`drop schema if exists ${schema} cascade; delete from auth.users where email like '%@rls.test'`)
    })
  })
}
