import type { DiagramTable } from './diagram-model'

/** The table a search names: the one called exactly that, else the first whose name holds the text (any case). */
export function findTable(tables: readonly DiagramTable[], text: string): DiagramTable | undefined {
  const wanted = text.trim()
  if (wanted === '') return undefined
  const exact = tables.find((t) => t.name === wanted)
  if (exact) return exact
  const lower = wanted.toLowerCase()
  return tables.find((t) => t.name.toLowerCase() === lower) ?? tables.find((t) => t.name.toLowerCase().includes(lower))
}
