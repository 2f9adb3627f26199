import { useId, useState } from 'react'
import { css, cx } from 'styled-system/css'
import type { EnumType } from '../../../api/schemas'
import { addEnumValueSql, createEnumSql, dropEnumSql, enumValuesFromLines, renameEnumValueSql, type EnumValuePlace } from '../../../lib/sql/enum-types'
import { inputClass, TextField } from '../../../ui/field'
import { Checkbox, labelClass, SelectField } from '../../../ui/form-controls'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'

/** A new type's draft: kept by the page, so a Cancel or a refused run loses nothing typed. */
export interface EnumDraft {
  name: string
  values: string
}
export const emptyEnumDraft = (): EnumDraft => ({ name: '', values: '' })

export function CreateEnumDialog({ schema, draft, onDraft, ...props }: { schema: string; draft: EnumDraft; onDraft: (draft: EnumDraft) => void } & StructureDialogProps) {
  const valuesId = useId()
  return (
    <SqlPreviewDialog {...props} title={`Create a type in ${schema}`} description="An enumerated type: a column of it holds one of its values." runLabel="Create type" build={() => createEnumSql(schema, draft.name, enumValuesFromLines(draft.values))}>
      <TextField label="Name" value={draft.name} spellCheck={false} onChange={(event) => onDraft({ ...draft, name: event.target.value })} />
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
        <label htmlFor={valuesId} className={labelClass}>
          Values, one per line, in order
        </label>
        <textarea id={valuesId} rows={5} spellCheck={false} value={draft.values} onChange={(event) => onDraft({ ...draft, values: event.target.value })} className={cx(inputClass, css({ h: 'auto', py: '2', fontFamily: 'mono' }))} />
      </div>
    </SqlPreviewDialog>
  )
}

const placeValue = (place: EnumValuePlace) => (place.at === 'end' ? 'end' : `${place.at}:${place.label}`)
function placeOf(value: string): EnumValuePlace {
  if (value === 'end') return { at: 'end' }
  const colon = value.indexOf(':')
  return { at: value.slice(0, colon) as 'before' | 'after', label: value.slice(colon + 1) }
}

/** Adds one value, at the end or before or after one of the others. */
export function AddEnumValueDialog({ type, ...props }: { type: EnumType } & StructureDialogProps) {
  const [value, setValue] = useState('')
  const [place, setPlace] = useState<EnumValuePlace>({ at: 'end' })
  return (
    <SqlPreviewDialog {...props} title={`Add a value to ${type.name}`} description={`${type.schema}.${type.name}: ${type.values.join(', ')}`} runLabel="Add value" build={() => addEnumValueSql(type.schema, type.name, value, type.values, place)}>
      <TextField label="Value" value={value} spellCheck={false} onChange={(event) => setValue(event.target.value)} />
      <SelectField label="Where" value={placeValue(place)} onChange={(next) => setPlace(placeOf(next))}>
        <option value="end">After the last value</option>
        {type.values.flatMap((label) => [
          <option key={`before:${label}`} value={`before:${label}`}>{`Before ${label}`}</option>,
          <option key={`after:${label}`} value={`after:${label}`}>{`After ${label}`}</option>,
        ])}
      </SelectField>
    </SqlPreviewDialog>
  )
}

/** Renames one value: the rows that hold it hold the new name at once. */
export function RenameEnumValueDialog({ type, ...props }: { type: EnumType } & StructureDialogProps) {
  const [from, setFrom] = useState(type.values[0] ?? '')
  const [to, setTo] = useState('')
  return (
    <SqlPreviewDialog {...props} title={`Rename a value of ${type.name}`} description="Rows holding the value hold the new name at once." runLabel="Rename value" build={() => renameEnumValueSql(type.schema, type.name, from, to, type.values)}>
      <SelectField label="Value" value={from} onChange={setFrom}>
        {type.values.map((label) => (
          <option key={label} value={label}>
            {label}
          </option>
        ))}
      </SelectField>
      <TextField label="New name" value={to} spellCheck={false} onChange={(event) => setTo(event.target.value)} />
    </SqlPreviewDialog>
  )
}

/** Drops the type; the columns that use it stop it unless they are dropped too (cascade). */
export function DropEnumDialog({ type, ...props }: { type: EnumType } & StructureDialogProps) {
  const [cascade, setCascade] = useState(false)
  const used = type.used_by.map((c) => `${c.schema}.${c.table}.${c.column}`)
  return (
    <SqlPreviewDialog
      {...props}
      title={`Delete the type ${type.name}`}
      description={used.length === 0 ? 'No column uses it. This cannot be undone.' : 'Columns use it: Postgres refuses to drop it unless they are dropped with it.'}
      runLabel={cascade ? `Delete type and ${used.length} ${used.length === 1 ? 'column' : 'columns'}` : 'Delete type'}
      tone="danger"
      build={() => dropEnumSql(type.schema, type.name, cascade)}
    >
      {used.length > 0 ? (
        <>
          <ul aria-label="Columns that use it" className={css({ fontFamily: 'mono', fontSize: 'xs', pl: '4', listStyle: 'disc' })}>
            {used.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <Checkbox label="Drop these columns too, with every value in them (cascade)" checked={cascade} onChange={setCascade} />
        </>
      ) : null}
    </SqlPreviewDialog>
  )
}
