/**
 * The assistant model against a real seeded PGlite database: the catalog comes from
 * MODEL_CATALOG_SQL, and every ```sql block an answer holds is run on that database.
 */
import { describe, expect, it } from 'vitest'
import { SEED_TABLES } from '../postgres/seed.ts'
import { MODEL_CATALOG_SQL, answer, catalogFromRows } from './model.ts'
import { ask, catalog, db, expectBlocksRun, onlySql, setUpModelDatabase, sqlBlocks } from './model-test-database.ts'

setUpModelDatabase()

describe('catalog', () => {
  it('reads the seeded tables, columns, keys and kinds', () => {
    const names = catalog.tables.map((table) => `${table.schema}.${table.name}`)
    for (const name of [...SEED_TABLES, 'public.Order Lines']) {
      expect(names).toContain(name)
    }
    expect(names.some((name) => name.startsWith('studio_meta.') || name.startsWith('pg_catalog.') || name.startsWith('information_schema.'))).toBe(false)
    const customers = catalog.tables.find((table) => table.name === 'customers')
    expect(customers).toMatchObject({ schema: 'public', kind: 'table', rowEstimate: 30, rlsEnabled: false })
    expect(customers?.columns[0]).toEqual({
      name: 'id',
      type: 'bigint',
      nullable: false,
      hasDefault: true,
      isIdentity: true,
      isPrimaryKey: true,
      references: null,
    })
    const orders = catalog.tables.find((table) => table.name === 'orders')
    expect(orders?.columns.map((column) => column.name)).toEqual(['id', 'customer_id', 'status', 'total', 'shipping_address', 'notes', 'placed_at'])
    expect(orders?.columns[1]?.references).toEqual({ schema: 'public', table: 'customers', column: 'id' })
    expect(orders?.columns[2]).toMatchObject({ type: 'order_status', enumLabels: ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] })
    expect(orders?.columns[3]?.type).toBe('numeric(12,2)')
    expect(catalog.tables.find((table) => table.name === 'customer_order_summary')?.kind).toBe('view')
    expect(catalog.tables.find((table) => table.name === 'daily_event_counts')?.kind).toBe('materialized view')
  })

  it('is robust to values decoded as text', () => {
    const parsed = catalogFromRows([
      {
        schema: 'public',
        name: 't',
        kind: 'table',
        row_estimate: '-1',
        rls_enabled: 't',
        columns: JSON.stringify([{ name: 'id', type: 'bigint', nullable: false, has_default: 'true', is_identity: 1, is_primary_key: true, references: null }]),
      },
    ])
    expect(parsed.tables).toEqual([
      {
        schema: 'public',
        name: 't',
        kind: 'table',
        rowEstimate: 0,
        rlsEnabled: true,
        columns: [{ name: 'id', type: 'bigint', nullable: false, hasDefault: true, isIdentity: true, isPrimaryKey: true, references: null }],
      },
    ])
  })
})

describe('list tables', () => {
  it('groups tables by schema with kinds and row estimates', () => {
    const reply = ask('list tables')
    expect(reply).toMatch(/^You have 9 tables, 1 view and 1 materialized view across 3 schemas:/)
    expect(reply).toContain('**public**')
    expect(reply).toContain('**inventory**')
    expect(reply).toContain('- `public.customers`: table, ≈ 30 rows')
    expect(reply).toContain('- `analytics.events`: table, ≈ 120 rows')
    expect(reply).toContain('- `public.customer_order_summary`: view')
    expect(reply).toContain('- `public."Order Lines"`: table')
    expect(reply.indexOf('**public**')).toBeLessThan(reply.indexOf('**analytics**'))
    expect(sqlBlocks(reply)).toEqual([])
    for (const phrase of ['what tables are there?', 'show me my tables', 'which tables do I have']) expect(ask(phrase)).toBe(reply)
  })
})

describe('describe', () => {
  it('shows columns, types, keys, references and RLS', () => {
    const reply = ask('describe orders')
    expect(reply).toMatch(/^`public\.orders` is a table with 7 columns and ≈ 60 rows:/)
    expect(reply).toContain('| Column | Type | Nullable | Default | Primary key | References |')
    expect(reply).toContain('| `id` | uuid | no | yes | yes |  |')
    expect(reply).toContain('| `customer_id` | bigint | no |  |  | `public.customers.id` |')
    expect(reply).toContain('order_status (enum: pending, paid, shipped, delivered, cancelled)')
    expect(reply).toContain('Row level security is **off**.')
    expect(reply).toContain('Referenced by `public.order_items.order_id`.')
    expect(sqlBlocks(reply)).toEqual([])
    expect(ask('what columns does customers have')).toContain('| `id` | bigint | no | identity | yes |  |')
    expect(ask('tell me about warehouses')).toMatch(/^`inventory\.warehouses` is a table/)
    expect(ask('structure of stock_levels')).toContain('| `warehouse_code` | text | no |  | yes | `inventory.warehouses.code` |')
  })
})

