/** One column of the project's catalog (information_schema.columns). */
export interface CatalogColumn {
  schema: string
  table: string
  column: string
  type: string
}

export interface CatalogSuggestion {
  label: string
  kind: 'schema' | 'table' | 'column'
  detail: string
}

/** The catalog query the editor sends once per open; system schemas are left out. */
export function catalogQuery(excludedSchemas: readonly string[]): string {
  const excluded = excludedSchemas.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')
  return `select table_schema as schema, table_name as "table", column_name as "column", data_type as type
from information_schema.columns
where table_schema not in (${excluded}) and table_schema not like 'pg\\_%'
order by table_schema, table_name, ordinal_position`
}

const unquote = (name: string) => (name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name)

/**
 * What to offer at the cursor: after `schema.` that schema's tables, after `table.` (or `schema.table.`)
 * that table's columns; otherwise every schema, table and column.
 */
export function catalogSuggestions(catalog: readonly CatalogColumn[], textBeforeCursor: string): CatalogSuggestion[] {
  const qualifier = /((?:"(?:[^"]|"")+"|[\w$]+)(?:\.(?:"(?:[^"]|"")+"|[\w$]+))?)\.[\w$]*$/.exec(textBeforeCursor)?.[1]
  if (qualifier) {
    const parts = qualifier.match(/"(?:[^"]|"")+"|[\w$]+/g)!.map(unquote)
    if (parts.length === 1) {
      const [name] = parts as [string]
      const tables = unique(catalog.filter((c) => c.schema === name).map((c) => c.table))
      const columns = unique(catalog.filter((c) => c.table === name).map((c) => `${c.column}\u0000${c.type}`))
      return [
        ...tables.map((table) => ({ label: table, kind: 'table' as const, detail: `table in ${name}` })),
        ...columns.map((entry) => {
          const [column, type] = entry.split('\u0000') as [string, string]
          return { label: column, kind: 'column' as const, detail: `${type} · ${name}` }
        }),
      ]
    }
    const [schema, table] = parts as [string, string]
    return catalog
      .filter((c) => c.schema === schema && c.table === table)
      .map((c) => ({ label: c.column, kind: 'column' as const, detail: `${c.type} · ${schema}.${table}` }))
  }
  const schemas = unique(catalog.map((c) => c.schema))
  const tables = unique(catalog.map((c) => `${c.schema}.${c.table}`))
  const columns = new Map<string, string>()
  for (const c of catalog) if (!columns.has(c.column)) columns.set(c.column, `${c.type} · ${c.schema}.${c.table}`)
  return [
    ...schemas.map((schema) => ({ label: schema, kind: 'schema' as const, detail: 'schema' })),
    ...tables.map((qualified) => ({ label: qualified.split('.')[1]!, kind: 'table' as const, detail: `table in ${qualified.split('.')[0]}` })),
    ...[...columns].map(([column, detail]) => ({ label: column, kind: 'column' as const, detail })),
  ]
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}
