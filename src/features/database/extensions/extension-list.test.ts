import { describe, expect, it } from 'vitest'
import type { DatabaseExtension } from '../../../api/schemas'
import { EXTENSION_CATALOGUE, EXTENSION_TAGS } from '../../../constants'
import { extensionRows, extensionSchemaProblem, filterExtensionRows } from './extension-list'
import { itReadsEach } from '../../../test/each-row'

const extension = (name: string, installed: string | null = null, comment: string | null = null, installable = true): DatabaseExtension => ({
  name,
  default_version: '1.0',
  installed_version: installed,
  schema: installed ? 'extensions' : null,
  comment,
  fixed_schema: null,
  requires: [],
  installable,
})

describe('the catalogue', () => {
  it('files every entry under the SPEC tags only, and flags the five SPEC names deprecated on Postgres 17', () => {
    for (const entry of EXTENSION_CATALOGUE) {
      expect(entry.tags.length, entry.name).toBeGreaterThan(0)
      for (const tag of entry.tags) expect(EXTENSION_TAGS).toContain(tag)
      expect(entry.link).toMatch(/^https:\/\//)
    }
    const deprecated = EXTENSION_CATALOGUE.filter((entry) => entry.deprecated?.includes('Postgres 17')).map((entry) => entry.name)
    expect(deprecated.sort()).toEqual(['pgjwt', 'plcoffee', 'plls', 'plv8', 'timescaledb'])
    expect(new Set(EXTENSION_CATALOGUE.map((entry) => entry.name)).size).toBe(EXTENSION_CATALOGUE.length)
  })
})

describe('extensionRows', () => {
  it('lists enabled, then installable, then what the database cannot install, by name', () => {
    const rows = extensionRows([extension('pg_trgm'), extension('plpgsql', '1.0'), extension('citext')])
    expect(rows.slice(0, 3).map((row) => [row.name, row.state])).toEqual([
      ['plpgsql', 'enabled'],
      ['citext', 'available'],
      ['pg_trgm', 'available'],
    ])
    const cron = rows.find((row) => row.name === 'pg_cron')
    expect(cron).toMatchObject({ state: 'unavailable', database: null, tags: ['Utility'] })
    const rank = { enabled: 0, available: 1, unavailable: 2 }
    const ranks = rows.map((row) => rank[row.state])
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  })

  it('offers no switch for one this project may not have (a shared server refuses file_fdw), but keeps an installed one enabled', () => {
    const rows = extensionRows([extension('file_fdw', null, null, false), extension('dblink', '1.2', null, false), extension('pg_trgm')])
    expect(rows.find((row) => row.name === 'file_fdw')).toMatchObject({ state: 'unavailable', database: { name: 'file_fdw' } })
    expect(rows.find((row) => row.name === 'dblink')?.state).toBe('enabled')
    expect(rows.find((row) => row.name === 'pg_trgm')?.state).toBe('available')
  })

  it("keeps an extension the catalogue does not know, with the database's description", () => {
    const rows = extensionRows([extension('my_own_ext', null, 'Something of ours')])
    expect(rows.find((row) => row.name === 'my_own_ext')).toMatchObject({ comment: 'Something of ours', tags: [], catalogue: null, state: 'available' })
  })
})

describe('filterExtensionRows', () => {
  const rows = extensionRows([extension('pg_trgm'), extension('plpgsql', '1.0'), extension('fuzzystrmatch')])
  it('matches every word in name, description or tags, case-insensitively', () => {
    expect(filterExtensionRows(rows, { search: 'TRIGRAM', tag: null, enabledOnly: false }).map((row) => row.name)).toEqual(['pg_trgm'])
    expect(filterExtensionRows(rows, { search: 'distance strings', tag: null, enabledOnly: false }).map((row) => row.name)).toEqual(['fuzzystrmatch'])
  })
  it('filters by tag and by enabled', () => {
    expect(filterExtensionRows(rows, { search: '', tag: 'Time Series', enabledOnly: false }).map((row) => row.name)).toEqual(['timescaledb'])
    expect(filterExtensionRows(rows, { search: '', tag: null, enabledOnly: true }).map((row) => row.name)).toEqual(['plpgsql'])
  })
})

describe('extensionSchemaProblem', () => {
  itReadsEach('%j → %s', extensionSchemaProblem, [
    ['', 'Choose a schema, or name a new one.'],
    [' extensions', 'The schema name may not start or end with a space.'],
    ['my "schema"', 'An extension cannot go in a schema whose name has a quote, $ or backslash in it.'],
    ["o'brien", 'An extension cannot go in a schema whose name has a quote, $ or backslash in it.'],
    ['pg_mine', 'Names starting with pg_ are reserved for Postgres.'],
  ])
  it.each(['extensions', 'geo tools', 'Ünïcode', 'select'])('%j is fine', (schema) => {
    expect(extensionSchemaProblem(schema)).toBeNull()
  })
})
