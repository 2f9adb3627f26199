import { useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { projectSettingsQuery } from '../../api/queries/projects'
import { tableSchemaQuery } from '../../api/queries/table-editor'
import type { TableEntity } from '../../api/schemas'
import { exposedSchemas } from '../../lib/exposed-schemas'
import { createTableSql, type ColumnDefinition, type ReferentialAction } from '../../lib/sql/table-structure'
import { Button } from '../../ui/button'
import { TextField, ValueOptions } from '../../ui/field'
import {
  emptyColumn,
  emptyForeignKeyRow,
  foreignKeyOfRow,
  initialTableColumns,
  isArrayType,
  referenceableTables,
  schemaChoices,
  typeChoices,
  withArray,
  type ForeignKeyRow,
} from './structure'
import {
  ActionOptions,
  IdentityOptions,
  SelectField,
  TableOptions,
  TypeList,
  compactInputClass,
  gridClass,
  identityOf,
  identitySelectClass,
  identityValue,
  useDatabaseTypes,
} from './structure-fields'
import { SqlPreviewDialog, type StructureDialogProps } from '../../ui/sql-preview-dialog'
import { Switch } from '../../ui/switch'

/** The columns of checkboxes: each box centred under its heading and on its row's fields. */
const CHECKBOX_HEADINGS = new Set(['Array', 'Nullable', 'Unique', 'Primary key'])
const checkboxCellClass = css({ textAlign: 'center', '& input': { display: 'block', mx: 'auto' } })
const rowsTableClass = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th': { textAlign: 'left', fontWeight: 'medium', color: 'fg.muted', fontSize: 'xs', px: '1', py: '1', whiteSpace: 'nowrap' },
  '& td': { px: '1', py: '1', verticalAlign: 'middle' },
})

function rlsNote(on: boolean, exposed: boolean, schema: string): string {
  if (!exposed) return `The API does not serve the ${schema} schema: RLS matters once it does.`
  return on
    ? 'Recommended. The API serves this schema: until you add a policy, its anon and authenticated keys can read and write none of the rows.'
    : 'The API serves this schema: anyone with the anon key can read and write every row.'
}

