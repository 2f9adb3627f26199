import { Dialog } from '@ark-ui/react/dialog'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { tableSchemaQuery } from '../../api/queries/table-editor'
import type { TableColumn, TableEntity, TableSchema } from '../../api/schemas'
import {
  addColumnSql,
  addForeignKeySql,
  alterColumnSql,
  createTableSql,
  dropColumnSql,
  dropTableSql,
  renameTableSql,
  type ColumnDefinition,
  type ReferentialAction,
} from '../../lib/sql/table-structure'
import { Button } from '../../ui/button'
import { ModalFrame } from '../../ui/dialog'
import { TextField, inputClass } from '../../ui/field'
import {
  columnDefinitionOf,
  emptyColumn,
  emptyForeignKeyRow,
  enumTypesOf,
  foreignKeyOfRow,
  initialTableColumns,
  referenceableTables,
  schemaChoices,
  typeChoices,
  type ForeignKeyRow,
} from './structure'
import {
  ActionOptions,
  Checkbox,
  IdentityOptions,
  SelectField,
  TableOptions,
  TypeList,
  compactInputClass,
  gridClass,
  identityOf,
  identitySelectClass,
  identityValue,
  labelClass,
} from './structure-fields'

/** What every structure dialog gets: how to run its SQL, and what to do after it ran or on cancel. */
export interface StructureDialogProps {
  /** Runs the SQL on the project's database; rejects with the database's error. */
  run: (sql: string) => Promise<unknown>
  onDone: () => void
  onClose: () => void
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The SQL a form stands for, or why there is none: the builders throw user-facing messages. */
export function previewSql(build: () => string): { sql: string; problem: string | null } {
  try {
    const sql = build()
    return sql.trim() === '' ? { sql: '', problem: 'Nothing to change yet.' } : { sql, problem: null }
  } catch (error) {
    return { sql: '', problem: messageOf(error) }
  }
}

/**
 * The frame of every structure change: the form, the database's error when the last run failed,
 * the exact SQL the change runs (rebuilt on every render) and a Run button named after the action.
 * The form's state lives in the caller, so a failed run keeps everything typed.
 */
export function SqlPreviewDialog({
  title,
  description,
  runLabel,
  tone = 'primary',
  build,
  blocked,
  wide = false,
  run,
  onDone,
  onClose,
  children,
}: {
  title: string
  description?: ReactNode
  runLabel: string
  tone?: 'primary' | 'danger'
  build: () => string
  /** Why Run stays disabled although the SQL is fine (e.g. the confirmation is not typed yet). */
  blocked?: string | null
  wide?: boolean
  run: (sql: string) => Promise<unknown>
  onDone: () => void
  onClose: () => void
  children: ReactNode
}) {
  const [error, setError] = useState<string | null>(null)
  const [running, setRunning] = useState(false)
  const problemId = useId()
  const { sql, problem } = previewSql(build)
  const reason = problem ?? blocked ?? null

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (reason || running) return
    setRunning(true)
    setError(null)
    try {
      await run(sql)
    } catch (failure) {
      setError(messageOf(failure))
      setRunning(false)
      return
    }
    setRunning(false)
    onDone()
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <ModalFrame className={css({ w: wide ? '5xl' : '2xl', maxH: '90vh', display: 'flex', flexDir: 'column' })}>
        <form onSubmit={(event) => void submit(event)} className={css({ display: 'flex', flexDir: 'column', gap: '3', minH: '0' })}>
          <div>
            <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{title}</Dialog.Title>
            {description ? <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>{description}</Dialog.Description> : null}
          </div>
          {/* Padded out and pulled back: a scrolling box clips what is drawn outside it, like the focus outline. */}
          <div className={css({ display: 'flex', flexDir: 'column', gap: '3', overflowY: 'auto', minH: '0', p: '1', m: '-1' })}>{children}</div>
          {error ? (
            <div
              role="alert"
              className={css({ bg: 'danger.subtle', color: 'danger.default', p: '2', borderRadius: 'md', fontSize: 'sm', wordBreak: 'break-word' })}
            >
              <strong>The database refused this change:</strong> {error}
            </div>
          ) : null}
          <section aria-label="SQL to run" className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
            <h3 className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })}>SQL to run</h3>
            {problem ? (
              <p id={problemId} className={css({ fontSize: 'sm', color: 'warning.default', bg: 'bg.muted', p: '2', borderRadius: 'md' })}>
                {problem}
              </p>
            ) : (
              <pre
                className={css({
                  fontFamily: 'mono',
                  fontSize: 'xs',
                  bg: 'bg.muted',
                  p: '2',
                  borderRadius: 'md',
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  maxH: '40',
                  overflow: 'auto',
                })}
              >
                {sql}
              </pre>
            )}
            {!problem && blocked ? (
              <p id={problemId} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                {blocked}
              </p>
            ) : null}
          </section>
          <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant={tone} loading={running} disabled={!!reason} aria-describedby={reason ? problemId : undefined}>
              {runLabel}
            </Button>
          </div>
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}

