import { useCallback, useEffect, useMemo, useRef } from 'react'
import { cronJobFormMachine, type CronJobFormInput } from '../../../../machines/cron-job-form.machine'
import { storedFormOf } from '../../../api/queries/cron'
import type { CronJob } from '../../../api/schemas'
import { fromPromiseUntilStopped } from '../../../lib/actor-promise'
import { cronJobFormFrom, type CronFormContext } from '../../../lib/cron-job-form'
import { createCronJobSql, updateCronJobSql, type CronJobDefinition } from '../../../lib/sql/cron'
import { useInspectedActorRef } from '../../../ui/use-inspected-machine'
import { CronJobDialog, type CronJobFormActor } from './CronJobDialog'

interface JobDialogProps {
  projectRef: string
  connectionString: string | null | undefined
  facts: CronFormContext
  pgNet: boolean
  onEnablePgNet: () => Promise<unknown>
  run: (sql: string) => Promise<unknown>
  /** The job's name, once saved. */
  onSaved: (name: string) => void
  onClose: () => void
}

/** The form's machine with `save` running `sqlFor(job)` on the project's database (always the latest `run`). */
function useJobFormActor(run: JobDialogProps['run'], sqlFor: (job: CronJobDefinition) => string, input: CronJobFormInput) {
  const latest = useRef({ run, sqlFor })
  useEffect(() => {
    latest.current = { run, sqlFor }
  })
  const machine = useMemo(
    () =>
      cronJobFormMachine.provide({
        actors: {
          save: fromPromiseUntilStopped<void, CronJobDefinition>(async ({ input }) => {
            await latest.current.run(latest.current.sqlFor(input))
          }),
        },
      }),
    [],
  )
  return useInspectedActorRef(machine, { input })
}

/** What the form is checked against changes as the list and the project load: the machine is told (by value). */
function useFacts(actor: CronJobFormActor, facts: CronFormContext) {
  const key = JSON.stringify(facts)
  useEffect(() => {
    actor.send({ type: 'facts.update', facts: JSON.parse(key) as CronFormContext })
  }, [actor, key])
}

/** A new job: the form lives as long as the screen, so a Cancel keeps what was typed; after a save it starts empty. */
export function CreateCronJobDialog({ open, run, facts, onSaved, ...rest }: JobDialogProps & { open: boolean }) {
  const actor = useJobFormActor(run, createCronJobSql, { facts })
  useFacts(actor, facts)
  const saved = useCallback(
    (job: CronJobDefinition) => {
      onSaved(job.name)
      actor.send({ type: 'restart' })
    },
    [actor, onSaved],
  )
  if (!open) return null
  return <CronJobDialog actor={actor} title="Create a cron job" runLabel="Create job" buildSql={createCronJobSql} onSaved={saved} {...rest} />
}

/** An existing job, opened from the form kept beside it (or as the SQL its command is): a fresh form each time. */
export function EditCronJobDialog({ job, run, facts, onSaved, ...rest }: JobDialogProps & { job: CronJob }) {
  const sqlFor = useCallback((definition: CronJobDefinition) => updateCronJobSql(job, definition), [job])
  const actor = useJobFormActor(run, sqlFor, { values: cronJobFormFrom(job, storedFormOf(job)), facts })
  useFacts(actor, facts)
  const saved = useCallback((definition: CronJobDefinition) => onSaved(definition.name), [onSaved])
  const title = job.jobname === null ? `Edit cron job #${job.jobid}` : `Edit cron job ${job.jobname}`
  return <CronJobDialog actor={actor} title={title} runLabel="Save job" buildSql={sqlFor} onSaved={saved} {...rest} />
}