/** A new table in one create table statement: its columns, primary key and foreign keys (and RLS). */
export function CreateTableDialog({
  projectRef,
  connectionString,
  entities,
  onDone,
  ...props
}: { projectRef: string; connectionString: string; entities: TableEntity[]; onDone: (created: { schema: string; name: string }) => void } & Omit<
  StructureDialogProps,
  'onDone'
>) {
  const [schema, setSchema] = useState('public')
  const [name, setName] = useState('')
  // The name comes first to mind, the schema first on the form: the dialog opens in the name.
  const nameField = useRef<HTMLInputElement>(null)
  const [columns, setColumns] = useState<ColumnDefinition[]>(initialTableColumns)
  const [foreignKeys, setForeignKeys] = useState<ForeignKeyRow[]>([])
  const typesId = useId()
  const databaseTypes = useDatabaseTypes(projectRef, connectionString)
  const types = useMemo(() => typeChoices(databaseTypes), [databaseTypes])
  const tables = referenceableTables(entities)
  const setColumn = (index: number, change: Partial<ColumnDefinition>) => setColumns((list) => list.map((c, i) => (i === index ? { ...c, ...change } : c)))
  const setForeignKey = (index: number, change: Partial<ForeignKeyRow>) => setForeignKeys((list) => list.map((f, i) => (i === index ? { ...f, ...change } : f)))
  const columnNames = [...new Set(columns.map((c) => c.name).filter((n) => n.trim() !== ''))]
  // RLS starts on for a schema the API serves, as on the hosted platform, until the user chooses.
  const settings = useQuery(projectSettingsQuery(projectRef))
  const exposed = exposedSchemas(settings.data?.app_config?.db_schema).includes(schema)
  const [rlsChoice, setRlsChoice] = useState<boolean | null>(null)
  const rowLevelSecurity = rlsChoice ?? exposed

  return (
    <SqlPreviewDialog
      {...props}
      initialFocusEl={() => nameField.current}
      wide
      title="Create a table"
      runLabel="Create table"
      build={() =>
        createTableSql(
          schema,
          name,
          columns,
          foreignKeys.map((row) => foreignKeyOfRow(row, tables)),
          { rowLevelSecurity },
        )
      }
      onDone={() => onDone({ schema, name })}
    >
      <div className={gridClass}>
        <SelectField label="Schema" value={schema} onChange={setSchema}>
          <ValueOptions values={schemaChoices(entities)} />
        </SelectField>
        <TextField ref={nameField} label="Name" value={name} spellCheck={false} onChange={(e) => setName(e.target.value)} />
      </div>
      <Switch
        checked={rowLevelSecurity}
        onCheckedChange={setRlsChoice}
        label="Enable Row Level Security (RLS)"
        description={rlsNote(rowLevelSecurity, exposed, schema)}
      />

      <section aria-label="Column list" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Columns</h3>
        <TypeList id={typesId} types={types} />
        <table className={rowsTableClass}>
          <thead>
            <tr>
              {['Name', 'Type', 'Array', 'Default value', 'Identity', 'Nullable', 'Unique', 'Primary key', ''].map((h, i) => (
                <th key={i} scope="col" className={CHECKBOX_HEADINGS.has(h) ? checkboxCellClass : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {columns.map((column, index) => {
              const n = index + 1
              const alwaysNotNull = column.identity !== null || column.primaryKey === true
              return (
                <tr key={index}>
                  <td>
                    <input
                      aria-label={`Column ${n} name`}
                      className={compactInputClass}
                      value={column.name}
                      spellCheck={false}
                      onChange={(e) => setColumn(index, { name: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Column ${n} type`}
                      className={compactInputClass}
                      list={typesId}
                      value={column.type}
                      spellCheck={false}
                      onChange={(e) => setColumn(index, { type: e.target.value })}
                    />
                  </td>
                  <td className={checkboxCellClass}>
                    <input
                      type="checkbox"
                      aria-label={`Column ${n} array`}
                      checked={isArrayType(column.type)}
                      onChange={(e) => setColumn(index, { type: withArray(column.type, e.target.checked) })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Column ${n} default value`}
                      className={compactInputClass}
                      value={column.defaultValue ?? ''}
                      placeholder={column.identity ? 'identity' : 'none'}
                      spellCheck={false}
                      onChange={(e) => setColumn(index, { defaultValue: e.target.value })}
                    />
                  </td>
                  <td>
                    <select
                      aria-label={`Column ${n} identity`}
                      className={identitySelectClass}
                      value={identityValue(column.identity)}
                      onChange={(e) => setColumn(index, { identity: identityOf(e.target.value) })}
                    >
                      <IdentityOptions />
                    </select>
                  </td>
                  <td className={checkboxCellClass}>
                    <input
                      type="checkbox"
                      aria-label={`Column ${n} nullable`}
                      checked={column.nullable && !alwaysNotNull}
                      disabled={alwaysNotNull}
                      onChange={(e) => setColumn(index, { nullable: e.target.checked })}
                    />
                  </td>
                  <td className={checkboxCellClass}>
                    <input
                      type="checkbox"
                      aria-label={`Column ${n} unique`}
                      checked={column.unique}
                      onChange={(e) => setColumn(index, { unique: e.target.checked })}
                    />
                  </td>
                  <td className={checkboxCellClass}>
                    <input
                      type="checkbox"
                      aria-label={`Column ${n} primary key`}
                      checked={column.primaryKey === true}
                      onChange={(e) => setColumn(index, { primaryKey: e.target.checked })}
                    />
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove column ${n}`}
                      onClick={() => setColumns((list) => list.filter((_, i) => i !== index))}
                    >
                      ✕
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
        <div>
          <Button size="sm" onClick={() => setColumns((list) => [...list, emptyColumn()])}>
            Add a column
          </Button>
        </div>
      </section>

      <section aria-label="Foreign keys" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Foreign keys</h3>
        {foreignKeys.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>None. A column can reference a column of another table.</p>
        ) : null}
        {foreignKeys.map((row, index) => (
          <ForeignKeyRowFields
            key={index}
            index={index}
            row={row}
            columnNames={columnNames}
            tables={tables}
            projectRef={projectRef}
            connectionString={connectionString}
            onChange={(change) => setForeignKey(index, change)}
            onRemove={() => setForeignKeys((list) => list.filter((_, i) => i !== index))}
          />
        ))}
        <div>
          <Button size="sm" onClick={() => setForeignKeys((list) => [...list, emptyForeignKeyRow()])}>
            Add a foreign key
          </Button>
        </div>
      </section>
    </SqlPreviewDialog>
  )
}

/** One foreign key of a new table; the referenced table's columns load once it is chosen. */
function ForeignKeyRowFields({
  index,
  row,
  columnNames,
  tables,
  projectRef,
  connectionString,
  onChange,
  onRemove,
}: {
  index: number
  row: ForeignKeyRow
  columnNames: string[]
  tables: TableEntity[]
  projectRef: string
  connectionString: string
  onChange: (change: Partial<ForeignKeyRow>) => void
  onRemove: () => void
}) {
  const n = index + 1
  const target = useQuery({ ...tableSchemaQuery(projectRef, connectionString, row.targetId ?? 0), enabled: row.targetId !== null })
  // Most foreign keys point at the primary key: pick it once the columns are known, unless one is picked already.
  const primaryKey = target.data?.primary_keys.length === 1 ? target.data.primary_keys[0] : undefined
  // Reads the row and onChange as they are now; only the key becoming known (or a new target) runs it.
  const pickPrimaryKey = useEffectEvent((key: string) => {
    if (row.targetColumn === '') onChange({ targetColumn: key })
  })
  useEffect(() => {
    if (primaryKey) pickPrimaryKey(primaryKey)
  }, [primaryKey, row.targetId])
  return (
    <div
      role="group"
      aria-label={`Foreign key ${n}`}
      className={css({ display: 'grid', gridTemplateColumns: '1fr auto 1.4fr 1fr 1fr 1fr auto', gap: '2', alignItems: 'center' })}
    >
      <select aria-label={`Foreign key ${n} column`} className={compactInputClass} value={row.column} onChange={(e) => onChange({ column: e.target.value })}>
        <option value="">Column…</option>
        <ValueOptions values={columnNames} />
      </select>
      <span aria-hidden>→</span>
      <select
        aria-label={`Foreign key ${n} referenced table`}
        className={compactInputClass}
        value={row.targetId === null ? '' : String(row.targetId)}
        onChange={(e) => onChange({ targetId: e.target.value === '' ? null : Number(e.target.value), targetColumn: '' })}
      >
        <option value="">Table…</option>
        <TableOptions tables={tables} />
      </select>
      <select
        aria-label={`Foreign key ${n} referenced column`}
        className={compactInputClass}
        value={row.targetColumn}
        disabled={row.targetId === null}
        onChange={(e) => onChange({ targetColumn: e.target.value })}
      >
        <option value="">{target.isFetching ? 'Loading…' : target.isError ? 'Could not load columns' : 'Column…'}</option>
        {(target.data?.columns ?? []).map((c) => (
          <option key={c.name} value={c.name}>
            {c.name}
          </option>
        ))}
      </select>
      <select
        aria-label={`Foreign key ${n} on delete`}
        title="On delete"
        className={compactInputClass}
        value={row.onDelete}
        onChange={(e) => onChange({ onDelete: e.target.value as ReferentialAction })}
      >
        <ActionOptions />
      </select>
      <select
        aria-label={`Foreign key ${n} on update`}
        title="On update"
        className={compactInputClass}
        value={row.onUpdate}
        onChange={(e) => onChange({ onUpdate: e.target.value as ReferentialAction })}
      >
        <ActionOptions />
      </select>
      <Button size="sm" variant="ghost" aria-label={`Remove foreign key ${n}`} onClick={onRemove}>
        ✕
      </Button>
    </div>
  )
}
