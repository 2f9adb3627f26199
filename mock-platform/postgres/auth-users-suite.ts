/**
 * The auth users screen's SQL (src/lib/sql/auth-users.ts) on a seeded database (part of
 * `database-suite.ts`): users made as the auth server makes them, found, filtered, banned, changed
 * and deleted with what hangs on them.
 */
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { AuthProvidersAnswerSchema, AuthUserRecordAnswerSchema, AuthUsersAnswerSchema } from '../../src/api/schemas/auth-users.ts'
import type { AuthUserListParams } from '../../src/lib/sql/auth-users.ts'
import { authProvidersSql, authUserRecordSql, authUsersSql, banAuthUserSql, createAuthUserSql, deleteAuthUserSql, updateAuthUserMetadataSql } from '../../src/lib/sql/auth-users.ts'
import { sqlLiteral } from '../../src/lib/sql/quote.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

const LIST: AuthUserListParams = { search: '', sort: 'created_at', ascending: false, provider: null, state: 'all', offset: 0, limit: 100 }
/** An address that needs quoting, and a password that does too. */
const ODD_EMAIL = "o'brien+ünï@suite.test"
const ODD_PASSWORD = "pa$$ 'word' \\ ü"

export function describeAuthUsersSuite(database: () => ProjectDatabase): void {
  describe('auth users', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
    const list = async (params: Partial<AuthUserListParams> = {}) => v.parse(AuthUsersAnswerSchema, await runPgMetaQuery(db, { query: authUsersSql({ ...LIST, ...params }) }))
    const emails = async (params: Partial<AuthUserListParams> = {}) => (await list(params)).map((u) => u.email)
    const idOf = async (email: string) => (await list({ search: email }))[0]!.id
    const clean = () => db.exec(`delete from auth.users where email like '%@suite.test'`)

    it('makes a user as the auth server does: a bcrypt hash of the password, an email identity, one per address', async () => {
      await clean()
      try {
        await db.exec(createAuthUserSql({ email: ` ${ODD_EMAIL.toUpperCase()} `, password: ODD_PASSWORD, autoConfirm: true }))
        const [made] = await list({ search: 'BRIEN+' })
        expect(made).toMatchObject({ email: ODD_EMAIL.toUpperCase().toLowerCase(), providers: ['email'], total: 1 })
        expect(made!.confirmed_at).not.toBeNull()
        // An address stored with capitals (written past the auth server) is found by an ASCII needle folded as ASCII, and by one that is not.
        await db.exec(`update auth.users set email = upper(email) where id = ${sqlLiteral(made!.id)}`)
        expect(await emails({ search: "o'brien+" })).toEqual([ODD_EMAIL.toUpperCase()])
        expect(await emails({ search: 'ÜNÏ@' })).toEqual([ODD_EMAIL.toUpperCase()])
        await db.exec(`update auth.users set email = lower(email) where id = ${sqlLiteral(made!.id)}`)
        const { rows } = await db.query(
          `select encrypted_password like '$2a$%' as bcrypt, encrypted_password = extensions.crypt(${sqlLiteral(ODD_PASSWORD)}, encrypted_password) as matches,
                  encrypted_password = extensions.crypt('wrong', encrypted_password) as wrong from auth.users where id = ${sqlLiteral(made!.id)}`,
        )
        expect(rows[0]).toEqual({ bcrypt: true, matches: true, wrong: false })
        const record = v.parse(AuthUserRecordAnswerSchema, await runPgMetaQuery(db, { query: authUserRecordSql(made!.id) }))
        expect(record.user).not.toHaveProperty('encrypted_password')
        expect(record.identities).toHaveLength(1)
        expect(record.identities[0]).toMatchObject({ provider: 'email', provider_id: made!.id })
        await expect(db.exec(createAuthUserSql({ email: ODD_EMAIL, password: 'another1', autoConfirm: false }))).rejects.toThrow(/duplicate key|users_email_partial_key/)
      } finally {
        await clean()
      }
    })

    it('finds users by part of the address, by id, and filters them by state and provider, sorted and paged', async () => {
      await clean()
      try {
        for (const name of ['cara', 'ana', 'bob']) await db.exec(createAuthUserSql({ email: `${name}@suite.test`, password: 'secret-1', autoConfirm: name !== 'bob' }))
        await db.exec(`update auth.users set is_anonymous = false, raw_app_meta_data = '{"provider": "github", "providers": ["github"]}' where email = 'cara@suite.test'`)
        expect(await emails({ search: '@SUITE.test', sort: 'email', ascending: true })).toEqual(['ana@suite.test', 'bob@suite.test', 'cara@suite.test'])
        expect(await emails({ search: '%' })).toEqual([])
        const ana = await idOf('ana@')
        expect(await emails({ search: ana.toUpperCase() })).toEqual(['ana@suite.test'])
        expect(await emails({ search: '@suite.test', state: 'unconfirmed' })).toEqual(['bob@suite.test'])
        expect(await emails({ search: '@suite.test', state: 'confirmed', sort: 'email', ascending: true })).toEqual(['ana@suite.test', 'cara@suite.test'])
        // The first page says how many match in all, searched or not; a later one is not counted again.
        const first = await list({ search: '@suite.test', sort: 'email', ascending: false, offset: 0, limit: 1 })
        expect(first.map((u) => [u.email, u.total])).toEqual([['cara@suite.test', 3]])
        const page = await list({ search: '@suite.test', sort: 'email', ascending: false, offset: 1, limit: 1 })
        expect(page.map((u) => [u.email, u.total])).toEqual([['bob@suite.test', null]])
        const everyone = Number((await db.query('select count(*)::int as n from auth.users where deleted_at is null')).rows[0]!['n'])
        const newest = await list({ search: '', sort: 'created_at', ascending: false, offset: 0, limit: 2 })
        expect(newest.map((u) => u.total)).toEqual([everyone, everyone])
        expect(newest.map((u) => u.email)).toEqual(['bob@suite.test', 'ana@suite.test'])
        const providers = v.parse(AuthProvidersAnswerSchema, await runPgMetaQuery(db, { query: authProvidersSql }))
        expect(providers).toEqual(expect.arrayContaining(['email', 'github']))
        expect(await emails({ search: '@suite.test', provider: 'github' })).toEqual(['cara@suite.test'])

        await db.exec(`insert into auth.sessions (id, user_id) values (gen_random_uuid(), ${sqlLiteral(ana)})`)
        await db.exec(banAuthUserSql(ana, 24))
        expect(await emails({ search: '@suite.test', state: 'banned' })).toEqual(['ana@suite.test'])
        expect((await db.query(`select count(*)::int as n from auth.sessions where user_id = ${sqlLiteral(ana)}`)).rows[0]).toEqual({ n: 0 })
        await db.exec(banAuthUserSql(ana, null))
        expect(await emails({ search: '@suite.test', state: 'banned' })).toEqual([])
      } finally {
        await clean()
      }
    })

    it('replaces a user’s metadata, and deletes a user with their identities and sessions', async () => {
      await clean()
      try {
        await db.exec(createAuthUserSql({ email: 'meta@suite.test', password: 'secret-1', autoConfirm: true }))
        const id = await idOf('meta@')
        await db.exec(updateAuthUserMetadataSql(id, { user: { name: "D'Arcy \"Dee\"", tags: ['a'] }, app: { provider: 'email', providers: ['email'], plan: 'pro' } }))
        const record = v.parse(AuthUserRecordAnswerSchema, await runPgMetaQuery(db, { query: authUserRecordSql(id) }))
        expect(record.user?.['raw_user_meta_data']).toEqual({ name: "D'Arcy \"Dee\"", tags: ['a'] })
        expect(record.user?.['raw_app_meta_data']).toMatchObject({ plan: 'pro' })
        await db.exec(`insert into auth.sessions (id, user_id) values (gen_random_uuid(), ${sqlLiteral(id)})`)
        await db.exec(deleteAuthUserSql(id))
        const { rows } = await db.query(
          `select (select count(*) from auth.users where id = ${sqlLiteral(id)})::int as users, (select count(*) from auth.identities where user_id = ${sqlLiteral(id)})::int as identities, (select count(*) from auth.sessions where user_id = ${sqlLiteral(id)})::int as sessions`,
        )
        expect(rows[0]).toEqual({ users: 0, identities: 0, sessions: 0 })
      } finally {
        await clean()
      }
    })
  })
}