/** Adds a column to `table`, or edits `column` of it. */
export function ColumnDialog({ table, column, ...props }: { table: TableSchema; column?: TableColumn } & StructureDialogProps) {
  const before = useMemo(() => (column ? columnDefinitionOf(column, table.primary_keys) : null), [column, table.primary_keys])
  const [draft, setDraft] = useState<ColumnDefinition>(() =>
    before ? { ...before, defaultValue: before.defaultValue ?? '', check: before.check ?? '' } : emptyColumn(),
  )
  const set = (change: Partial<ColumnDefinition>) => setDraft((d) => ({ ...d, ...change }))
  const typesId = useId()
  const types = useMemo(() => typeChoices(enumTypesOf(table)), [table])
  const target = `${table.schema}.${table.name}`
  // Primary key and identity columns are never null; showing them as nullable would mislead.
  const alwaysNotNull = draft.identity !== null || draft.primaryKey === true

  return (
    <SqlPreviewDialog
      {...props}
      title={before ? `Edit column ${before.name}` : `Add a column to ${target}`}
      description={before ? `${target} · ${column?.data_type ?? ''}` : undefined}
      runLabel={before ? 'Update column' : 'Add column'}
      build={() => (before ? alterColumnSql(table.schema, table.name, before, draft) : addColumnSql(table.schema, table.name, draft))}
    >
      <div className={gridClass}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the user opened this dialog to fill this field: focus moves into it (WAI-ARIA dialog pattern) */}
        <TextField label="Name" value={draft.name} autoFocus onChange={(e) => set({ name: e.target.value })} />
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
          <label htmlFor={`${typesId}-input`} className={labelClass}>
            Type
          </label>
          <input
            id={`${typesId}-input`}
            className={inputClass}
            list={typesId}
            value={draft.type}
            spellCheck={false}
            onChange={(e) => set({ type: e.target.value })}
          />
          <TypeList id={typesId} types={types} />
        </div>
        <TextField
          label="Default value"
          hint="A SQL expression, e.g. now(), 0 or 'draft'."
          value={draft.defaultValue ?? ''}
          disabled={column?.is_generated}
          spellCheck={false}
          onChange={(e) => set({ defaultValue: e.target.value })}
        />
        <SelectField label="Identity" value={identityValue(draft.identity)} onChange={(value) => set({ identity: identityOf(value) })}>
          <IdentityOptions />
        </SelectField>
        <TextField
          label="Check"
          hint="A condition every row must meet, e.g. price > 0."
          value={draft.check ?? ''}
          spellCheck={false}
          onChange={(e) => set({ check: e.target.value })}
        />
      </div>
      <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
        <Checkbox
          label="Nullable"
          checked={draft.nullable && !alwaysNotNull}
          disabled={alwaysNotNull}
          title={alwaysNotNull ? 'Primary key and identity columns are never null.' : undefined}
          onChange={(nullable) => set({ nullable })}
        />
        <Checkbox label="Unique" checked={draft.unique} onChange={(unique) => set({ unique })} />
      </div>
      {column?.is_generated ? (
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>This column is generated: its expression cannot be changed here.</p>
      ) : null}
    </SqlPreviewDialog>
  )
}

/** Drops one column, with cascade as an option. */
export function DropColumnDialog({ table, column, ...props }: { table: TableSchema; column: string } & StructureDialogProps) {
  const [cascade, setCascade] = useState(false)
  return (
    <SqlPreviewDialog
      {...props}
      title={`Drop column ${column}`}
      description={`The column and every value in it are deleted from ${table.schema}.${table.name}. This cannot be undone.`}
      runLabel="Drop column"
      tone="danger"
      build={() => dropColumnSql(table.schema, table.name, column, { cascade })}
    >
      <Checkbox label="Also drop the views and constraints that depend on it (cascade)" checked={cascade} onChange={setCascade} />
    </SqlPreviewDialog>
  )
}


