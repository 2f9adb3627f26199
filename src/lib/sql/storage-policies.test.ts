/** The bucket policy statements run on Postgres with the platform's storage tables, read back from pg_policies and enforced for real. */
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmptyDatabase } from '../../../mock-platform/postgres/initial-data-node'
import { platformLayerSql } from '../../../mock-platform/postgres/platform-layer'
import {
  createStoragePoliciesSql,
  dropStoragePolicySql,
  policiesForBucket,
  STORAGE_POLICY_TEMPLATES,
  storageObjectPoliciesSql,
  type StoragePolicy,
} from './storage-policies'

const ALICE = '11111111-1111-1111-1111-111111111111'
const BOB = '22222222-2222-2222-2222-222222222222'
const template = (id: string) => STORAGE_POLICY_TEMPLATES.find((t) => t.id === id)!

describe('bucket policies on Postgres', () => {
  let db: PGlite

  beforeAll(async () => {
    db = await startEmptyDatabase()
    await db.exec(platformLayerSql())
    await db.exec(`
      insert into storage.buckets (id, name) values ('avatars', 'avatars'), ('docs', 'docs'), ('it''s odd', 'it''s odd');
      insert into storage.objects (bucket_id, name) values
        ('avatars', '${ALICE}/me.png'), ('avatars', '${BOB}/me.png'), ('avatars', 'shared/logo.png'),
        ('docs', 'readme.md'), ('it''s odd', 'x.txt');`)
  })
  afterAll(async () => {
    await db.close()
  })

  async function policies(): Promise<StoragePolicy[]> {
    return (await db.query<StoragePolicy>(storageObjectPoliciesSql)).rows
  }

  /** The object names `role` sees (and, for an insert, whether it may add `insert`), as the storage API runs it. */
  async function asRole<T>(role: 'anon' | 'authenticated', userId: string | null, work: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(userId ? { sub: userId, role } : { role })])
      await tx.exec(`set local role ${role}`)
      return work(tx)
    })
  }
  const visible = (role: 'anon' | 'authenticated', userId: string | null, bucket: string) =>
    asRole(role, userId, async (tx) => (await tx.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 order by name`, [bucket])).rows.map((r) => r.name))

  it('creates the templates’ policies, reads them back from pg_policies, and drops one', async () => {
    await db.exec(createStoragePoliciesSql('avatars', template('own-folder').draft('avatars')))
    await db.exec(createStoragePoliciesSql('docs', template('public-read').draft('docs')))
    const all = await policies()
    expect(all.map((p) => [p.name, p.command, p.roles])).toEqual([
      ['Own folder in avatars (delete)', 'DELETE', ['authenticated']],
      ['Own folder in avatars (insert)', 'INSERT', ['authenticated']],
      ['Own folder in avatars (select)', 'SELECT', ['authenticated']],
      ['Own folder in avatars (update)', 'UPDATE', ['authenticated']],
      ['Public read of docs', 'SELECT', ['public']],
    ])
    const insert = all.find((p) => p.command === 'INSERT')!
    expect(insert.using_expression).toBeNull()
    expect(insert.check_expression).toContain("'avatars'::text")
    expect(insert.check_expression).toContain('storage.foldername(name)')

    expect(policiesForBucket(all, 'avatars').map((p) => p.name)).toHaveLength(4)
    expect(policiesForBucket(all, 'docs').map((p) => [p.name, p.scope])).toEqual([['Public read of docs', 'bucket']])

    await db.exec(dropStoragePolicySql('Public read of docs'))
    expect((await policies()).map((p) => p.name)).not.toContain('Public read of docs')
  })

  it('enforces the own-folder policy: a user sees and writes only under their id', async () => {
    expect(await visible('authenticated', ALICE, 'avatars')).toEqual([`${ALICE}/me.png`])
    expect(await visible('authenticated', BOB, 'avatars')).toEqual([`${BOB}/me.png`])
    expect(await visible('anon', null, 'avatars')).toEqual([])
    await asRole('authenticated', ALICE, (tx) => tx.query(`insert into storage.objects (bucket_id, name) values ('avatars', $1)`, [`${ALICE}/new.png`]))
    await expect(asRole('authenticated', ALICE, (tx) => tx.query(`insert into storage.objects (bucket_id, name) values ('avatars', $1)`, [`${BOB}/evil.png`]))).rejects.toThrow(
      /row-level security/,
    )
  })

  it('keeps a condition with "or" inside its bucket, and names policies with quotes and odd buckets safely', async () => {
    const sql = createStoragePoliciesSql("it's odd", { name: 'Anyone "really" reads', operations: ['SELECT'], roles: ['anon'], condition: 'true or true' })
    expect(sql).toContain(`create policy "Anyone ""really"" reads"`)
    await db.exec(sql)
    expect(await visible('anon', null, "it's odd")).toEqual(['x.txt'])
    expect(await visible('anon', null, 'docs')).toEqual([])
    const all = await policies()
    expect(policiesForBucket(all, "it's odd").map((p) => p.name)).toEqual(['Anyone "really" reads'])
    expect(policiesForBucket(all, 'docs')).toEqual([])
    await db.exec(dropStoragePolicySql('Anyone "really" reads'))
  })

  it('lists a policy that never tests bucket_id for every bucket', async () => {
    await db.exec(`create policy "service reads all" on storage.objects for select to service_role using (true);`)
    const all = await policies()
    expect(policiesForBucket(all, 'docs')).toEqual([expect.objectContaining({ name: 'service reads all', scope: 'all' })])
    expect(policiesForBucket(all, 'avatars').at(-1)).toMatchObject({ name: 'service reads all', scope: 'all' })
    await db.exec(dropStoragePolicySql('service reads all'))
  })
})

describe('createStoragePoliciesSql', () => {
  const draft = template('custom').draft('b')
  it('says what is missing instead of building half a statement', () => {
    expect(() => createStoragePoliciesSql('b', { ...draft, name: '  ' })).toThrow('Name the policy.')
    expect(() => createStoragePoliciesSql('b', { ...draft, name: 'x', operations: [] })).toThrow('Choose at least one operation the policy allows.')
    expect(() => createStoragePoliciesSql('b', { ...draft, name: 'x', condition: 'true; drop table x' })).toThrow('The condition is one SQL expression: remove the ";".')
    expect(() => createStoragePoliciesSql('b', { ...draft, name: 'x'.repeat(60), operations: ['SELECT', 'DELETE'] })).toThrow(/policy name .* bytes long/)
  })

  it('writes insert as WITH CHECK, update as both, and every template builds', () => {
    const sql = createStoragePoliciesSql('b', { name: 'p', operations: ['UPDATE'], roles: ['authenticated', 'anon'], condition: '' })
    expect(sql).toBe(`create policy "p"\n  on storage.objects\n  for update\n  to "anon", "authenticated"\n  using (bucket_id = 'b')\n  with check (bucket_id = 'b');`)
    for (const each of STORAGE_POLICY_TEMPLATES.filter((t) => t.id !== 'custom')) expect(createStoragePoliciesSql('b', each.draft('b'))).toMatch(/^create policy/)
  })
})
