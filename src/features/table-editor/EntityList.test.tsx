import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { queryKeys } from '../../api/queries/keys'
import type { TableEntity } from '../../api/schemas'
import { EntityList } from './EntityList'

const REF = 'abcdefghijklmnopqrst'
const entity = (id: number, schema: string, name: string): TableEntity => ({ id, schema, name, type: 'table', comment: null, estimated_rows: 0, rls_enabled: true })
const ENTITIES = [entity(1, 'public', 'customers'), entity(2, 'public', 'orders'), entity(3, 'inventory', 'products'), entity(4, 'auth', 'users'), entity(5, 'storage', 'objects'), entity(6, 'inventory', 'users_seen')]

function List({ selectedId }: { selectedId: number | null }) {
  const entities = useQuery({ queryKey: queryKeys.tableEntities(REF), queryFn: () => ENTITIES })
  return <EntityList projectRef={REF} connectionString="encrypted:abc" entities={entities} selectedId={selectedId} />
}

function renderList(selectedId: number | null = null) {
  const client = new QueryClient()
  client.setQueryData(queryKeys.tableEntities(REF), ENTITIES)
  client.setQueryData(queryKeys.projectSettings(REF), { app_config: { endpoint: '', db_schema: 'public' } })
  const { hook } = memoryLocation({ path: `/project/${REF}/editor` })
  const tree = (id: number | null) => (
    <QueryClientProvider client={client}>
      <Router hook={hook}>
        <List selectedId={id} />
      </Router>
    </QueryClientProvider>
  )
  const rendered = render(tree(selectedId))
  return { reopen: (id: number | null) => rendered.rerender(tree(id)) }
}

const picker = () => screen.getByLabelText('Schema') as HTMLSelectElement
const listed = () => screen.getAllByRole('link').map((link) => link.textContent)

describe('the table list’s schema picker', () => {
  it('lists the user’s schemas first, public leading, then the platform’s marked protected', () => {
    renderList()
    expect(picker().value).toBe('public')
    expect(within(picker()).getAllByRole('option').map((option) => option.textContent)).toEqual(['public', 'inventory', 'auth (protected)', 'storage (protected)'])
    expect(within(picker()).getByRole('group', { name: 'Protected: managed by the platform' })).toBeTruthy()
    expect(listed()).toEqual(['customers', 'orders'])
  })

  it('shows the chosen schema’s tables, and says a protected one is the platform’s', () => {
    renderList()
    fireEvent.change(picker(), { target: { value: 'auth' } })
    expect(listed()).toEqual(['users'])
    expect(screen.getByRole('note').textContent).toContain('auth is managed by the platform')
    fireEvent.change(picker(), { target: { value: 'inventory' } })
    expect(listed()).toEqual(['products', 'users_seen'])
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('follows the table opened, and a search looks in every schema', () => {
    const { reopen } = renderList(1)
    expect(picker().value).toBe('public')
    // A schema picked holds while the tables opened stay in one schema, and gives way when one of another opens.
    fireEvent.change(picker(), { target: { value: 'auth' } })
    reopen(2)
    expect(picker().value).toBe('auth')
    reopen(3)
    expect(picker().value).toBe('inventory')
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tables' }), { target: { value: 'users' } })
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(['Schema auth', 'Schema inventory'])
  })
})
