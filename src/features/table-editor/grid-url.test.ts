import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FILTER_OPERATORS } from '../../lib/sql/table-rows'
import { gridQuerySearch, nextSort, parseGridQuery, withGridQuery } from './grid-url'

describe('grid query in the address', () => {
  it('round-trips any names and values, colons and percent signs included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ column: fc.string({ minLength: 1 }), direction: fc.constantFrom('asc' as const, 'desc' as const) }), { maxLength: 2 }),
        fc.array(fc.record({ column: fc.string({ minLength: 1 }), operator: fc.constantFrom(...FILTER_OPERATORS), value: fc.string() }), { maxLength: 3 }),
        (sort, filters) => {
          expect(parseGridQuery(gridQuerySearch({ sort, filters }))).toEqual({ sort, filters })
        },
      ),
    )
  })

  it('ignores parts it cannot read', () => {
    expect(parseGridQuery('?sort=id:sideways&filter=id:drop:1&filter=broken')).toEqual({ sort: [], filters: [] })
    expect(gridQuerySearch({ sort: [], filters: [] })).toBe('')
  })

  it('cycles a header through ascending, descending and off', () => {
    expect(nextSort([], 'a')).toEqual([{ column: 'a', direction: 'asc' }])
    expect(nextSort([{ column: 'a', direction: 'asc' }], 'a')).toEqual([{ column: 'a', direction: 'desc' }])
    expect(nextSort([{ column: 'a', direction: 'desc' }], 'a')).toEqual([])
    expect(nextSort([{ column: 'a', direction: 'desc' }], 'b')).toEqual([{ column: 'b', direction: 'asc' }])
  })
})

describe('withGridQuery', () => {
  it('replaces the sort and filters and keeps every other parameter', () => {
    const search = '?aiAssistantPanelOpen=true&sort=a:asc&filter=b:eq:1&featurePreviewModal=x'
    const next = withGridQuery(search, { sort: [{ column: 'name', direction: 'desc' }], filters: [] })
    const params = new URLSearchParams(next)
    expect(params.get('aiAssistantPanelOpen')).toBe('true')
    expect(params.get('featurePreviewModal')).toBe('x')
    expect(params.getAll('sort')).toEqual(['name:desc'])
    expect(params.getAll('filter')).toEqual([])
    expect(withGridQuery('?sort=a:asc', { sort: [], filters: [] })).toBe('')
  })
})
