import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { TableEntity, TableSchema } from '../../api/schemas'
import { executeSql } from '../../api/queries/sql'
import { queryKeys } from '../../api/queries/keys'
import { ColumnDialog, CreateTableDialog } from './StructureDialogs'
import { TableStructureView } from './TableStructureView'
import { tableColumn } from '../../test/table-column'

vi.mock('../../api/queries/sql', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api/queries/sql')>()), executeSql: vi.fn() }))
vi.mock('../../ui/toast', () => ({ showToast: vi.fn() }))

const col = tableColumn

const products: TableSchema = {
  id: 42,
  schema: 'inventory',
  name: 'products',
  type: 'table',
  primary_keys: ['id'],
  relationships: [],
  columns: [
    col('id', {
      data_type: 'integer',
      base_type: 'int4',
      type_category: 'N',
      is_nullable: false,
      is_unique: true,
      default_value: "nextval('products_id_seq'::regclass)",
    }),
    col('price', {
      data_type: 'numeric(10,2)',
      base_type: 'numeric',
      type_category: 'N',
      is_nullable: false,
      check: 'CHECK ((price > (0)::numeric))',
      check_constraint: 'products_price_positive',
    }),
    col('status', { data_type: 'order_status', base_type: 'order_status', type_category: 'E', enums: ['new', 'paid'] }),
  ],
}

const entities: TableEntity[] = [
  { id: 42, schema: 'inventory', name: 'products', type: 'table', comment: null, estimated_rows: 0, rls_enabled: false },
  { id: 7, schema: 'public', name: 'customers', type: 'table', comment: null, estimated_rows: 0, rls_enabled: false },
]

function wrap(children: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

const sqlPreview = () => screen.getByRole('region', { name: 'SQL to run' }).querySelector('pre, p')?.textContent
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** After the database refused `sql`: it ran once, nothing was done, and the dialog keeps what was typed and its SQL. */
function expectKeptAfterRefusal(run: ReturnType<typeof vi.fn>, onDone: ReturnType<typeof vi.fn>, sql: string, typed: Record<string, string>) {
  expect(run).toHaveBeenCalledExactlyOnceWith(sql)
  expect(onDone).not.toHaveBeenCalled()
  for (const [label, value] of Object.entries(typed)) expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe(value)
  expect(sqlPreview()).toBe(sql)
}

describe('ColumnDialog', () => {
  it('previews the add column SQL as the form changes and runs exactly that', async () => {
    const run = vi.fn().mockResolvedValue([])
    const onDone = vi.fn()
    render(wrap(<ColumnDialog projectRef="ref" connectionString="postgres://x" table={products} run={run} onDone={onDone} onClose={vi.fn()} />))
    expect(screen.getByRole('dialog', { name: 'Add a column to inventory.products' })).toBeTruthy()
    expect(sqlPreview()).toBe('Every column needs a name')
    const button = screen.getByRole('button', { name: 'Add column' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)

    type('Name', 'stock')
    expect(sqlPreview()).toBe('alter table "inventory"."products" add column "stock" text;')
    type('Type', 'int4')
    type('Default value', '0')
    fireEvent.click(screen.getByLabelText('Nullable'))
    type('Check', 'stock >= 0')
    const sql = 'alter table "inventory"."products" add column "stock" int4 default 0 not null check (stock >= 0);'
    expect(sqlPreview()).toBe(sql)

    type('Type', 'int4; drop table x')
    expect(sqlPreview()).toBe('Column "stock" has a bad type. Not a type name: "int4; drop table x"')
    expect(button.disabled).toBe(true)
    type('Type', 'int4')

    expect(button.disabled).toBe(false)
    fireEvent.click(button)
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce())
    expect(run).toHaveBeenCalledExactlyOnceWith(sql)
  })

  it('refuses a name over 63 bytes of UTF-8 before anything runs (Postgres would cut it silently)', () => {
    const run = vi.fn()
    render(wrap(<ColumnDialog projectRef="ref" connectionString="postgres://x" table={products} run={run} onDone={vi.fn()} onClose={vi.fn()} />))
    // 22 characters, 66 bytes.
    type('Name', '李'.repeat(22))
    expect(sqlPreview()).toMatch(/^The column name ".*" is 66 bytes long; Postgres allows at most 63/)
    const button = screen.getByRole('button', { name: 'Add column' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.submit(button.closest('form')!)
    expect(run).not.toHaveBeenCalled()
    type('Name', '李'.repeat(21))
    expect(sqlPreview()).toBe(`alter table "inventory"."products" add column "${'李'.repeat(21)}" text;`)
  })

  it('offers the enum types of the table in the type list', () => {
    render(wrap(<ColumnDialog projectRef="ref" connectionString="postgres://x" table={products} run={vi.fn()} onDone={vi.fn()} onClose={vi.fn()} />))
    const list = document.getElementById((screen.getByLabelText('Type') as HTMLInputElement).getAttribute('list')!)!
    const options = [...list.querySelectorAll('option')].map((o) => o.value)
    expect(options).toContain('order_status')
    expect(options).toContain('timestamptz')
  })

  it('edits a column with its constraint names, and keeps the form when the database refuses', async () => {
    const run = vi.fn().mockRejectedValue(new Error('check constraint "products_price_positive" of relation "products" is violated by some row'))
    const onDone = vi.fn()
    render(wrap(<ColumnDialog projectRef="ref" connectionString="postgres://x" table={products} column={products.columns[1]} run={run} onDone={onDone} onClose={vi.fn()} />))
    expect(screen.getByRole('dialog', { name: 'Edit column price' })).toBeTruthy()
    expect((screen.getByLabelText('Check') as HTMLInputElement).value).toBe('price > (0)::numeric')
    expect(sqlPreview()).toBe('Nothing to change yet.')

    type('Name', 'unit_price')
    type('Check', 'unit_price > 1')
    const sql = [
      'alter table "inventory"."products" rename column "price" to "unit_price";',
      'alter table "inventory"."products" drop constraint "products_price_positive";',
      'alter table "inventory"."products" add check (unit_price > 1);',
    ].join('\n')
    expect(sqlPreview()).toBe(sql)
    fireEvent.click(screen.getByRole('button', { name: 'Update column' }))

    expect((await screen.findByRole('alert')).textContent).toContain('is violated by some row')
    expectKeptAfterRefusal(run, onDone, sql, { Name: 'unit_price', Check: 'unit_price > 1' })
    expect((screen.getByRole('button', { name: 'Update column' }) as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('CreateTableDialog', () => {
  it('offers the database’s own enums and domains as types, and writes an array type from the Array box', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(queryKeys.columnTypes('ref'), [
      { name: 'mood', kind: 'enum' },
      { name: 'inventory.sku', kind: 'domain' },
    ])
    render(wrap(<CreateTableDialog projectRef="ref" connectionString="postgres://x" entities={entities} run={vi.fn()} onDone={vi.fn()} onClose={vi.fn()} />, client))
    const list = document.getElementById(screen.getByLabelText('Column 1 type').getAttribute('list')!)!
    const options = [...list.querySelectorAll('option')].map((option) => [option.value, option.label])
    expect(options).toContainEqual(['text', ''])
    expect(options).toContainEqual(['mood', 'enum of this database'])
    expect(options).toContainEqual(['inventory.sku', 'domain of this database'])

    type('Name', 'moods')
    type('Column 2 type', 'mood')
    fireEvent.click(screen.getByLabelText('Column 2 array'))
    expect((screen.getByLabelText('Column 2 type') as HTMLInputElement).value).toBe('mood[]')
    expect(sqlPreview()).toContain('"created_at" mood[] default now() not null')
    fireEvent.click(screen.getByLabelText('Column 2 array'))
    expect((screen.getByLabelText('Column 2 type') as HTMLInputElement).value).toBe('mood')
  })

  it('builds one create table statement from the rows and runs it', async () => {
    const run = vi.fn().mockResolvedValue([])
    const onDone = vi.fn()
    render(wrap(<CreateTableDialog projectRef="ref" connectionString="postgres://x" entities={entities} run={run} onDone={onDone} onClose={vi.fn()} />))
    expect(sqlPreview()).toBe('The table needs a name')
    expect((screen.getByLabelText('Schema') as HTMLSelectElement).value).toBe('public')

    type('Name', 'notes')
    // public is served by the API: RLS starts on, enabled in the same run.
    const rls = screen.getByRole('switch', { name: /Enable Row Level Security/ }) as HTMLInputElement
    expect(rls.checked).toBe(true)
    expect(sqlPreview()).toBe(
      'create table "public"."notes" (\n' +
        '  "id" int8 generated by default as identity not null,\n' +
        '  "created_at" timestamptz default now() not null,\n' +
        '  primary key ("id")\n' +
        ');\n' +
        'alter table "public"."notes" enable row level security;',
    )

    // inventory is not: RLS starts off there; the user's choice then holds.
    fireEvent.change(screen.getByLabelText('Schema'), { target: { value: 'inventory' } })
    expect(rls.checked).toBe(false)
    const user = userEvent.setup()
    await user.click(rls)
    expect(sqlPreview()).toContain('alter table "inventory"."notes" enable row level security;')
    await user.click(rls)
    expect(rls.checked).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Add a column' }))
    type('Column 3 name', 'body')
    fireEvent.click(screen.getByLabelText('Column 3 nullable'))
    fireEvent.click(screen.getByLabelText('Column 3 unique'))
    fireEvent.click(screen.getByRole('button', { name: 'Add a column' }))
    expect(sqlPreview()).toBe('Every column needs a name')
    fireEvent.click(screen.getByRole('button', { name: 'Remove column 4' }))

    const sql =
      'create table "inventory"."notes" (\n' +
      '  "id" int8 generated by default as identity not null,\n' +
      '  "created_at" timestamptz default now() not null,\n' +
      '  "body" text not null unique,\n' +
      '  primary key ("id")\n' +
      ');'
    expect(sqlPreview()).toBe(sql)

    fireEvent.click(screen.getByRole('button', { name: 'Create table' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce())
    expect(onDone).toHaveBeenCalledWith({ schema: 'inventory', name: 'notes' })
    expect(run).toHaveBeenCalledExactlyOnceWith(sql)
  })

  it('adds a foreign key row to the same statement', async () => {
    const run = vi.fn().mockResolvedValue([])
    render(wrap(<CreateTableDialog projectRef="ref" connectionString="postgres://x" entities={entities} run={run} onDone={vi.fn()} onClose={vi.fn()} />))
    type('Name', 'notes')
    fireEvent.click(screen.getByRole('button', { name: 'Add a column' }))
    type('Column 3 name', 'customer_id')
    type('Column 3 type', 'int8')
    fireEvent.click(screen.getByRole('button', { name: 'Add a foreign key' }))
    expect(sqlPreview()).toBe('Choose the column of each foreign key.')
    fireEvent.change(screen.getByLabelText('Foreign key 1 column'), { target: { value: 'customer_id' } })
    expect(sqlPreview()).toBe('Choose the table that "customer_id" references.')
    // Without a reachable API the referenced table's columns do not load; the choice still stands.
    fireEvent.change(screen.getByLabelText('Foreign key 1 referenced table'), { target: { value: '7' } })
    expect(sqlPreview()).toBe('Choose the column of public.customers that "customer_id" references.')
  })

  it('shows the database error and keeps the rows when creating fails', async () => {
    const run = vi.fn().mockRejectedValue(new Error('relation "notes" already exists'))
    const onDone = vi.fn()
    render(wrap(<CreateTableDialog projectRef="ref" connectionString="postgres://x" entities={entities} run={run} onDone={onDone} onClose={vi.fn()} />))
    type('Name', 'notes')
    type('Column 2 name', 'made_at')
    const sql = sqlPreview()
    expect(sql).toContain('"made_at" timestamptz default now() not null')
    fireEvent.click(screen.getByRole('button', { name: 'Create table' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The database refused this change: relation "notes" already exists')
    expectKeptAfterRefusal(run, onDone, sql!, { Name: 'notes', 'Column 2 name': 'made_at' })
  })
})

describe('TableStructureView', () => {
  it('runs a column edit on the project database and refreshes the table queries', async () => {
    vi.mocked(executeSql).mockResolvedValue([])
    const client = new QueryClient()
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    render(wrap(<TableStructureView projectRef="ref" connectionString="postgres://x" table={products} entities={entities} />, client))
    const columns = screen.getByRole('region', { name: 'Columns' })
    expect(within(columns).getByRole('row', { name: /^price numeric\(10,2\)/ })).toBeTruthy()
    expect(within(columns).getByRole('row', { name: /^id\s*primary key integer/ })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Edit column price' }))
    type('Default value', '1')
    const sql = 'alter table "inventory"."products" alter column "price" set default 1;'
    expect(sqlPreview()).toBe(sql)
    fireEvent.click(screen.getByRole('button', { name: 'Update column' }))
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['projects', 'ref', 'tables'] }))
    expect(executeSql).toHaveBeenCalledExactlyOnceWith({ ref: 'ref', connectionString: 'postgres://x', query: sql })
    // The dialog closes as the edit succeeds; its removal can land a tick after the refresh was asked on a busy machine.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('names what depends on a column before dropping it, and drops them too only when asked', async () => {
    vi.mocked(executeSql).mockClear().mockResolvedValue([])
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    client.setQueryData(queryKeys.columnDependents('ref', 'inventory', 'products', 'price'), ['view inventory.price_list', 'constraint orders_price_fkey on table public.orders'])
    render(wrap(<TableStructureView projectRef="ref" connectionString="postgres://x" table={products} entities={entities} />, client))
    fireEvent.click(screen.getByRole('button', { name: 'Drop column price' }))
    const dialog = screen.getByRole('dialog', { name: 'Drop column price' })
    expect(within(within(dialog).getByRole('list', { name: 'What depends on it' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'view inventory.price_list',
      'constraint orders_price_fkey on table public.orders',
    ])
    expect(sqlPreview()).toBe('alter table "inventory"."products" drop column "price";')
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also drop what depends on it (cascade)' }))
    expect(sqlPreview()).toBe('alter table "inventory"."products" drop column "price" cascade;')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Drop column and 2 dependent objects' }))
    await waitFor(() => expect(executeSql).toHaveBeenCalledExactlyOnceWith({ ref: 'ref', connectionString: 'postgres://x', query: 'alter table "inventory"."products" drop column "price" cascade;' }))
  })

  it('says when nothing depends on a column, and offers no cascade', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    client.setQueryData(queryKeys.columnDependents('ref', 'inventory', 'products', 'status'), [])
    render(wrap(<TableStructureView projectRef="ref" connectionString="postgres://x" table={products} entities={entities} />, client))
    fireEvent.click(screen.getByRole('button', { name: 'Drop column status' }))
    expect(screen.getByText('No view, foreign key or policy depends on it.')).toBeTruthy()
    expect(screen.queryByRole('checkbox', { name: /cascade/ })).toBeNull()
  })

  it('shows views read-only', () => {
    render(wrap(<TableStructureView projectRef="ref" connectionString="postgres://x" table={{ ...products, type: 'view' }} entities={entities} />))
    expect(screen.queryByRole('button', { name: 'Add column' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit column price' })).toBeNull()
    expect(screen.getByText('The structure of a view is shown read-only.')).toBeTruthy()
  })
})
