import type { TableSchema } from '../api/schemas'
import { tableColumn } from './table-column'

/**
 * A two-column table (`public.items`: id bigint primary key, name text) and a stand-in for its
 * database that answers the table editor's own SQL (reads, count, key lookups, update, insert,
 * delete) from rows in memory: for tests of the table editor's writes without a Postgres.
 */
export const ITEMS_TABLE: TableSchema = {
  id: 42,
  schema: 'public',
  name: 'items',
  type: 'table',
  primary_keys: ['id'],
  relationships: [],
  columns: [
    tableColumn('id', { data_type: 'bigint', base_type: 'int8', type_category: 'N', is_nullable: false, is_identity: true, is_unique: true }),
    tableColumn('name'),
  ],
}

export type ItemRow = { id: number; name: string | null }

/** The value of a literal as row-edits writes it (`'text'::text`, `E'…'::text`, `NULL`, `DEFAULT`). */
function literalValue(sql: string): string | null | undefined {
  const text = sql.trim()
  if (/^null$/i.test(text)) return null
  if (/^default$/i.test(text)) return undefined
  const quoted = /^E?'((?:[^']|'')*)'(?:::\w+)?$/s.exec(text)
  if (!quoted) throw new Error(`items stand-in: cannot read the literal ${text}`)
  return quoted[1]!.replaceAll("''", "'").replaceAll('\\\\', '\\')
}

const idsIn = (sql: string) => [...(/"id" in \(([^)]*)\)/.exec(sql)?.[1] ?? '').matchAll(/\d+/g)].map((m) => Number(m[0]))

export function itemsDatabase(initial: ItemRow[] = [1, 2, 3].map((id) => ({ id, name: `item ${id}` }))) {
  const rows: ItemRow[] = initial.map((row) => ({ ...row }))
  const writes: string[] = []
  /** Answers one statement as the database would, or throws a Postgres-like error. */
  function answer(sql: string): ItemRow[] | { count: number }[] | { id: number }[] | { position: number; id: number }[] | { 'QUERY PLAN': unknown }[] {
    if (/^\s*update /i.test(sql)) {
      writes.push(sql)
      const match = /set "name" = (.+) where "id" = (\d+) returning \*$/s.exec(sql)
      if (!match) throw new Error(`items stand-in: cannot read ${sql}`)
      const row = rows.find((r) => r.id === Number(match[2]))
      if (!row) return []
      row.name = literalValue(match[1]!) ?? null
      return [{ ...row }]
    }
    if (/^\s*insert /i.test(sql)) {
      writes.push(sql)
      const named = /\("name"\) values \((.+)\) returning \*$/s.exec(sql)
      const row = { id: Math.max(0, ...rows.map((r) => r.id)) + 1, name: named ? (literalValue(named[1]!) ?? null) : null }
      rows.push(row)
      return [{ ...row }]
    }
    if (/^\s*delete /i.test(sql)) {
      writes.push(sql)
      const ids = idsIn(sql)
      for (let i = rows.length - 1; i >= 0; i--) if (ids.includes(rows[i]!.id)) rows.splice(i, 1)
      return []
    }
    if (/count\(\*\)/.test(sql)) return [{ count: rows.length }]
    // The planner's estimate (EXPLAIN, FORMAT JSON): exact here.
    if (/^\s*explain \(format json\)/i.test(sql)) return [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': rows.length } }] }]
    // A slice of anchors: every stride-th row from the cursor on (inclusive), its position counted from there.
    // In the key's order they hop (`offset stride - 1 limit 1`, `anchors - 1` hops); in a sort, a numbered slice.
    if (/studio_anchor/.test(sql)) {
      const from = /"id" >= (\d+)/.exec(sql)
      const hops = /studio_anchor_index < (\d+)/.exec(sql)
      const stride = hops ? Number(/offset (\d+) limit 1/.exec(sql)?.[1]) + 1 : Number(/studio_anchor_position % (\d+) = 0/.exec(sql)?.[1])
      const scanned = hops ? Number(hops[1]) * stride + 1 : Number(/limit (\d+)/.exec(sql)?.[1])
      const slice = [...rows].sort((a, b) => a.id - b.id).filter((r) => !from || r.id >= Number(from[1])).slice(0, scanned)
      return slice.flatMap((r, position) => (position % stride === 0 ? [{ position, id: r.id }] : []))
    }
    if (/^\s*select "id" from .* where "id" in/s.test(sql)) return rows.filter((r) => idsIn(sql).includes(r.id)).map((r) => ({ id: r.id }))
    // A window of rows as the grid reads them: by keyset from a cursor, in either order, limited.
    const after = /"id" > (\d+)/.exec(sql)
    const before = /"id" < (\d+)/.exec(sql)
    const limit = /limit (\d+)/.exec(sql)
    const offset = /offset (\d+)/.exec(sql)
    const window = [...rows]
      .filter((r) => (!after || r.id > Number(after[1])) && (!before || r.id < Number(before[1])))
      .sort((a, b) => (/order by "id" desc/.test(sql) ? b.id - a.id : a.id - b.id))
      .slice(offset ? Number(offset[1]) : 0)
    return (limit ? window.slice(0, Number(limit[1])) : window).map((r) => ({ ...r }))
  }
  return { rows, writes, answer }
}
