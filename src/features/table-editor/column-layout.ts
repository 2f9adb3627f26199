import * as v from 'valibot'
import { TABLE_LAYOUT_STORAGE_KEY } from '../../constants'
import { ownRecord, ownRecordSchema, withOwnValue, type OwnRecord } from '../../lib/own-record'
import { readStored, writeStored } from '../../lib/storage'

/** How the user arranged a table's columns: remembered per project and table in local storage. */
export interface ColumnLayout {
  /** Column names in display order; columns not listed (added later) follow in table order. */
  order: string[]
  /** By column name (the user's: a column may be called `constructor`), read by own keys only. */
  widths: OwnRecord<number>
  hidden: string[]
}

const ColumnLayoutSchema = v.object({
  order: v.array(v.string()),
  widths: ownRecordSchema(v.pipe(v.number(), v.integer(), v.minValue(20), v.maxValue(5000))),
  hidden: v.array(v.string()),
})

export const EMPTY_LAYOUT: ColumnLayout = { order: [], widths: ownRecord<number>(), hidden: [] }

export const columnLayoutKey = TABLE_LAYOUT_STORAGE_KEY

export function readColumnLayout(storage: Storage | undefined, ref: string, tableId: number): ColumnLayout {
  return readStored(storage, columnLayoutKey(ref, tableId), ColumnLayoutSchema) ?? EMPTY_LAYOUT
}

export function writeColumnLayout(storage: Storage | undefined, ref: string, tableId: number, layout: ColumnLayout): boolean {
  return writeStored(storage, columnLayoutKey(ref, tableId), layout)
}

/** The table's columns in the layout's order (unknown names dropped, new columns appended), hidden ones left out. */
export function arrangeColumns<C extends { name: string }>(columns: readonly C[], layout: ColumnLayout): C[] {
  const byName = new Map(columns.map((c) => [c.name, c]))
  const ordered = layout.order.filter((name) => byName.has(name))
  const rest = columns.map((c) => c.name).filter((name) => !ordered.includes(name))
  return [...ordered, ...rest].filter((name) => !layout.hidden.includes(name)).map((name) => byName.get(name)!)
}

/** Moves `column` to stand just before `before`. */
export function reorderColumn(layout: ColumnLayout, allNames: readonly string[], column: string, before: string): ColumnLayout {
  const current = arrangeColumns(
    allNames.map((name) => ({ name })),
    { ...layout, hidden: [] },
  ).map((c) => c.name)
  const without = current.filter((name) => name !== column)
  const at = without.indexOf(before)
  if (at < 0) return layout
  without.splice(at, 0, column)
  return { ...layout, order: without }
}

export function setColumnHidden(layout: ColumnLayout, column: string, hidden: boolean): ColumnLayout {
  const rest = layout.hidden.filter((name) => name !== column)
  return { ...layout, hidden: hidden ? [...rest, column] : rest }
}

export function setColumnWidth(layout: ColumnLayout, column: string, width: number): ColumnLayout {
  return { ...layout, widths: withOwnValue(layout.widths, column, Math.round(width)) }
}

/** A first width that fits the column's name and type, within reason. */
export function defaultColumnWidth(name: string, type: string): number {
  return Math.min(320, Math.max(120, Math.max(name.length * 8 + 48, type.length * 6 + 24)))
}
