/**
 * Grouped aggregates ("per day", "each customer", "total per customer") against the seeded PGlite
 * database: the answer's SQL runs there and its rows are checked against counts made here from the
 * raw rows; what cannot be mapped onto the schema is said plainly, with no SQL.
 */
import { describe, expect, it } from 'vitest'
import { ask, db, expectBlocksRun, onlySql, setUpModelDatabase, sqlBlocks } from './model-test-database.ts'

/** Notes on three days (UTC, the database's time zone): 3 on March 1st, 1 on the 2nd, none on the 3rd, 2 on the 4th. */
const QA_NOTES_SQL = `
  create table public.qa_notes (id bigint generated always as identity primary key, created_at timestamptz not null default now(), title text);
  insert into public.qa_notes (created_at, title) values
    ('2024-03-01 09:00Z', 'a'), ('2024-03-01 15:30Z', 'b'), ('2024-03-01 23:59Z', 'c'),
    ('2024-03-02 00:00Z', 'd'),
    ('2024-03-04 12:00Z', 'e'), ('2024-03-04 13:00Z', 'f');
`
setUpModelDatabase(QA_NOTES_SQL)

/** Each row's values as text, in column order. */
const cells = (rows: Record<string, unknown>[] | undefined) => (rows ?? []).map((row) => Object.values(row).map((value) => String(value)))

/** Every customer id with its orders folded by `fold` (customers without orders fold an empty list). */
async function perCustomer(fold: (orders: Record<string, unknown>[]) => number): Promise<Map<string, number>> {
  const customers = (await db.query('select id from public.customers')).rows
  const orders = (await db.query('select customer_id, total, status from public.orders')).rows
  return new Map(customers.map((customer) => [String(customer['id']), fold(orders.filter((order) => String(order['customer_id']) === String(customer['id'])))]))
}

const cents = (value: unknown) => Math.round(Number(value) * 100)

describe('per day, week and month', () => {
  it('counts the notes of qa_notes per day of created_at', async () => {
    const reply = ask('count the notes in qa_notes per day')
    const sql = onlySql(reply)
    expect(sql).toContain('from public.qa_notes')
    expect(sql).toContain("date_trunc('day', created_at)")
    const [rows] = await expectBlocksRun(reply)
    expect(cells(rows).map(([day, count]) => [day?.slice(0, 10), count])).toEqual([
      ['2024-03-01', '3'],
      ['2024-03-02', '1'],
      ['2024-03-04', '2'],
    ])
    expect(reply).toContain('`created_at`')
  })

  it('counts events per week: every event once, each week starting on a Monday', async () => {
    const [rows] = await expectBlocksRun(ask('number of events per week'))
    const weeks = cells(rows)
    expect(weeks.length).toBeGreaterThan(0)
    expect(weeks.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(120)
    for (const [week] of weeks) expect(new Date(week ?? '').getUTCDay()).toBe(1)
  })

  it('averages the order total per month', async () => {
    const reply = ask('average order total per month')
    expect(onlySql(reply)).toContain('avg(total)')
    const orders = (await db.query('select placed_at, total from public.orders')).rows
    const months = new Map<string, number[]>()
    for (const order of orders) {
      const month = new Date(String(order['placed_at'])).toISOString().slice(0, 7)
      months.set(month, [...(months.get(month) ?? []), Number(order['total'])])
    }
    const expected = [...months].sort(([a], [b]) => a.localeCompare(b))
    const [rows] = await expectBlocksRun(reply)
    const averages = cells(rows)
    expect(averages.map(([month]) => month?.slice(0, 7))).toEqual(expected.map(([month]) => month))
    averages.forEach(([, average], index) => {
      const totals = expected[index]?.[1] ?? []
      expect(Number(average)).toBeCloseTo(totals.reduce((a, b) => a + b, 0) / totals.length, 6)
    })
  })
})

describe('per customer, through the foreign key', () => {
  it('counts the orders of each customer, customers without orders as 0, most first', async () => {
    const reply = ask('how many orders does each customer have?')
    const sql = onlySql(reply)
    expect(sql).toContain('left join public.orders o on o.customer_id = c.id')
    expect(sql).toContain('group by')
    const expected = await perCustomer((orders) => orders.length)
    const [rows] = await expectBlocksRun(reply)
    const counts = cells(rows).map((row) => [row[0], Number(row[row.length - 1])] as const)
    expect(new Map(counts)).toEqual(expected)
    expect(counts).toHaveLength(expected.size)
    expect([...expected.values()].filter((count) => count === 0).length).toBeGreaterThan(0)
    expect(counts.map(([, count]) => count)).toEqual([...counts.map(([, count]) => count)].sort((a, b) => b - a))
  })

  it('reads the same question however the names are spelled', () => {
    const sql = onlySql(ask('how many orders does each customer have?'))
    for (const phrase of ['Orders per Customer', 'number of orders for each customer', 'count ORDERS per customers']) expect(onlySql(ask(phrase)), phrase).toBe(sql)
  })

  it('adds up the total per customer', async () => {
    const reply = ask('total amount per customer')
    expect(onlySql(reply)).toContain('sum(o.total)')
    const expected = await perCustomer((orders) => orders.reduce((sum, order) => sum + cents(order['total']), 0))
    const [rows] = await expectBlocksRun(reply)
    expect(new Map(cells(rows).map((row) => [row[0], cents(row[row.length - 1])]))).toEqual(expected)
  })
})

describe('filters', () => {
  it('counts only the paid orders of each customer when asked for paid ones', async () => {
    const reply = ask('count paid orders per customer')
    expect(reply).toContain('matching your filter')
    const expected = await perCustomer((orders) => orders.filter((order) => order['status'] === 'paid').length)
    expect([...expected.values()].some((count) => count > 0)).toBe(true)
    const [rows] = await expectBlocksRun(reply)
    expect(new Map(cells(rows).map((row) => [row[0], Number(row[row.length - 1])]))).toEqual(expected)
  })
})

describe('per column', () => {
  it('counts orders per status', async () => {
    const reply = ask('count orders per status')
    expect(onlySql(reply)).toContain('group by status')
    const orders = (await db.query('select status from public.orders')).rows
    const expected = new Map<string, number>()
    for (const order of orders) expected.set(String(order['status']), (expected.get(String(order['status'])) ?? 0) + 1)
    const [rows] = await expectBlocksRun(reply)
    expect(new Map(cells(rows).map(([status, count]) => [status, Number(count)]))).toEqual(expected)
  })
})

describe('what it cannot map onto the schema, said plainly without SQL', () => {
  it('a table without a date column cannot be grouped by day', () => {
    const reply = ask('how many notes per day')
    expect(reply).toContain("I couldn't find a date column in `public.notes` to group by day")
    expect(sqlBlocks(reply)).toEqual([])
  })

  it('two tables without a foreign key between them', () => {
    const reply = ask('how many products per warehouse')
    expect(reply).toContain('no foreign key between `inventory.products` and `inventory.warehouses`')
    expect(reply).toContain('`inventory.stock_levels`')
    expect(sqlBlocks(reply)).toEqual([])
  })

  it('a group that is neither a column nor a table', () => {
    const reply = ask('count orders per colour')
    expect(reply).toContain("I couldn't find `colour`")
    expect(sqlBlocks(reply)).toEqual([])
  })

  it('a table that does not exist', () => {
    const reply = ask('how many widgets per day')
    expect(reply).toContain("I couldn't find a table named `widgets`")
    expect(sqlBlocks(reply)).toEqual([])
  })
})
