import { useMutation, useQuery } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { visibleCronError } from '../../../../machines/cron-job-form.machine'
import { cronCallablesQuery } from '../../../api/queries/cron'
import { CRON_COMMAND_KINDS, CRON_HTTP_METHODS, MOCK_ECHO_PATH, WEBHOOK_TIMEOUT_MS, type CronHttpMethod } from '../../../constants'
import { edgeFunctionUrl, type CronJobField, type CronTextField } from '../../../lib/cron-job-form'
import { Button } from '../../../ui/button'
import { Callout } from '../../../ui/callout'
import { describedBy, fieldLabelClass, FormField, inputClass } from '../../../ui/field'
import type { CronJobFormActor } from './CronJobDialog'

const monoInput = `${inputClass} ${css({ fontFamily: 'mono', fontSize: 'xs', h: 'auto', py: '2' })}`
const kindClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle', color: 'accent.default', fontWeight: 'medium' },
  '&:has(input:focus-visible)': { outline: '2px solid token(colors.accent.default)', outlineOffset: '1px' },
})

/** The command part of the job form: its kind, then that kind's fields (each kind keeps its own). */
export function CronCommandFields({
  actor,
  projectRef,
  connectionString,
  pgNet,
  onEnablePgNet,
}: {
  actor: CronJobFormActor
  projectRef: string
  connectionString: string | null | undefined
  pgNet: boolean
  onEnablePgNet: () => Promise<unknown>
}) {
  const context = useSelector(actor, (state) => state.context)
  const enablePgNet = useMutation({ mutationFn: onEnablePgNet })
  const { values } = context
  const ids = { sql: useId(), callable: useId(), method: useId(), url: useId(), edge: useId(), headers: useId(), body: useId(), timeout: useId(), args: useId() }
  const callables = useQuery({ ...cronCallablesQuery(projectRef, connectionString), enabled: Boolean(connectionString) && values.kind === 'function' })
  const shown = (field: CronJobField) => visibleCronError(context, field)
  const text = (field: CronTextField, id: string) => ({
    ...describedBy(id, shown(field), false),
    value: values[field],
    onChange: (event: { target: { value: string } }) => actor.send({ type: 'field.change', field, value: event.target.value }),
    onBlur: () => actor.send({ type: 'field.blur', field }),
  })
  const http = values.kind === 'http' || values.kind === 'edge-function'
  const callableKey = values.callable ? JSON.stringify([values.callable.schema, values.callable.name, values.callable.args.map((arg) => arg.type)]) : ''
  const options = (callables.data ?? []).map((row) => ({ key: JSON.stringify([row.schema, row.name, row.args.map((arg) => arg.type)]), row }))

  return (
    <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '3', borderTopWidth: '1px', borderColor: 'border.default', pt: '3' })}>
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })}>Command</legend>
      <div role="radiogroup" aria-label="What the job runs" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {CRON_COMMAND_KINDS.map((kind) => (
          <label key={kind.id} className={kindClass}>
            <input
              type="radio"
              name={`${ids.sql}-kind`}
              className={css({ accentColor: 'accent.default' })}
              checked={values.kind === kind.id}
              onChange={() => actor.send({ type: 'kind.choose', kind: kind.id })}
            />
            {kind.label}
          </label>
        ))}
      </div>

      {values.kind === 'sql' ? (
        <FormField id={ids.sql} label="SQL" error={shown('sql')} hint="Runs as one transaction; several statements may be separated by semicolons.">
          <textarea {...text('sql', ids.sql)} rows={5} spellCheck={false} className={monoInput} placeholder="delete from public.sessions where expires_at < now();" />
        </FormField>
      ) : null}

      {values.kind === 'function' ? (
        <>
          <FormField id={ids.callable} label="Function" error={shown('callable')} hint={callables.data?.length === 0 ? 'No functions of your own yet: create one in the SQL editor.' : undefined}>
            <select
              {...describedBy(ids.callable, shown('callable'), callables.data?.length === 0)}
              className={inputClass}
              value={callableKey}
              onChange={(event) => {
                const row = options.find((option) => option.key === event.target.value)?.row
                actor.send({ type: 'callable.choose', callable: row ? { schema: row.schema, name: row.name, procedure: row.procedure, args: row.args } : null })
              }}
              onBlur={() => actor.send({ type: 'field.blur', field: 'callable' })}
            >
              <option value="">{callables.isPending ? 'Loading functions…' : 'Choose a function'}</option>
              {/* The chosen one stays listed even when the list no longer has it (dropped or changed since). */}
              {values.callable && !options.some((option) => option.key === callableKey) ? <option value={callableKey}>{`${values.callable.schema}.${values.callable.name}`}</option> : null}
              {options.map(({ key, row }) => (
                <option key={key} value={key}>
                  {`${row.schema}.${row.name}(${row.args.map((arg) => `${arg.name} ${arg.type}`.trim()).join(', ')})${row.procedure ? ' — procedure' : ''}`}
                </option>
              ))}
            </select>
          </FormField>
          {values.callable && values.callable.args.length > 0 ? (
            <fieldset className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' })}>
              <legend className={fieldLabelClass}>Arguments (empty is NULL)</legend>
              {values.callable.args.map((arg, index) => (
                <FormField key={index} id={`${ids.args}-${index}`} label={`${arg.name || `$${index + 1}`} (${arg.type})`}>
                  <input
                    id={`${ids.args}-${index}`}
                    className={inputClass}
                    value={values.argumentValues[index] ?? ''}
                    onChange={(event) => actor.send({ type: 'argument.change', index, value: event.target.value })}
                  />
                </FormField>
              ))}
            </fieldset>
          ) : null}
        </>
      ) : null}

      {http && !pgNet ? (
        <Callout tone="warning" title="pg_net is not enabled">
          <span className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            HTTP calls are sent by pg_net: without it this job’s runs fail.
            <Button size="sm" loading={enablePgNet.isPending} onClick={() => enablePgNet.mutate()}>
              Enable pg_net
            </Button>
            {enablePgNet.isError ? <span className={css({ color: 'danger.default' })}>{enablePgNet.error.message}</span> : null}
          </span>
        </Callout>
      ) : null}

      {http ? (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '8rem 1fr 9rem' }, gap: '3', alignItems: 'start' })}>
          <FormField id={ids.method} label="Method">
            <select id={ids.method} className={inputClass} value={values.httpMethod} onChange={(event) => actor.send({ type: 'field.change', field: 'httpMethod', value: event.target.value as CronHttpMethod })}>
              {CRON_HTTP_METHODS.map((method) => (
                <option key={method}>{method}</option>
              ))}
            </select>
          </FormField>
          {values.kind === 'http' ? (
            <FormField id={ids.url} label="URL" error={shown('httpUrl')} hint="The mock platform calls only its echo endpoint and localhost; other addresses are recorded as blocked.">
              <input {...text('httpUrl', ids.url)} className={inputClass} placeholder="https://example.com/hooks/nightly" />
              <span className={css({ alignSelf: 'flex-start' })}>
                <Button size="sm" onClick={() => actor.send({ type: 'field.change', field: 'httpUrl', value: `${window.location.origin}${MOCK_ECHO_PATH}` })}>
                  Use the echo endpoint
                </Button>
              </span>
            </FormField>
          ) : (
            <FormField
              id={ids.edge}
              label="Edge function"
              error={shown('edgeFunction')}
              hint={`Calls ${edgeFunctionUrl(context.facts.restUrl, values.edgeFunction.trim() || '<name>')}. The mock platform runs no edge functions: the call is recorded as blocked.`}
            >
              <input {...text('edgeFunction', ids.edge)} className={inputClass} placeholder="send-digest" />
            </FormField>
          )}
          <FormField id={ids.timeout} label="Timeout (ms)" error={shown('httpTimeoutMs')} hint={`${WEBHOOK_TIMEOUT_MS.min}–${WEBHOOK_TIMEOUT_MS.max}`}>
            <input {...text('httpTimeoutMs', ids.timeout)} inputMode="numeric" className={inputClass} />
          </FormField>
        </div>
      ) : null}

      {http ? (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' })}>
          <FormField id={ids.headers} label="HTTP headers" error={shown('httpHeaders')} hint="One per line, as Name: value. Every header is kept.">
            <textarea {...text('httpHeaders', ids.headers)} rows={4} spellCheck={false} className={monoInput} />
          </FormField>
          {values.httpMethod === 'POST' ? (
            <FormField id={ids.body} label="Body (JSON)" error={shown('httpBody')} hint="Sent as typed; empty sends {}.">
              <textarea {...text('httpBody', ids.body)} rows={4} spellCheck={false} className={monoInput} placeholder='{"source": "cron"}' />
            </FormField>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  )
}
