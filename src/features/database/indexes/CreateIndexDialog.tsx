import { useQuery } from '@tanstack/react-query'
import { css, cx } from 'styled-system/css'
import { tableEntitiesQuery, tableSchemaQuery } from '../../../api/queries/table-editor'
import { createIndexSql, INDEX_METHODS, type IndexDefinition, type IndexMethod } from '../../../lib/sql/indexes'
import { inputClass, TextField } from '../../../ui/field'
import { Checkbox, gridClass, labelClass, SelectField } from '../../../ui/form-controls'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'

export type IndexDraft = Omit<IndexDefinition, 'schema'>
export const emptyIndexDraft = (): IndexDraft => ({ table: '', name: '', method: 'btree', unique: false, columns: [], expression: '', predicate: '', concurrently: false })

const METHOD_HINT: Record<IndexMethod, string> = {
  btree: 'btree: equality, ranges, sorting',
  hash: 'hash: equality only, one key',
  gin: 'gin: arrays, jsonb, full text',
  gist: 'gist: geometry, ranges, nearest',
  brin: 'brin: huge tables stored in key order',
}

/** Creates an index on a table of `schema`: columns in the order ticked (or an expression), the method, unique, partial, concurrently. */
export function CreateIndexDialog({ projectRef, connectionString, schema, draft, onDraft, ...props }: { projectRef: string; connectionString: string | null | undefined; schema: string; draft: IndexDraft; onDraft: (draft: IndexDraft) => void } & StructureDialogProps) {
  const entities = useQuery({ ...tableEntitiesQuery(projectRef, connectionString), enabled: Boolean(connectionString) })
  const tables = (entities.data ?? []).filter((e) => e.schema === schema && (e.type === 'table' || e.type === 'materialized_view'))
  const chosen = tables.find((t) => t.name === draft.table)
  const structure = useQuery({ ...tableSchemaQuery(projectRef, connectionString, chosen?.id ?? 0), enabled: Boolean(connectionString && chosen) })
  const set = (change: Partial<IndexDraft>) => onDraft({ ...draft, ...change })
  const toggleColumn = (column: string, on: boolean) => set({ columns: on ? [...draft.columns, column] : draft.columns.filter((c) => c !== column) })

  return (
    <SqlPreviewDialog {...props} wide title={`Create an index in ${schema}`} description="Reads that filter, join or sort on the index’s keys can use it instead of reading the whole table." runLabel="Create index" build={() => createIndexSql({ ...draft, schema })}>
      <div className={gridClass}>
        <SelectField label="Table" value={draft.table} onChange={(table) => set({ table, columns: [] })}>
          <option value="">Choose a table…</option>
          {tables.map((t) => (
            <option key={t.id} value={t.name}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Method" value={draft.method} onChange={(method) => set({ method: method as IndexMethod, unique: method === 'btree' && draft.unique })}>
          {INDEX_METHODS.map((method) => (
            <option key={method} value={method}>
              {METHOD_HINT[method]}
            </option>
          ))}
        </SelectField>
      </div>
      {chosen ? (
        <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <legend className={labelClass}>{`Columns, in the order ticked${draft.columns.length > 0 ? `: ${draft.columns.join(', ')}` : ''}`}</legend>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', fontFamily: 'mono' })}>
            {structure.data?.columns.map((column) => <Checkbox key={column.name} label={column.name} checked={draft.columns.includes(column.name)} disabled={draft.expression.trim() !== ''} onChange={(on) => toggleColumn(column.name, on)} />) ?? <span className={css({ color: 'fg.muted' })}>Loading the columns…</span>}
          </div>
        </fieldset>
      ) : null}
      <TextField label="Or an expression (instead of columns)" placeholder="lower(email)" value={draft.expression} spellCheck={false} disabled={draft.columns.length > 0} className={cx(inputClass, css({ fontFamily: 'mono' }))} onChange={(event) => set({ expression: event.target.value })} />
      <div className={gridClass}>
        <TextField label="Name (optional)" placeholder="table_columns_idx" value={draft.name} spellCheck={false} onChange={(event) => set({ name: event.target.value })} />
        <TextField label="Only rows where (optional)" placeholder="deleted_at is null" value={draft.predicate} spellCheck={false} className={cx(inputClass, css({ fontFamily: 'mono' }))} onChange={(event) => set({ predicate: event.target.value })} />
      </div>
      <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
        <Checkbox label="Unique: no two rows share the keys (btree only)" checked={draft.unique} disabled={draft.method !== 'btree'} onChange={(unique) => set({ unique })} />
        <Checkbox label="Concurrently: writes go on while it builds (slower)" checked={draft.concurrently} onChange={(concurrently) => set({ concurrently })} />
      </div>
    </SqlPreviewDialog>
  )
}