/** Adds a foreign key from column(s) of `table` to a column of another table. */
export function ForeignKeyDialog({
  projectRef,
  connectionString,
  table,
  entities,
  ...props
}: { projectRef: string; connectionString: string; table: TableSchema; entities: TableEntity[] } & StructureDialogProps) {
  const [pairs, setPairs] = useState<{ source: string; target: string }[]>([{ source: '', target: '' }])
  const [targetId, setTargetId] = useState<number | null>(null)
  const [onDelete, setOnDelete] = useState<ReferentialAction>('no action')
  const [onUpdate, setOnUpdate] = useState<ReferentialAction>('no action')
  const tables = referenceableTables(entities)
  const targetEntity = tables.find((t) => t.id === targetId)
  const target = useQuery({ ...tableSchemaQuery(projectRef, connectionString, targetId ?? 0), enabled: targetId !== null })
  const targetColumns = target.data?.columns.map((c) => c.name) ?? []
  // Until one is picked, a pair points at the target's primary key column in the same position.
  const targetOf = (index: number) => pairs[index]?.target || target.data?.primary_keys[index] || ''
  const setPair = (index: number, change: Partial<{ source: string; target: string }>) =>
    setPairs((list) => list.map((p, i) => (i === index ? { ...p, ...change } : p)))

  function build() {
    if (pairs.some((p) => p.source === '')) throw new Error(`Choose the column of ${table.name} for each row.`)
    if (!targetEntity) throw new Error('Choose the table to reference.')
    if (target.isPending) throw new Error(`Loading the columns of ${targetEntity.schema}.${targetEntity.name}…`)
    if (target.isError) throw new Error(`Could not load the columns of ${targetEntity.schema}.${targetEntity.name}: ${target.error.message}`)
    const targets = pairs.map((_, i) => targetOf(i))
    if (targets.some((t) => t === '')) throw new Error(`Choose the column of ${targetEntity.schema}.${targetEntity.name} each column references.`)
    return addForeignKeySql(table.schema, table.name, {
      columns: pairs.map((p) => p.source),
      targetSchema: targetEntity.schema,
      targetTable: targetEntity.name,
      targetColumns: targets,
      onDelete,
      onUpdate,
    })
  }

  return (
    <SqlPreviewDialog {...props} title={`Add a foreign key to ${table.schema}.${table.name}`} runLabel="Add foreign key" build={build}>
      <SelectField
        label="Referenced table"
        value={targetId === null ? '' : String(targetId)}
        onChange={(value) => {
          setTargetId(value === '' ? null : Number(value))
          setPairs((list) => list.map((p) => ({ ...p, target: '' })))
        }}
      >
        <option value="">Choose a table…</option>
        <TableOptions tables={tables} />
      </SelectField>
      <div role="group" aria-label="Column pairs" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        {pairs.map((pair, index) => (
          <div key={index} className={css({ display: 'grid', gridTemplateColumns: '1fr auto 1fr auto', gap: '2', alignItems: 'center' })}>
            <select
              aria-label={`Column ${index + 1} of ${table.name}`}
              className={compactInputClass}
              value={pair.source}
              onChange={(e) => setPair(index, { source: e.target.value })}
            >
              <option value="">Choose a column…</option>
              {table.columns.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name} ({c.data_type})
                </option>
              ))}
            </select>
            <span aria-hidden>→</span>
            <select
              aria-label={`Referenced column ${index + 1}`}
              className={compactInputClass}
              value={targetOf(index)}
              disabled={!targetEntity}
              onChange={(e) => setPair(index, { target: e.target.value })}
            >
              <option value="">{target.isFetching ? 'Loading columns…' : 'Choose a column…'}</option>
              {targetColumns.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove column pair ${index + 1}`}
              disabled={pairs.length === 1}
              onClick={() => setPairs((list) => list.filter((_, i) => i !== index))}
            >
              ✕
            </Button>
          </div>
        ))}
        <div>
          <Button size="sm" onClick={() => setPairs((list) => [...list, { source: '', target: '' }])}>
            Add a column pair
          </Button>
        </div>
      </div>
      <div className={gridClass}>
        <SelectField label="On delete" value={onDelete} onChange={(value) => setOnDelete(value as ReferentialAction)}>
          <ActionOptions />
        </SelectField>
        <SelectField label="On update" value={onUpdate} onChange={(value) => setOnUpdate(value as ReferentialAction)}>
          <ActionOptions />
        </SelectField>
      </div>
    </SqlPreviewDialog>
  )
}

export function RenameTableDialog({ table, ...props }: { table: Pick<TableSchema, 'schema' | 'name'> } & StructureDialogProps) {
  const [name, setName] = useState(table.name)
  return (
    <SqlPreviewDialog
      {...props}
      title={`Rename ${table.schema}.${table.name}`}
      runLabel="Rename table"
      build={() => renameTableSql(table.schema, table.name, name)}
    >
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the user opened this dialog to fill this field: focus moves into it (WAI-ARIA dialog pattern) */}
      <TextField label="New name" value={name} autoFocus onChange={(e) => setName(e.target.value)} />
    </SqlPreviewDialog>
  )
}

/** Drops the table once its name is typed, with cascade as an option. */
export function DropTableDialog({ table, ...props }: { table: Pick<TableSchema, 'schema' | 'name'> } & StructureDialogProps) {
  const [cascade, setCascade] = useState(false)
  const [typed, setTyped] = useState('')
  return (
    <SqlPreviewDialog
      {...props}
      title={`Drop table ${table.schema}.${table.name}`}
      description="The table and all its rows are deleted. This cannot be undone."
      runLabel="Drop table"
      tone="danger"
      build={() => dropTableSql(table.schema, table.name, { cascade })}
      blocked={typed === table.name ? null : `Type ${table.name} above to confirm.`}
    >
      <Checkbox label="Also drop the views and foreign keys that depend on it (cascade)" checked={cascade} onChange={setCascade} />
      <TextField label={`Type ${table.name} to confirm`} value={typed} autoComplete="off" spellCheck={false} onChange={(e) => setTyped(e.target.value)} />
    </SqlPreviewDialog>
  )
}

const rowsTableClass = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th': { textAlign: 'left', fontWeight: 'medium', color: 'fg.muted', fontSize: 'xs', px: '1', py: '1', whiteSpace: 'nowrap' },
  '& td': { px: '1', py: '1', verticalAlign: 'middle' },
})

/** A new table in one create table statement: its columns, primary key and foreign keys. */
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
  const [columns, setColumns] = useState<ColumnDefinition[]>(initialTableColumns)
  const [foreignKeys, setForeignKeys] = useState<ForeignKeyRow[]>([])
  const typesId = useId()
  const types = useMemo(() => typeChoices(), [])
  const tables = referenceableTables(entities)
  const setColumn = (index: number, change: Partial<ColumnDefinition>) => setColumns((list) => list.map((c, i) => (i === index ? { ...c, ...change } : c)))
  const setForeignKey = (index: number, change: Partial<ForeignKeyRow>) => setForeignKeys((list) => list.map((f, i) => (i === index ? { ...f, ...change } : f)))
  const columnNames = [...new Set(columns.map((c) => c.name).filter((n) => n.trim() !== ''))]

  return (
    <SqlPreviewDialog
      {...props}
      wide
      title="Create a table"
      runLabel="Create table"
      build={() =>
        createTableSql(
          schema,
          name,
          columns,
          foreignKeys.map((row) => foreignKeyOfRow(row, tables)),
        )
      }
      onDone={() => onDone({ schema, name })}
    >
      <div className={gridClass}>
        <SelectField label="Schema" value={schema} onChange={setSchema}>
          {schemaChoices(entities).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the user opened this dialog to fill this field: focus moves into it (WAI-ARIA dialog pattern) */}
        <TextField label="Name" value={name} autoFocus spellCheck={false} onChange={(e) => setName(e.target.value)} />
      </div>

      <section aria-label="Column list" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Columns</h3>
        <TypeList id={typesId} types={types} />
        <table className={rowsTableClass}>
          <thead>
            <tr>
              {['Name', 'Type', 'Default value', 'Identity', 'Nullable', 'Unique', 'Primary key', ''].map((h, i) => (
                <th key={i} scope="col">
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
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Column ${n} nullable`}
                      checked={column.nullable && !alwaysNotNull}
                      disabled={alwaysNotNull}
                      onChange={(e) => setColumn(index, { nullable: e.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Column ${n} unique`}
                      checked={column.unique}
                      onChange={(e) => setColumn(index, { unique: e.target.checked })}
                    />
                  </td>
                  <td>
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
        {columnNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
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
