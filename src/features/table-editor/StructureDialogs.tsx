import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { columnDependentsQuery, tableSchemaQuery } from '../../api/queries/table-editor'
import type { TableColumn, TableEntity, TableSchema } from '../../api/schemas'
import {
  addColumnSql,
  addForeignKeySql,
  alterColumnSql,
  dropColumnSql,
  dropTableSql,
  renameTableSql,
  type ColumnDefinition,
  type ReferentialAction,
} from '../../lib/sql/table-structure'
import { countOf } from '../../lib/sentence'
import { Button } from '../../ui/button'
import { TextField, inputClass, ValueOptions } from '../../ui/field'
import { columnDefinitionOf, emptyColumn, enumTypesOf, referenceableTables, typeChoices } from './structure'
import {
  ActionOptions,
  ArrayToggle,
  Checkbox,
  IdentityOptions,
  SelectField,
  TableOptions,
  TypeList,
  compactInputClass,
  gridClass,
  identityOf,
  identityValue,
  labelClass,
  useDatabaseTypes,
} from './structure-fields'
import { SqlPreviewDialog, type StructureDialogProps } from '../../ui/sql-preview-dialog'

export { previewSql, SqlPreviewDialog } from '../../ui/sql-preview-dialog'
export type { StructureDialogProps } from '../../ui/sql-preview-dialog'
export { CreateTableDialog } from './CreateTableDialog'

/** Adds a column to `table`, or edits `column` of it. */
export function ColumnDialog({
  projectRef,
  connectionString,
  table,
  column,
  ...props
}: { projectRef: string; connectionString: string; table: TableSchema; column?: TableColumn } & StructureDialogProps) {
  const before = useMemo(() => (column ? columnDefinitionOf(column, table.primary_keys) : null), [column, table.primary_keys])
  const [draft, setDraft] = useState<ColumnDefinition>(() =>
    before ? { ...before, defaultValue: before.defaultValue ?? '', check: before.check ?? '' } : emptyColumn(),
  )
  const set = (change: Partial<ColumnDefinition>) => setDraft((d) => ({ ...d, ...change }))
  const typesId = useId()
  const databaseTypes = useDatabaseTypes(projectRef, connectionString)
  const types = useMemo(() => typeChoices([...databaseTypes, ...enumTypesOf(table)]), [databaseTypes, table])
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
        {/* The dialog's first field: it takes the focus as the dialog opens (and gives it back to the button after). */}
        <TextField label="Name" value={draft.name} onChange={(e) => set({ name: e.target.value })} />
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
          <ArrayToggle type={draft.type} onChange={(type) => set({ type })} label="Array of this type" />
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

/**
 * Drops one column. What Postgres would refuse it for (views, other tables' foreign keys, policies) is
 * read first and named; they go too only when asked (cascade).
 */
export function DropColumnDialog({ projectRef, connectionString, table, column, ...props }: { projectRef: string; connectionString: string | null | undefined; table: TableSchema; column: string } & StructureDialogProps) {
  const [cascade, setCascade] = useState(false)
  const dependents = useQuery(columnDependentsQuery(projectRef, connectionString, table, column))
  const found = dependents.data ?? []
  return (
    <SqlPreviewDialog
      {...props}
      title={`Drop column ${column}`}
      description={`The column and every value in it are deleted from ${table.schema}.${table.name}. This cannot be undone.`}
      runLabel={cascade && found.length > 0 ? `Drop column and ${countOf(found.length, 'dependent object')}` : 'Drop column'}
      tone="danger"
      build={() => dropColumnSql(table.schema, table.name, column, { cascade })}
    >
      {dependents.isPending ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>Looking for what depends on it…</p> : null}
      {dependents.isSuccess && found.length === 0 ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>No view, foreign key or policy depends on it.</p> : null}
      {found.length > 0 ? (
        <>
          <p className={css({ fontSize: 'xs' })}>Postgres refuses to drop it while these depend on it, unless they are dropped too:</p>
          <ul aria-label="What depends on it" className={css({ fontFamily: 'mono', fontSize: 'xs', pl: '4', listStyle: 'disc' })}>
            {found.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
      {dependents.isError ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>Could not read what depends on it; Postgres will say when it runs.</p> : null}
      {found.length > 0 || dependents.isError ? <Checkbox label="Also drop what depends on it (cascade)" checked={cascade} onChange={setCascade} /> : null}
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
              <ValueOptions values={targetColumns} />
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
      <TextField label="New name" value={name} onChange={(e) => setName(e.target.value)} />
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
