import { describe, expect, it } from 'vitest'
import { filterSections, type CommandSection } from './command-search'

const run = () => {}
const sections: CommandSection[] = [
  {
    id: 'navigate',
    name: 'Navigate',
    commands: [
      { id: 'sql', name: 'SQL editor', keywords: ['query', 'snippet'], run },
      { id: 'tables', name: 'Table editor', keywords: ['rows', 'data'], run },
      { id: 'orgs', name: 'All organizations', run },
    ],
  },
  {
    id: 'theme',
    name: 'Theme',
    commands: [
      { id: 'dark', name: 'Dark', run },
      { id: 'light', name: 'Light', run },
    ],
  },
  { id: 'screen', name: 'This screen', forceMount: true, commands: [{ id: 'run', name: 'Run query', run }] },
  { id: 'empty', name: 'Nothing', commands: [] },
]
const ids = (result: CommandSection[]) => result.map((s) => [s.id, s.commands.map((c) => c.id)])

describe('filterSections', () => {
  it('an empty search shows every section that has commands, in order', () => {
    expect(ids(filterSections(sections, '  '))).toEqual([
      ['navigate', ['sql', 'tables', 'orgs']],
      ['theme', ['dark', 'light']],
      ['screen', ['run']],
    ])
  })

  it('matches letters in order (fuzzy), best first, and drops sections without a match', () => {
    expect(ids(filterSections(sections, 'tbl'))).toEqual([
      ['navigate', ['tables']],
      ['screen', ['run']],
    ])
    expect(ids(filterSections(sections, 'editor'))).toEqual([
      ['navigate', ['sql', 'tables']],
      ['screen', ['run']],
    ])
  })

  it('finds commands by keyword and by section name; forceMount sections stay whole', () => {
    expect(ids(filterSections(sections, 'snippet'))[0]).toEqual(['navigate', ['sql']])
    expect(ids(filterSections(sections, 'theme'))[0]).toEqual(['theme', ['dark', 'light']])
    expect(ids(filterSections(sections, 'zzzz'))).toEqual([['screen', ['run']]])
  })

  it('equally good matches keep the order they were given in', () => {
    const themes: CommandSection = {
      id: 'theme',
      name: 'Theme',
      commands: [
        { id: 'dark', name: 'Use the dark theme', run },
        { id: 'classic', name: 'Use the classic dark theme', run },
      ],
    }
    expect(ids(filterSections([themes], 'dark theme'))).toEqual([['theme', ['dark', 'classic']]])
  })

  it('a search-only section (a project’s tables) shows only for a search, at most its limit of best matches', () => {
    const tables: CommandSection = {
      id: 'tables',
      name: 'Tables',
      searchOnly: true,
      limit: 2,
      commands: ['public.orders', 'public.order_items', 'analytics.orders_daily', 'public.customers'].map((name) => ({ id: name, name, run })),
    }
    expect(ids(filterSections([tables], ''))).toEqual([])
    expect(ids(filterSections([tables], 'orders'))).toEqual([['tables', ['public.orders', 'analytics.orders_daily']]])
    expect(ids(filterSections([tables], 'customers'))).toEqual([['tables', ['public.customers']]])
  })
})
