import { useCallback, useMemo, useState } from 'react'
import type { TableSchema } from '../../api/schemas'
import { ownValue } from '../../lib/own-record'
import { browserStorage } from '../../lib/storage'
import { arrangeColumns, defaultColumnWidth, readColumnLayout, writeColumnLayout, type ColumnLayout } from './column-layout'
import type { GridColumn } from './grid-types'

/** The grid's columns of `table` in the user's layout (order, widths, hidden), remembered per table. */
export function useGridColumns(projectRef: string, table: TableSchema) {
  const [layout, setLayoutState] = useState<ColumnLayout>(() => readColumnLayout(browserStorage('local'), projectRef, table.id))
  // Stable, so the grid's handlers built on it keep their identity (GridHeader is memoized).
  const setLayout = useCallback(
    (next: ColumnLayout) => {
      setLayoutState(next)
      writeColumnLayout(browserStorage('local'), projectRef, table.id, next)
    },
    [projectRef, table.id],
  )
  const columnsByName = useMemo(() => new Map(table.columns.map((c) => [c.name, c])), [table])
  const references = useMemo(() => {
    const map = new Map<string, { schema: string; table: string; column: string }>()
    for (const r of table.relationships) {
      if (r.source_schema === table.schema && r.source_table_name === table.name)
        map.set(r.source_column_name, { schema: r.target_table_schema, table: r.target_table_name, column: r.target_column_name })
    }
    return map
  }, [table])
  const gridColumns: GridColumn[] = useMemo(
    () =>
      arrangeColumns(table.columns, layout).map((c) => {
        const target = references.get(c.name)
        return {
          name: c.name,
          type: c.data_type,
          width: ownValue(layout.widths, c.name) ?? defaultColumnWidth(c.name, c.data_type),
          isKey: table.primary_keys.includes(c.name),
          references: target ? `${target.schema}.${target.table}` : null,
        }
      }),
    [table, layout, references],
  )
  return { layout, setLayout, columnsByName, references, gridColumns }
}
