/** The assistant model explains the errors Postgres really raises on the seeded database. */
import { describe, expect, it } from 'vitest'
import { ask, db, expectBlocksRun, onlySql, setUpModelDatabase, sqlBlocks } from './model-test-database.ts'

setUpModelDatabase()

async function failure(sql: string): Promise<{ text: string; code: string }> {
  try {
    await db.exec(sql)
  } catch (error) {
    const e = error as { message: string; code?: string; detail?: string }
    return { text: `ERROR: ${e.code ? `${e.code}: ` : ''}${e.message}${e.detail ? `\nDETAIL: ${e.detail}` : ''}`, code: e.code ?? '' }
  }
  throw new Error(`expected the statement to fail: ${sql}`)
}

describe('errors', () => {
  it('42P01: suggests the table the user meant and fixes the snippet', async () => {
    const sql = 'select * from custmers limit 5'
    const error = await failure(sql)
    expect(error.code).toBe('42P01')
    const reply = ask(error.text, { sql })
    expect(reply).toContain("can't find a table or view called `custmers`")
    expect(reply).toContain('Did you mean `public.customers`?')
    expect(onlySql(reply)).toBe('select * from public.customers limit 5')
    expect((await expectBlocksRun(reply))[0]).toHaveLength(5)

    const schema = ask((await failure('select * from products')).text)
    expect(schema).toContain('write it schema-qualified as `inventory.products`')
  })

  it('42703: lists the columns and the closest name', async () => {
    const sql = 'select emial from public.customers'
    const error = await failure(sql)
    expect(error.code).toBe('42703')
    const reply = ask(error.text, { sql })
    expect(reply).toContain('Did you mean `email`?')
    expect(reply).toContain('`public.customers` has `id`, `email`, `full_name`')
    expect(onlySql(reply)).toBe('select email from public.customers')
    await expectBlocksRun(reply)

    const insertError = await failure(`insert into public.customers (emial) values ('x')`)
    const fromInsert = ask(insertError.text)
    expect(fromInsert).toContain("can't find a column called `emial` in `public.customers`")
    expect(fromInsert).toContain('`public.customers` has `id`, `email`')
    expect(sqlBlocks(fromInsert)).toEqual([])
  })

  it('explains constraint, syntax and type errors', async () => {
    const duplicate = ask((await failure(`insert into public.customers (email, full_name) select email, 'x' from public.customers limit 1`)).text)
    expect(duplicate).toContain('constraint `customers_email_key` on `public.customers`')
    expect(duplicate).toContain('on conflict (email) do nothing')

    const foreign = ask((await failure('insert into public.orders (customer_id, total) values (999999, 1)')).text)
    expect(foreign).toContain('`customer_id` = `999999`')
    expect(foreign).toContain('existing row in `customers`')

    const notNull = ask((await failure(`insert into public.customers (full_name) values ('x')`)).text)
    expect(notNull).toContain('The column `email` of `public.customers` is `not null`')

    const syntaxSql = 'select id, from public.customers'
    const syntax = ask((await failure(syntaxSql)).text, { sql: syntaxSql })
    expect(syntax).toContain('near `from` (error 42601')
    expect(syntax).toContain('comma right before')

    const invalid = ask((await failure(`select * from public.orders where id = 'abc'`)).text)
    expect(invalid).toContain("can't be read as `uuid` (error 22P02)")

    const enumValue = ask((await failure(`select * from public.orders where status = 'Paid'`)).text)
    expect(enumValue).toContain('Allowed values are `pending`, `paid`')

    const operator = ask((await failure(`select * from public.orders where customer_id = 'x'::text`)).text)
    expect(operator).toContain('(error 42883)')
    for (const reply of [duplicate, foreign, notNull, syntax, invalid, enumValue, operator]) expect(sqlBlocks(reply)).toEqual([])
  })
})