describe('select', () => {
  it('lists columns, orders by the primary key and limits to 100 by default', async () => {
    const reply = ask('write a select for products')
    expect(onlySql(reply)).toBe(
      'select id, sku, name, price, stock, dimensions_cm, attributes, is_discontinued, updated_at\nfrom inventory.products\norder by id\nlimit 100;',
    )
    const [rows] = await expectBlocksRun(reply)
    expect(rows).toHaveLength(25)
  })

  it('understands named columns, filters, ordering and limits', async () => {
    const top = ask('show me the top 5 customers sorted by created_at desc')
    expect(onlySql(top)).toBe(
      'select id, email, full_name, country_code, birth_date, is_active, tags, metadata, created_at\nfrom public.customers\norder by created_at desc\nlimit 5;',
    )
    expect((await expectBlocksRun(top))[0]).toHaveLength(5)

    const filtered = ask("get email and full_name from customers where country_code = 'DE' limit 20")
    expect(onlySql(filtered)).toBe("select email, full_name\nfrom public.customers\nwhere country_code = 'DE'\norder by id\nlimit 20;")
    await expectBlocksRun(filtered)

    const paid = ask('select * from orders where status is paid and total > 100')
    expect(onlySql(paid)).toContain("where status = 'paid'\n  and total > 100")
    const [paidRows] = await expectBlocksRun(paid)
    expect(paidRows?.length).toBeGreaterThan(0)
    expect(paidRows?.every((row) => row['status'] === 'paid' && Number(row['total']) > 100)).toBe(true)

    const nulls = ask('fetch the first 10 events where customer_id is null')
    expect(onlySql(nulls)).toContain('where customer_id is null\norder by id\nlimit 10;')
    const [nullRows] = await expectBlocksRun(nulls)
    expect(nullRows?.every((row) => row['customer_id'] === null)).toBe(true)
  })

  it('quotes literals so values with quotes match', async () => {
    const reply = ask(`find customers where full_name = "Zoë O'Brien"`)
    expect(onlySql(reply)).toContain(`where full_name = 'Zoë O''Brien'`)
    const [rows] = await expectBlocksRun(reply)
    expect(rows).toHaveLength(1)
  })

  it('joins on the foreign key when a second table is named', async () => {
    const reply = ask('show orders with their customer')
    const sql = onlySql(reply)
    expect(sql).toContain('from public.orders o\njoin public.customers c on c.id = o.customer_id')
    expect(sql).toContain('c.id as customers_id')
    expect(reply).toContain('foreign key `customer_id → public.customers.id`')
    expect((await expectBlocksRun(reply))[0]).toHaveLength(60)

    const items = ask('list the order items with their products')
    expect(onlySql(items)).toContain('join inventory.products p on p.id = oi.product_id')
    await expectBlocksRun(items)

    const forCustomer = ask('show the orders for customer 5')
    expect(onlySql(forCustomer)).toContain('where customer_id = 5')
    await expectBlocksRun(forCustomer)
  })

  it('counts rows', async () => {
    const reply = ask('how many orders are there')
    expect(onlySql(reply)).toBe('select count(*)\nfrom public.orders;')
    expect((await expectBlocksRun(reply))[0]).toEqual([{ count: '60' }])
  })

  it('uses the one table picked in the context, or the table of an earlier message', async () => {
    const picked = ask('show the first 3 rows', { tables: ['inventory.warehouses'] })
    expect(onlySql(picked)).toBe('select code, name, city\nfrom inventory.warehouses\norder by code\nlimit 3;')
    expect((await expectBlocksRun(picked))[0]).toHaveLength(3)
    const followUp = ask('now only the first 2', undefined, [
      { role: 'user', text: 'show orders' },
      { role: 'assistant', text: '…' },
    ])
    expect(onlySql(followUp)).toContain('from public.orders')
    expect(onlySql(followUp)).toContain('limit 2;')
  })
})

