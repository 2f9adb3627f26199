/** Wrappers' DDL, their listing and the mock's sample rows for their foreign tables (part of `database-suite.ts`). */
import { beforeAll, describe, expect, it } from 'vitest'
import { WRAPPER_KINDS } from '../../src/constants/wrappers.ts'
import { VAULT_SECRETS_TABLE, WRAPPER_SECRETS_TABLE, createWrapperSql, dropWrapperSql, previewForeignTableSql, wrappersSql } from '../../src/lib/sql/wrappers.ts'
import { installShim, SUPABASE_VAULT } from './shims/index.ts'
import { answerWithSampleRows, isMissingWrapperHandler } from '../projects/foreign-samples.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

const stripe = WRAPPER_KINDS.find((kind) => kind.id === 'stripe')!
const SECRET_ID = '3d5c1b1e-8f3a-4d2b-9c6e-2f1a7b9d0e41'

export function describeWrappersSuite(database: () => ProjectDatabase): void {
  describe('wrappers', () => {
    let db: ProjectDatabase
    const run = (query: string) => runPgMetaQuery(db, { query })
    beforeAll(async () => {
      db = database()
      await run(
        createWrapperSql({
          wrapperName: 'stripe_wrapper',
          serverName: "stripe 'live' server",
          options: { api_url: 'https://api.stripe.com/v1/' },
          secrets: [{ option: 'api_key', id: SECRET_ID, value: "sk_test_it's_secret" }],
          schema: 'stripe data',
          tables: stripe.objects.slice(0, 2).map((object) => ({ name: object.name, option: stripe.tableOption, object: object.name, columns: object.columns })),
          secretsTable: WRAPPER_SECRETS_TABLE,
        }),
      )
    })

    it('lists a wrapper without a handler, with its server, options (the secret by id only) and foreign tables', async () => {
      const [listed] = (await run(wrappersSql)).filter((row) => row['name'] === 'stripe_wrapper')
      expect(listed).toMatchObject({ name: 'stripe_wrapper', handler: null })
      const [server] = listed!['servers'] as { name: string; options: string[]; tables: { schema: string; name: string; options: string[]; columns: { name: string }[] }[] }[]
      expect(server!.name).toBe("stripe 'live' server")
      expect(server!.options).toEqual(['api_url=https://api.stripe.com/v1/', `api_key_id=${SECRET_ID}`])
      expect(server!.tables.map((table) => [table.schema, table.name, table.options])).toEqual([
        ['stripe data', 'charges', ['object=charges']],
        ['stripe data', 'customers', ['object=customers']],
      ])
      expect(server!.tables[1]!.columns.map((column) => column.name)).toEqual(['id', 'email', 'name', 'description', 'created', 'attrs'])
      expect(await run(`select name, secret from studio_meta.wrapper_secrets where id = '${SECRET_ID}'`)).toEqual([{ name: "stripe 'live' server.api_key", secret: "sk_test_it's_secret" }])
    })

    it('refuses a read of the foreign table with Postgres’s own error, which the mock answers with sample rows instead', async () => {
      const query = previewForeignTableSql('stripe data', 'customers')
      const refusal = await run(query).then(
        () => null,
        (error: unknown) => error,
      )
      expect(isMissingWrapperHandler(refusal)).toBe(true)
      const answer = await answerWithSampleRows(db, query, undefined)
      expect(answer?.sampled).toEqual(['stripe data.customers'])
      expect(answer?.rows).toHaveLength(5)
      expect(Object.keys(answer!.rows[0]!)).toEqual(['id', 'email', 'name', 'description', 'created', 'attrs'])
      expect(String(answer!.rows[0]!['email'])).toMatch(/@/)
      // The same rows every time, and any statement shape works.
      expect((await answerWithSampleRows(db, query, undefined))?.rows).toEqual(answer?.rows)
      const joined = await answerWithSampleRows(db, `select count(*)::int as n from "stripe data".customers c join "stripe data".charges ch on true`, undefined)
      expect(joined?.rows).toEqual([{ n: 25 }])
      // Nothing outlives the run: still a foreign table, and no stand-in left behind.
      expect(await run(`select c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'stripe data' order by c.relname`)).toEqual([
        { kind: 'f' },
        { kind: 'f' },
      ])
      expect(await answerWithSampleRows(db, `begin; ${query}; commit;`, undefined)).toBeNull()
      expect(await answerWithSampleRows(db, 'select * from "stripe data".customers where id = $1', ['x'])).toBeNull()
    })

    it('drops the wrapper with its server, tables and secret', async () => {
      await run(dropWrapperSql('stripe_wrapper', [SECRET_ID], [WRAPPER_SECRETS_TABLE]))
      expect((await run(wrappersSql)).filter((row) => row['name'] === 'stripe_wrapper')).toEqual([])
      expect(await run(`select count(*)::int as n from studio_meta.wrapper_secrets where id = '${SECRET_ID}'`)).toEqual([{ n: 0 }])
      await run('drop schema "stripe data"')
    })

    it('keeps the secret in vault, encrypted, once the project has vault', async () => {
      await installShim(db, SUPABASE_VAULT)
      const id = '9a1f0c3e-2b4d-4e6f-8a0b-1c2d3e4f5a6b'
      await run(
        createWrapperSql({
          wrapperName: 'airtable_wrapper',
          serverName: 'airtable_server',
          options: {},
          secrets: [{ option: 'api_key', id, value: 'pat_secret_value' }],
          schema: 'airtable',
          tables: [],
          secretsTable: VAULT_SECRETS_TABLE,
        }),
      )
      try {
        const [stored] = await run(`select secret from vault.secrets where id = '${id}'`)
        expect(stored!['secret']).not.toContain('pat_secret_value')
        expect(await run(`select decrypted_secret from vault.decrypted_secrets where id = '${id}'`)).toEqual([{ decrypted_secret: 'pat_secret_value' }])
      } finally {
        await run(dropWrapperSql('airtable_wrapper', [id], [WRAPPER_SECRETS_TABLE, VAULT_SECRETS_TABLE]))
      }
      expect(await run(`select count(*)::int as n from vault.secrets where id = '${id}'`)).toEqual([{ n: 0 }])
    })
  })
}
