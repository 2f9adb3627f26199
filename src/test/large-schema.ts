import type { GraphTable, SchemaGraph } from '../api/schemas/schema-graph'

/**
 * A schema shaped like a real one, for the diagram's tests and bench: `tables` tables of 3 to 14
 * columns, `foreignKeys` keys each from a table to one made before it, mostly to the first few
 * (hub tables like users and organizations that many point at). Seeded: the same numbers give the
 * same schema.
 */
export function largeSchemaGraph(tables: number, foreignKeys: number, seed = 1): SchemaGraph {
  let state = seed
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
  const made: GraphTable[] = []
  for (let i = 0; i < tables; i++) {
    const extra = 2 + Math.floor(random() * 12)
    made.push({
      id: 10_000 + i,
      name: `table_${String(i).padStart(4, '0')}`,
      type: 'table',
      comment: null,
      definition: null,
      columns: [
        { name: 'id', type: 'bigint', nullable: false, default: null, generated: null, identity: 'by default', comment: null },
        ...Array.from({ length: extra }, (_, c) => ({ name: `column_${c}`, type: c % 3 === 0 ? 'text' : 'bigint', nullable: true, default: null, generated: null, identity: null, comment: null })),
      ],
      primary_key: ['id'],
      constraints: [],
    })
  }
  const keys: SchemaGraph['foreign_keys'] = []
  for (let k = 0; k < foreignKeys; k++) {
    const source = 1 + Math.floor(random() * (tables - 1))
    const target = Math.floor(random() ** 2 * source)
    const table = made[source]!
    const column = table.columns[1 + (k % (table.columns.length - 1))]!.name
    keys.push({
      name: `fk_${k}`,
      source_id: table.id,
      source_columns: [column],
      target_id: made[target]!.id,
      target_schema: 'public',
      target_name: made[target]!.name,
      target_columns: ['id'],
      on_delete: 'no action',
      on_update: 'no action',
    })
  }
  return { schema: 'public', exists: true, tables: made, foreign_keys: keys, enums: [] }
}