describe('insert', () => {
  it('lists the columns without defaults with example values that run', async () => {
    const customers = ask('insert into customers')
    expect(onlySql(customers)).toBe(
      "insert into public.customers (email, full_name, country_code, birth_date)\nvalues ('example', 'example', 'ex', '2024-01-01')\nreturning *;",
    )
    expect((await expectBlocksRun(customers))[0]).toHaveLength(1)

    const orders = ask('add a row to orders')
    expect(onlySql(orders)).toContain('(select id from public.customers limit 1), 1.00')
    expect((await expectBlocksRun(orders))[0]).toHaveLength(1)

    for (const phrase of ['insert into order_items', 'insert into analytics.events', 'add a row to notes']) {
      const reply = ask(phrase)
      expect(onlySql(reply)).toMatch(/^insert into /)
      expect((await expectBlocksRun(reply))[0]).toHaveLength(1)
    }
  })

  it('uses values the user gives', async () => {
    const reply = ask("insert into customers email = 'ann@example.com', full_name = 'Ann O''Neil'")
    expect(onlySql(reply)).toContain("values ('ann@example.com', 'Ann O''Neil', 'ex', '2024-01-01')")
    const [rows] = await expectBlocksRun(reply)
    expect(rows?.[0]).toMatchObject({ email: 'ann@example.com', full_name: "Ann O'Neil" })
  })

  it('refuses views', () => {
    const reply = ask('insert into customer_order_summary')
    expect(reply).toContain('is a view')
    expect(sqlBlocks(reply)).toEqual([])
  })
})

describe('create table', () => {
  it('parses columns and references and the table gets created', async () => {
    const reply = ask('create a table called suppliers with columns name text, price numeric, product_id references products, c references customers')
    expect(onlySql(reply)).toBe(
      [
        'create table public.suppliers (',
        '  id bigint generated by default as identity primary key,',
        '  name text,',
        '  price numeric,',
        '  product_id integer references inventory.products (id),',
        '  c bigint references public.customers (id),',
        '  created_at timestamptz not null default now()',
        ');',
      ].join('\n'),
    )
    await db.exec(onlySql(reply))
    const { rows } = await db.query(`select to_regclass('public.suppliers') is not null as made`)
    expect(rows).toEqual([{ made: true }])
  })

  it('says when the name is taken, without SQL', () => {
    const reply = ask('create a table called customers with columns a text')
    expect(reply).toContain('`public.customers` already exists')
    expect(reply).toContain('`customers_v2`')
    expect(sqlBlocks(reply)).toEqual([])
  })
})

describe('create index', () => {
  it('indexes the named columns', async () => {
    const reply = ask('index on orders(customer_id)')
    expect(onlySql(reply)).toBe('create index if not exists orders_customer_id_idx on public.orders (customer_id);')
    expect(reply).toContain('foreign key')
    await db.exec(onlySql(reply))

    const email = ask('create an index on the email column of customers')
    expect(onlySql(email)).toBe('create index if not exists customers_email_idx on public.customers (email);')
    await db.exec(onlySql(email))
    const { rows } = await db.query(`select indexname from pg_indexes where tablename = 'customers' and indexname = 'customers_email_idx'`)
    expect(rows).toHaveLength(1)

    const placed = ask('index orders by placed_at')
    expect(onlySql(placed)).toBe('create index if not exists orders_placed_at_idx on public.orders (placed_at);')
    await db.exec(onlySql(placed))
  })

  it('names the closest column when the one asked for does not exist', () => {
    const reply = ask('index orders by created_at')
    expect(reply).toContain('`public.orders` has no column `created_at`. Did you mean `placed_at`?')
    expect(sqlBlocks(reply)).toEqual([])
  })
})

describe('RLS policies', () => {
  it('enables RLS and writes a policy that runs on the platform roles and auth.uid()', async () => {
    const { rows } = await db.query(`select to_regrole('authenticated') is not null as has_role, to_regnamespace('auth') is not null as has_auth`)
    expect(rows).toEqual([{ has_role: true, has_auth: true }])

    const orders = ask('rls policy for orders')
    expect(onlySql(orders)).toBe(
      'alter table public.orders enable row level security;\n\ncreate policy "Authenticated users can read orders" on public.orders\nfor select\nto authenticated\nusing (true);',
    )
    expect(orders).toContain('narrow the `using` expression')

    const notes = ask('only let users see their own notes')
    expect(onlySql(notes)).toContain('create policy "Users can see their own notes" on public.notes')
    expect(onlySql(notes)).toContain('using ((select auth.uid()) = user_id);')
    expect(onlySql(ask('enable row level security on customers'))).toMatch(/^alter table public\.customers enable row level security;/)

    // The statements are real: run them, and Postgres has the policies.
    await db.exec(`${onlySql(orders)}\n${onlySql(notes)}`)
    try {
      const policies = await db.query(`select tablename, policyname, roles::text[] as roles from pg_catalog.pg_policies where schemaname = 'public' order by tablename`)
      expect(policies.rows).toEqual([
        { tablename: 'notes', policyname: 'Users can see their own notes', roles: ['authenticated'] },
        { tablename: 'orders', policyname: 'Authenticated users can read orders', roles: ['authenticated'] },
      ])
    } finally {
      await db.exec(`drop policy "Authenticated users can read orders" on public.orders; alter table public.orders disable row level security;
        drop policy "Users can see their own notes" on public.notes; alter table public.notes disable row level security;`)
    }
  })
})

