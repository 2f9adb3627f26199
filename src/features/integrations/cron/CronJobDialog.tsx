import { Dialog } from '@ark-ui/react/dialog'
import { useSelector } from '@xstate/react'
import { useEffect, useId, useRef, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import { visibleCronError, type cronJobFormMachine } from '../../../../machines/cron-job-form.machine'
import { CRON_NEXT_RUNS_SHOWN, CRON_SCHEDULE_PRESETS } from '../../../constants'
import { readCronJobForm } from '../../../lib/cron-job-form'
import { describeCronSchedule, nextCronRuns, parseCronSchedule } from '../../../lib/cron-schedule'
import { formatDisplayDate } from '../../../lib/display-date'
import type { CronJobDefinition } from '../../../lib/sql/cron'
import { FormActions, ModalFrame } from '../../../ui/dialog'
import { describedBy, fieldHintClass, FormField, inputClass } from '../../../ui/field'
import { pillToggleClass } from '../../../ui/form-section'
import { DatabaseRefusal, SqlToRun } from '../../../ui/sql-preview-dialog'
import { CronCommandFields } from './CronCommandFields'

export type CronJobFormActor = ActorRefFrom<typeof cronJobFormMachine>

/** The schedule in words and its next runs, or nothing while it is not a schedule yet (its message says why). */
function ScheduleReading({ schedule, id }: { schedule: string; id: string }) {
  const parsed = parseCronSchedule(schedule).schedule
  if (!parsed) return null
  const next = nextCronRuns(parsed, new Date(), CRON_NEXT_RUNS_SHOWN)
  return (
    <div id={id} className={css({ fontSize: 'xs', color: 'fg.muted', display: 'flex', flexDir: 'column', gap: '0.5' })}>
      <span className={css({ color: 'fg.default', fontWeight: 'medium' })}>{describeCronSchedule(schedule)}</span>
      {next.length === 0 ? (
        <span>This schedule never comes round.</span>
      ) : (
        <ol aria-label="Next runs" className={css({ listStyle: 'none' })}>
          {next.map((date) => (
            <li key={date.getTime()}>{formatDisplayDate(date)}</li>
          ))}
        </ol>
      )}
    </div>
  )
}

/**
 * Create or edit a cron job, driven by the job form's statechart (`actor`, kept by the caller: a new
 * job's form outlives a Cancel). A refused save keeps every value and shows the database's reason;
 * the exact SQL is shown as it is typed.
 */
export function CronJobDialog({
  actor,
  title,
  runLabel,
  buildSql,
  projectRef,
  connectionString,
  pgNet,
  onEnablePgNet,
  onSaved,
  onClose,
}: {
  actor: CronJobFormActor
  title: string
  runLabel: string
  /** The SQL that saves the job (a new one, or this one changed). */
  buildSql: (job: CronJobDefinition) => string
  projectRef: string
  connectionString: string | null | undefined
  /** Whether pg_net is enabled (HTTP and edge function jobs send through it). */
  pgNet: boolean
  /** Installs pg_net (offered beside an HTTP command when it is missing). */
  onEnablePgNet: () => Promise<unknown>
  onSaved: (job: CronJobDefinition) => void
  onClose: () => void
}) {
  const snapshot = useSelector(actor, (state) => state)
  const { context } = snapshot
  const { values } = context
  const saving = snapshot.matches('saving')
  const ids = { name: useId(), schedule: useId(), reading: useId(), problem: useId() }
  const shown = (field: Parameters<typeof visibleCronError>[1]) => visibleCronError(context, field)

  // Told once per save: the screen closes the dialog and refreshes.
  const told = useRef(false)
  useEffect(() => {
    if (!snapshot.matches('saved')) told.current = false
    else if (!told.current && context.job) {
      told.current = true
      onSaved(context.job)
    }
  }, [snapshot, context.job, onSaved])

  const { job, errors } = readCronJobForm(values, context.facts)
  const problem = job ? null : (Object.values(errors)[0] ?? 'The form is not complete.')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'submit' })
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <ModalFrame size="xxxlarge" className={css({ maxH: '90vh', display: 'flex', flexDir: 'column' })}>
        <form onSubmit={submit} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '3', minH: '0' })}>
          <div>
            <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{title}</Dialog.Title>
            <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>
              pg_cron runs the command on its schedule, as your database role, and records every run.
            </Dialog.Description>
          </div>
          {/* Padded out and pulled back: a scrolling box clips what is drawn outside it, like the focus outline. */}
          <div className={css({ display: 'flex', flexDir: 'column', gap: '4', overflowY: 'auto', minH: '0', p: '1', m: '-1' })}>
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3', alignItems: 'start' })}>
              <FormField id={ids.name} label="Name" error={shown('name')}>
                <input
                  {...describedBy(ids.name, shown('name'), false)}
                  className={inputClass}
                  value={values.name}
                  placeholder="nightly-cleanup"
                  onChange={(event) => actor.send({ type: 'field.change', field: 'name', value: event.target.value })}
                  onBlur={() => actor.send({ type: 'field.blur', field: 'name' })}
                />
              </FormField>
              <FormField id={ids.schedule} label="Schedule" error={shown('schedule')}>
                <input
                  {...describedBy(ids.schedule, shown('schedule'), false)}
                  className={`${inputClass} ${css({ fontFamily: 'mono' })}`}
                  value={values.schedule}
                  placeholder="*/5 * * * *  or  30 seconds"
                  spellCheck={false}
                  onChange={(event) => actor.send({ type: 'field.change', field: 'schedule', value: event.target.value })}
                  onBlur={() => actor.send({ type: 'field.blur', field: 'schedule' })}
                />
                <ScheduleReading schedule={values.schedule} id={ids.reading} />
              </FormField>
            </div>
            <div role="group" aria-label="Schedule presets" className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', alignItems: 'center' })}>
              <span className={fieldHintClass}>Presets:</span>
              {CRON_SCHEDULE_PRESETS.map((preset) => (
                <button
                  key={preset.schedule}
                  type="button"
                  className={pillToggleClass}
                  aria-pressed={values.schedule.trim() === preset.schedule}
                  onClick={() => actor.send({ type: 'schedule.preset', schedule: preset.schedule })}
                >
                  {preset.label}
                </button>
              ))}
            </div>
            <CronCommandFields actor={actor} projectRef={projectRef} connectionString={connectionString} pgNet={pgNet} onEnablePgNet={onEnablePgNet} />
          </div>
          {context.saveError ? <DatabaseRefusal error={context.saveError} /> : null}
          <SqlToRun sql={job ? buildSql(job) : ''} problem={problem} problemId={ids.problem} />
          <FormActions submitLabel={runLabel} onCancel={onClose} busy={saving} submitDescribedBy={problem ? ids.problem : undefined} />
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}
