import type { DatabaseExtension } from '../../../api/schemas'
import { EXTENSION_CATALOGUE, type ExtensionCatalogueEntry, type ExtensionTag } from '../../../constants'

/**
 * One row of the extensions screen: what the database says of an extension (when it can install it)
 * merged with what the catalogue says (SPEC §3). An entry of the catalogue the database cannot
 * install, or the project may not have, is listed as unavailable: it gets no switch, only the reason.
 */
export interface ExtensionRow {
  name: string
  comment: string
  tags: readonly ExtensionTag[]
  catalogue: ExtensionCatalogueEntry | null
  /** null: the database cannot install it. */
  database: DatabaseExtension | null
  state: 'enabled' | 'available' | 'unavailable'
}

const CATALOGUE_BY_NAME = new Map(EXTENSION_CATALOGUE.map((entry) => [entry.name, entry]))
const STATE_ORDER = { enabled: 0, available: 1, unavailable: 2 } as const

/** Enabled first, then installable, then the rest; by name within each. */
export function extensionRows(database: readonly DatabaseExtension[]): ExtensionRow[] {
  const rows = new Map<string, ExtensionRow>()
  for (const extension of database) {
    const catalogue = CATALOGUE_BY_NAME.get(extension.name) ?? null
    rows.set(extension.name, {
      name: extension.name,
      comment: catalogue?.comment ?? extension.comment ?? '',
      tags: catalogue?.tags ?? [],
      catalogue,
      database: extension,
      // Installed stays enabled (it can be disabled); one this project may not have is no switch.
      state: extension.installed_version !== null ? 'enabled' : extension.installable ? 'available' : 'unavailable',
    })
  }
  for (const entry of EXTENSION_CATALOGUE) {
    if (!rows.has(entry.name)) rows.set(entry.name, { name: entry.name, comment: entry.comment, tags: entry.tags, catalogue: entry, database: null, state: 'unavailable' })
  }
  return [...rows.values()].sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || a.name.localeCompare(b.name))
}

export interface ExtensionFilter {
  search: string
  tag: ExtensionTag | null
  enabledOnly: boolean
}

/** Rows whose name, description or tags hold every word searched, with the tag chosen. */
export function filterExtensionRows(rows: readonly ExtensionRow[], { search, tag, enabledOnly }: ExtensionFilter): ExtensionRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  return rows.filter((row) => {
    if (enabledOnly && row.state !== 'enabled') return false
    if (tag && !row.tags.includes(tag)) return false
    const text = `${row.name} ${row.comment} ${row.tags.join(' ')}`.toLowerCase()
    return words.every((word) => text.includes(word))
  })
}

/** Postgres refuses these in an extension's schema name (they would break its scripts' @extschema@). */
const FORBIDDEN_SCHEMA_CHARACTERS = /["$'\\]/

/** Why a schema name cannot take an extension, or null when it can. */
export function extensionSchemaProblem(schema: string): string | null {
  if (schema.trim() === '') return 'Choose a schema, or name a new one.'
  if (schema !== schema.trim()) return 'The schema name may not start or end with a space.'
  if (FORBIDDEN_SCHEMA_CHARACTERS.test(schema)) return 'An extension cannot go in a schema whose name has a quote, $ or backslash in it.'
  if (schema.startsWith('pg_')) return 'Names starting with pg_ are reserved for Postgres.'
  return null
}
