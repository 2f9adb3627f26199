import { describe, expect, it } from 'vitest'
import type { SqlSnippet, TableEntity } from '../../api/schemas'
import { filterSections } from '../../lib/command-search'
import { PROJECT_SEARCH_LIMIT, projectSearchSections } from './project-search'

const table = (id: number, schema: string, name: string, type: TableEntity['type'] = 'table'): TableEntity => ({ id, schema, name, type, comment: null, estimated_rows: 0, rls_enabled: false })
const snippet = (id: string, name: string, favorite = false) => ({ id, name, favorite }) as SqlSnippet

describe('the command menu finds a project’s tables and snippets by name', () => {
  const visited: string[] = []
  const sections = projectSearchSections(
    'abcdefghijklmnopqrst',
    [table(16390, 'public', 'customers'), table(16400, 'public', 'customer_order_summary', 'view'), table(16410, 'inventory', 'products')],
    [snippet('9f1c6a52-0000-4000-8000-000000000001', 'Recent orders', true), snippet('9f1c6a52-0000-4000-8000-000000000002', 'Table sizes')],
    (path) => visited.push(path),
  )

  it('only for a search: the empty menu stays short', () => {
    expect(filterSections(sections, '')).toEqual([])
  })

  it('a table by its name, schema-qualified, a view said to be one; Enter opens it in the table editor', () => {
    const [tables] = filterSections(sections, 'customer')
    expect(tables?.name).toBe('Tables')
    expect(tables?.commands.map((c) => [c.name, c.hint])).toEqual([
      ['public.customers', undefined],
      ['public.customer_order_summary', 'View'],
    ])
    tables?.commands[0]?.run()
    expect(visited.at(-1)).toBe('/project/abcdefghijklmnopqrst/editor/16390')
  })

  it('a snippet by its name (a favourite says so); Enter opens it in the SQL editor', () => {
    const found = filterSections(sections, 'recent')
    expect(found.map((s) => [s.name, s.commands.map((c) => [c.name, c.hint])])).toEqual([['SQL snippets', [['Recent orders', 'Favorite']]]])
    found[0]?.commands[0]?.run()
    expect(visited.at(-1)).toBe('/project/abcdefghijklmnopqrst/sql/9f1c6a52-0000-4000-8000-000000000001')
  })

  it('at most the best few of a long list', () => {
    const many = projectSearchSections('abcdefghijklmnopqrst', Array.from({ length: 40 }, (_, i) => table(i + 1, 'public', `events_${i}`)), [], () => {})
    expect(filterSections(many, 'events')[0]?.commands).toHaveLength(PROJECT_SEARCH_LIMIT)
  })
})