describe('not understood and missing tables', () => {
  it('says so plainly and offers examples with real tables', () => {
    const reply = ask("what's the weather like?")
    expect(reply.startsWith("I'm not sure what you're asking.")).toBe(true)
    const examples = reply.split('\n').filter((line) => line.startsWith('- '))
    expect(examples.length).toBeGreaterThanOrEqual(5)
    expect(examples.length).toBeLessThanOrEqual(6)
    expect(reply).toContain('"describe customers"')
    expect(reply).toContain('"create an index on order_items(product_id)"')
    expect(sqlBlocks(reply)).toEqual([])
    expect(answer([], catalog).startsWith("I'm not sure what you're asking.")).toBe(true)
  })

  it('names the table it could not find and the closest ones', () => {
    const reply = ask('describe custmers')
    expect(reply).toBe("I couldn't find a table named `custmers`. The closest match is `public.customers`.")
    expect(ask('show me everything from ordrs')).toContain('`public.orders`')
    expect(sqlBlocks(ask('insert into wherehouse'))).toEqual([])
    expect(ask('insert into wherehouse')).toContain('`inventory.warehouses`')
  })
})

describe('names', () => {
  it('matches singular and plural spellings', () => {
    expect(ask('describe customer')).toMatch(/^`public\.customers`/)
    expect(onlySql(ask('insert into order_item'))).toMatch(/^insert into public\.order_items /)
    expect(onlySql(ask('show every warehouse'))).toContain('from inventory.warehouses')
    expect(onlySql(ask('rls policy for event'))).toContain('on analytics.events')
  })

  it('quotes names with spaces and capitals, and the SQL runs', async () => {
    const select = ask('select Qty from "Order Lines" where Qty = 3')
    expect(onlySql(select)).toBe('select "Qty"\nfrom public."Order Lines"\nwhere "Qty" = 3\norder by id\nlimit 100;')
    expect((await expectBlocksRun(select))[0]).toEqual([{ Qty: 3 }])

    const insert = ask('add a row to order lines')
    expect(onlySql(insert)).toBe(
      'insert into public."Order Lines" (id, "Qty")\nvalues ((select coalesce(max(id), 0) + 1 from public."Order Lines"), 1)\nreturning *;',
    )
    expect((await expectBlocksRun(insert))[0]).toEqual([{ id: 3, Qty: 1 }])

    const index = ask('create an index on "Order Lines"(Qty)')
    expect(onlySql(index)).toBe('create index if not exists order_lines_qty_idx on public."Order Lines" ("Qty");')
    await db.exec(onlySql(index))

    expect(ask('describe "Order Lines"')).toContain('| `Qty` | integer | yes |')
    const created = ask('create a table called "Audit Log" with columns "Event" text, order_id references orders')
    expect(onlySql(created)).toContain('create table public."Audit Log" (')
    expect(onlySql(created)).toContain('"Event" text,\n  order_id uuid references public.orders (id),')
    await expectBlocksRun(created)
  })
})

describe('determinism', () => {
  it('gives the same answer for the same input, also from a freshly read catalog', async () => {
    const fresh = catalogFromRows((await db.query(MODEL_CATALOG_SQL)).rows)
    const again = catalogFromRows((await db.query(MODEL_CATALOG_SQL)).rows)
    const prompts = [
      'list tables',
      'describe orders',
      'show me the top 5 customers sorted by created_at desc',
      'insert into order_items',
      'rls policy for orders',
      "what's the weather like?",
      'ERROR: relation "custmers" does not exist',
    ]
    for (const prompt of prompts) {
      const first = ask(prompt)
      expect(ask(prompt)).toBe(first)
      expect(answer([{ role: 'user', text: prompt }], again)).toBe(answer([{ role: 'user', text: prompt }], fresh))
    }
  })
})
