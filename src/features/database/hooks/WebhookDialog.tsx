import { useQuery } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { tableEntitiesQuery } from '../../../api/queries/table-editor'
import { MOCK_ECHO_PATH, WEBHOOK_TIMEOUT_MS } from '../../../constants'
import { createWebhookSql, updateWebhookSql, WEBHOOK_EVENTS, WEBHOOK_METHODS, type WebhookMethod } from '../../../lib/sql/webhooks'
import type { DatabaseWebhook } from '../../../api/schemas'
import { Button } from '../../../ui/button'
import { fieldErrorClass, fieldHintClass, fieldLabelClass, inputClass } from '../../../ui/field'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'
import { readWebhookForm, type WebhookField, type WebhookFormValues } from './webhook-form'

const EVENT_LABEL = { insert: 'Insert', update: 'Update', delete: 'Delete' } as const
const monoInput = css({ fontFamily: 'mono', fontSize: 'xs' })

function Field({ id, label, error, hint, aside, children }: { id: string; label: string; error?: string | null; hint?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
      <span className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: '2', minH: '7' })}>
        <label htmlFor={id} className={fieldLabelClass}>
          {label}
        </label>
        {aside}
      </span>
      {children}
      {error ? (
        <span id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </span>
      ) : hint ? (
        <span id={`${id}-hint`} className={fieldHintClass}>
          {hint}
        </span>
      ) : null}
    </div>
  )
}

/**
 * Create or edit a webhook. The form is the caller's state (`values`), so a refused save keeps
 * everything typed; a field's problem shows once the field was touched, and the SQL preview names
 * the first problem until there is none.
 */
export function WebhookDialog({
  projectRef,
  connectionString,
  editing,
  values,
  onChange,
  run,
  onDone,
  onClose,
}: StructureDialogProps & {
  projectRef: string
  connectionString: string | null | undefined
  /** The webhook being edited; undefined for a new one. */
  editing?: DatabaseWebhook
  values: WebhookFormValues
  onChange: (values: WebhookFormValues) => void
}) {
  const tables = useQuery({ ...tableEntitiesQuery(projectRef, connectionString), enabled: Boolean(connectionString) })
  const [touched, setTouched] = useState<ReadonlySet<WebhookField>>(new Set())
  const ids = { name: useId(), table: useId(), method: useId(), url: useId(), timeout: useId(), headers: useId(), params: useId() }
  const { errors } = readWebhookForm(values)
  const shown = (field: WebhookField) => (touched.has(field) ? (errors[field] ?? null) : null)
  const touch = (field: WebhookField) => setTouched((previous) => new Set(previous).add(field))
  const set = <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K], field: WebhookField) => {
    onChange({ ...values, [key]: value })
    touch(field)
  }
  const echoUrl = `${window.location.origin}${MOCK_ECHO_PATH}`
  const tableOptions = (tables.data ?? []).filter((entity) => entity.type === 'table')

  return (
    <SqlPreviewDialog
      title={editing ? `Edit webhook ${editing.name}` : 'Create a database webhook'}
      description="Calls a URL for every row inserted, updated or deleted in a table, with the row as JSON."
      runLabel={editing ? 'Save webhook' : 'Create webhook'}
      wide
      build={() => {
        const { definition, errors: problems } = readWebhookForm(values)
        if (!definition) throw new Error(Object.values(problems)[0] ?? 'The form is not complete.')
        return editing ? updateWebhookSql(editing, definition) : createWebhookSql(definition)
      }}
      run={run}
      onDone={onDone}
      onClose={onClose}
    >
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' })}>
        <Field id={ids.name} label="Name" error={shown('name')}>
          <input
            id={ids.name}
            className={inputClass}
            value={values.name}
            onChange={(event) => set('name', event.target.value, 'name')}
            aria-invalid={shown('name') ? true : undefined}
          />
        </Field>
        <Field id={ids.table} label="Table" error={shown('table')}>
          <select
            id={ids.table}
            className={inputClass}
            value={values.table === '' ? '' : JSON.stringify([values.schema, values.table])}
            onChange={(event) => {
              const [schema = '', table = ''] = event.target.value ? (JSON.parse(event.target.value) as string[]) : []
              onChange({ ...values, schema, table })
              touch('table')
            }}
          >
            <option value="">{tables.isPending ? 'Loading tables…' : 'Choose a table'}</option>
            {tableOptions.map((entity) => (
              <option key={entity.id} value={JSON.stringify([entity.schema, entity.name])}>
                {entity.schema}.{entity.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'center' })}>
        <legend className={fieldLabelClass}>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className={css({ display: 'flex', gap: '1.5', alignItems: 'center', fontSize: 'sm' })}>
            <input type="checkbox" checked={values.events[event]} onChange={(e) => set('events', { ...values.events, [event]: e.target.checked }, 'events')} />
            {EVENT_LABEL[event]}
          </label>
        ))}
        {shown('events') ? <span className={fieldErrorClass}>{shown('events')}</span> : null}
      </fieldset>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '8rem 1fr 9rem' }, gap: '3', alignItems: 'start' })}>
        <Field id={ids.method} label="Method">
          <select id={ids.method} className={inputClass} value={values.method} onChange={(event) => onChange({ ...values, method: event.target.value as WebhookMethod })}>
            {WEBHOOK_METHODS.map((method) => (
              <option key={method}>{method}</option>
            ))}
          </select>
        </Field>
        <Field
          id={ids.url}
          label="URL"
          error={shown('url')}
          hint="The mock platform calls only its echo endpoint and localhost; other addresses are recorded as blocked."
          aside={
            <Button size="sm" onClick={() => set('url', echoUrl, 'url')}>
              Use the echo endpoint
            </Button>
          }
        >
          <input
            id={ids.url}
            className={inputClass}
            value={values.url}
            placeholder="https://example.com/hooks/orders"
            onChange={(event) => set('url', event.target.value, 'url')}
            aria-invalid={shown('url') ? true : undefined}
          />
        </Field>
        <Field id={ids.timeout} label="Timeout (ms)" error={shown('timeoutMs')}>
          <input
            id={ids.timeout}
            className={inputClass}
            inputMode="numeric"
            value={values.timeoutMs}
            onChange={(event) => set('timeoutMs', event.target.value, 'timeoutMs')}
            aria-invalid={shown('timeoutMs') ? true : undefined}
            aria-describedby={`${ids.timeout}-range`}
          />
          <span id={`${ids.timeout}-range`} className={css({ srOnly: true })}>{`From ${WEBHOOK_TIMEOUT_MS.min} to ${WEBHOOK_TIMEOUT_MS.max}`}</span>
        </Field>
      </div>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' })}>
        <Field id={ids.headers} label="HTTP headers" error={shown('headers')} hint="One per line, as Name: value. Every header is kept, Authorization too.">
          <textarea
            id={ids.headers}
            rows={4}
            className={`${inputClass} ${monoInput}`}
            value={values.headers}
            onChange={(event) => set('headers', event.target.value, 'headers')}
            aria-invalid={shown('headers') ? true : undefined}
          />
        </Field>
        <Field id={ids.params} label="URL parameters" error={shown('params')} hint="One per line, as name=value; added to the URL's query string.">
          <textarea
            id={ids.params}
            rows={4}
            className={`${inputClass} ${monoInput}`}
            value={values.params}
            onChange={(event) => set('params', event.target.value, 'params')}
            aria-invalid={shown('params') ? true : undefined}
          />
        </Field>
      </div>
    </SqlPreviewDialog>
  )
}
