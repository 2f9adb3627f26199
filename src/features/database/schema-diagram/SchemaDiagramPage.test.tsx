import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { SchemaGraph } from '../../../api/schemas'
import { SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { stubLayoutInFile } from '../../../test/resize-observer'
import { diagramPositionsKey } from './diagram-positions'
import { SchemaDiagramScreen } from './SchemaDiagramPage'

const column = (name: string, type = 'bigint') => ({ name, type, nullable: true, default: null, generated: null, identity: null, comment: null })
const graph: SchemaGraph = {
  schema: 'public',
  exists: true,
  tables: [
    { id: 1, name: 'customers', type: 'table', comment: null, definition: null, columns: [column('id'), column('email', 'text')], primary_key: ['id'], constraints: [] },
    { id: 2, name: 'orders', type: 'table', comment: null, definition: null, columns: [column('id'), column('customer_id')], primary_key: ['id'], constraints: [] },
    { id: 3, name: 'order_summary', type: 'view', comment: null, definition: 'select 1', columns: [column('n')], primary_key: [], constraints: [] },
  ],
  foreign_keys: [{ name: 'orders_customer_id_fkey', source_id: 2, source_columns: ['customer_id'], target_id: 1, target_schema: 'public', target_name: 'customers', target_columns: ['id'], on_delete: 'cascade', on_update: 'no action' }],
  enums: [],
}

// React Flow measures its pane and cards; jsdom lays nothing out.
stubLayoutInFile({ clientHeight: 800, clientWidth: 1200 })

const renderDiagram = (schemaGraph: SchemaGraph = graph) =>
  renderProjectScreen(<SchemaDiagramScreen projectRef={SCREEN_REF} />, {
    actions: ['%'],
    data: [
      [queryKeys.schemaList(SCREEN_REF), [{ name: 'public', relations: 3 }, { name: 'inventory', relations: 2 }]],
      [queryKeys.schemaGraph(SCREEN_REF, 'public'), schemaGraph],
    ],
  })

describe('the schema diagram screen', () => {
  it('draws a card per relation with its columns and keys, a view marked, its name a link to the table editor', async () => {
    renderDiagram()
    const orders = await screen.findByRole('group', { name: 'Table orders' })
    expect(within(orders).getByRole('link', { name: 'orders' }).getAttribute('href')).toBe(`/project/${SCREEN_REF}/editor/2`)
    // A foreign key says where it points (a large schema's lines are a picture only).
    expect(within(orders).getByRole('list', { name: 'Columns of orders' }).textContent).toContain('foreign key to customers.idcustomer_idbigint')
    expect(within(screen.getByRole('group', { name: 'View order_summary' })).getByText('view')).toBeTruthy()
    expect(screen.getByText('3 relations, 1 link')).toBeTruthy()
    expect(within(screen.getByLabelText('Schema', { selector: 'select' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['public (3)', 'inventory (2)'])
  })

  it('says when no table has the name searched for, and offers only a reset it can do', async () => {
    renderDiagram()
    await screen.findByRole('group', { name: 'Table orders' })
    fireEvent.change(screen.getByLabelText('Find a table'), { target: { value: 'invoices' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(screen.getByRole('status').textContent).toBe('No table in public is called “invoices”.')
    expect((screen.getByRole('button', { name: 'Reset layout' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('offers a reset once a position was kept', async () => {
    localStorage.setItem(diagramPositionsKey(SCREEN_REF), JSON.stringify({ public: { orders: [5, 5] } }))
    renderDiagram()
    await screen.findByRole('group', { name: 'Table orders' })
    const reset = screen.getByRole('button', { name: 'Reset layout' }) as HTMLButtonElement
    expect(reset.disabled).toBe(false)
    fireEvent.click(reset)
    expect(localStorage.getItem(diagramPositionsKey(SCREEN_REF))).toBe('{}')
    expect(reset.disabled).toBe(true)
  })

  it('says a schema has no tables yet, and a schema that is not there is not', async () => {
    const { unmount } = renderDiagram({ ...graph, tables: [], foreign_keys: [] })
    expect(await screen.findByText('No tables in public yet')).toBeTruthy()
    unmount()
    renderDiagram({ ...graph, exists: false, tables: [], foreign_keys: [] })
    expect(await screen.findByText('There is no schema called “public”')).toBeTruthy()
  })
})
