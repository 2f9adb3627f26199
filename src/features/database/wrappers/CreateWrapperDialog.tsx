import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import type { DatabaseWrapper } from '../../../api/schemas'
import { WRAPPER_KINDS } from '../../../constants'
import { createWrapperSql, type SecretsTable } from '../../../lib/sql/wrappers'
import { maskSecrets } from '../../../lib/sql/secret-mask'
import { ExternalLink } from '../../../ui/external-link'
import { fieldErrorClass, fieldLabelClass, inputClass } from '../../../ui/field'
import { choiceCardStyle } from '../../../ui/form-section'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'
import { emptyWrapperForm, foreignTableName, readWrapperForm, wrapperKind, type WrapperField, type WrapperFormValues } from './wrapper-form'

const gridClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr 1fr' }, gap: '3' })

/**
 * Connect a service: its wrapper, a server with the service's options and foreign tables for the
 * objects chosen. A secret is never shown in the SQL preview (it reads as a mask there); the SQL
 * that runs carries it. The form is the caller's state: a refused run keeps everything typed.
 */
export function CreateWrapperDialog({
  existing,
  values,
  onChange,
  run,
  onDone,
  onClose,
  secretsTable,
}: StructureDialogProps & { existing: readonly DatabaseWrapper[]; values: WrapperFormValues; onChange: (values: WrapperFormValues) => void; secretsTable: SecretsTable }) {
  const kind = wrapperKind(values.kind) ?? WRAPPER_KINDS[0]!
  const [secretIds] = useState(() => new Map<string, string>())
  const [touched, setTouched] = useState<ReadonlySet<WrapperField>>(new Set())
  const baseId = useId()
  const idOf = (field: string) => `${baseId}-${field.replace(/[^a-z0-9]/gi, '-')}`
  const newId = (option: string) => {
    let id = secretIds.get(option)
    if (!id) secretIds.set(option, (id = crypto.randomUUID()))
    return id
  }
  const { wrapper, errors } = readWrapperForm(values, existing, newId, secretsTable)
  const shown = (field: WrapperField) => (touched.has(field) ? (errors[field] ?? null) : null)
  const update = (field: WrapperField, next: WrapperFormValues) => {
    onChange(next)
    setTouched((previous) => new Set(previous).add(field))
  }
  const masked = wrapper ? maskSecrets(createWrapperSql(wrapper), wrapper.secrets.map((secret) => ({ label: secret.option, value: secret.value }))) : null

  const textField = (field: WrapperField, label: string, value: string, set: (value: string) => WrapperFormValues, options: { secret?: boolean; placeholder?: string } = {}) => (
    <div key={field} className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
      <label htmlFor={idOf(field)} className={fieldLabelClass}>
        {label}
      </label>
      <input
        id={idOf(field)}
        type={options.secret ? 'password' : 'text'}
        autoComplete={options.secret ? 'off' : undefined}
        placeholder={options.placeholder}
        className={inputClass}
        value={value}
        onChange={(event) => update(field, set(event.target.value))}
        aria-invalid={shown(field) ? true : undefined}
      />
      {shown(field) ? <span className={fieldErrorClass}>{shown(field)}</span> : null}
    </div>
  )

  return (
    <SqlPreviewDialog
      title="Connect a service with a wrapper"
      description="A foreign data wrapper reads another service's data as Postgres tables."
      runLabel="Create wrapper"
      wide
      build={() => {
        if (!masked) throw new Error(Object.values(errors)[0] ?? 'The form is not complete.')
        return masked.shown
      }}
      run={(shown) => run(masked ? masked.unmask(shown) : shown)}
      onDone={onDone}
      onClose={onClose}
    >
      <fieldset className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <legend className={fieldLabelClass}>Service</legend>
        {WRAPPER_KINDS.map((option) => (
          <label
            key={option.id}
            className={css(choiceCardStyle, { flexDir: 'row', alignItems: 'center', gap: '1.5', px: '2.5', py: '1', fontSize: 'sm' })}
          >
            <input type="radio" name={`${baseId}-kind`} checked={option.id === kind.id} onChange={() => onChange(emptyWrapperForm(option))} />
            {option.name}
          </label>
        ))}
      </fieldset>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {kind.description} <ExternalLink href={kind.docs}>{kind.name} wrapper documentation</ExternalLink>
      </p>
      <div className={gridClass}>
        {textField('wrapperName', 'Wrapper name', values.wrapperName, (wrapperName) => ({ ...values, wrapperName }))}
        {textField('serverName', 'Server name', values.serverName, (serverName) => ({ ...values, serverName }))}
        {textField('schema', 'Schema of its tables', values.schema, (schema) => ({ ...values, schema }))}
      </div>
      <div className={gridClass}>
        {kind.serverOptions.map((option) =>
          textField(
            `option:${option.name}`,
            option.required ? option.label : `${option.label} (optional)`,
            values.options[option.name] ?? '',
            (value) => ({ ...values, options: Object.assign(Object.create(null) as Record<string, string>, values.options, { [option.name]: value }) }),
            { secret: option.secret, placeholder: option.placeholder },
          ),
        )}
      </div>
      <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <legend className={fieldLabelClass}>Read as tables</legend>
        {kind.objects.map((object) => (
          <label key={object.name} className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
            <input
              type="checkbox"
              checked={values.objects.includes(object.name)}
              onChange={(event) =>
                update('objects', { ...values, objects: event.target.checked ? [...values.objects, object.name] : values.objects.filter((name) => name !== object.name) })
              }
            />
            <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{object.name}</span>
            <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
              as {values.schema.trim() || '…'}.{foreignTableName(object.name)} ({object.columns.map((column) => column.name).join(', ')})
            </span>
          </label>
        ))}
        {shown('objects') ? <span className={fieldErrorClass}>{shown('objects')}</span> : null}
      </fieldset>
    </SqlPreviewDialog>
  )
}
