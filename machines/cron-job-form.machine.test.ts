import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { emptyCronJobForm, type CronJobFormValues } from '../src/lib/cron-job-form'
import type { CronJobDefinition } from '../src/lib/sql/cron'
import { cronJobFormMachine, visibleCronError, type CronJobFormInput } from './cron-job-form.machine'

afterEach(() => vi.useRealTimers())

const slowly = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

function start(save: (job: CronJobDefinition) => Promise<void>, input: CronJobFormInput = {}) {
  return createActor(cronJobFormMachine.provide({ actors: { save: fromPromise(({ input: job }) => save(job)) } }), { input }).start()
}

const filled: CronJobFormValues = { ...emptyCronJobForm(), name: 'nightly cleanup', schedule: '0 3 * * *', sql: "delete from public.sessions where expires_at < now()" }

describe('cronJobFormMachine', () => {
  it('starts editing with nothing flagged, and flags every problem once a submit is tried, without saving', () => {
    const save = vi.fn(async () => {})
    const actor = start(save)
    const { context } = actor.getSnapshot()
    expect(context.errors).toEqual({ name: 'Name the job.', schedule: 'Enter a schedule.', sql: 'Write the SQL the job runs.' })
    expect(visibleCronError(context, 'schedule')).toBeNull()
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(save).not.toHaveBeenCalled()
    expect(visibleCronError(actor.getSnapshot().context, 'schedule')).toBe('Enter a schedule.')
    expect(visibleCronError(actor.getSnapshot().context, 'sql')).toBe('Write the SQL the job runs.')
  })

  it('shows a field’s message once it was left, and a preset fills the schedule', () => {
    const actor = start(async () => {})
    actor.send({ type: 'field.change', field: 'schedule', value: '61 seconds' })
    expect(visibleCronError(actor.getSnapshot().context, 'schedule')).toBeNull()
    actor.send({ type: 'field.blur', field: 'schedule' })
    expect(visibleCronError(actor.getSnapshot().context, 'schedule')).toBe('"61 seconds" is out of range: a seconds schedule runs every 1 to 59 seconds.')
    actor.send({ type: 'schedule.preset', schedule: '*/5 * * * *' })
    expect(actor.getSnapshot().context.values.schedule).toBe('*/5 * * * *')
    expect(visibleCronError(actor.getSnapshot().context, 'schedule')).toBeNull()
  })

  it('keeps each kind’s fields while another kind is tried, and saves the chosen one', async () => {
    const save = vi.fn(async () => {})
    const actor = start(save, { values: filled, facts: { restUrl: 'https://abc.example.co/rest/v1/' } })
    actor.send({ type: 'kind.choose', kind: 'edge-function' })
    actor.send({ type: 'field.change', field: 'edgeFunction', value: 'send-digest' })
    actor.send({ type: 'field.change', field: 'httpBody', value: '{"since": "1 day"}' })
    actor.send({ type: 'kind.choose', kind: 'sql' })
    expect(actor.getSnapshot().context.values.sql).toBe(filled.sql)
    actor.send({ type: 'kind.choose', kind: 'edge-function' })
    actor.send({ type: 'submit' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'))
    const [job] = save.mock.calls[0] as unknown as [CronJobDefinition]
    expect(job.command).toContain(`url := 'https://abc.example.co/functions/v1/send-digest'`)
    expect(job.command).toContain(`body := '{"since": "1 day"}'::jsonb`)
    expect(job.form).toMatchObject({ kind: 'edge-function', functionName: 'send-digest', body: '{"since": "1 day"}' })
  })

  it('calls a chosen function with its arguments (empty is NULL)', async () => {
    const save = vi.fn(async () => {})
    const actor = start(save, { values: { ...filled, kind: 'function' } })
    expect(actor.getSnapshot().context.errors.callable).toBe('Choose the function the job calls.')
    actor.send({ type: 'callable.choose', callable: { schema: 'public', name: 'purge "old"', procedure: true, args: [{ name: 'days', type: 'integer' }, { name: 'note', type: 'text' }] } })
    actor.send({ type: 'argument.change', index: 0, value: '30' })
    actor.send({ type: 'submit' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'))
    expect(save.mock.calls[0]).toMatchObject([{ command: `call "public"."purge ""old"""('30'::integer, null::text);` }])
  })

  it('refuses a name another job has, also one learnt after the form opened', () => {
    const actor = start(async () => {}, { values: filled, facts: { takenNames: ['weekly report'] } })
    expect(actor.getSnapshot().context.errors.name).toBeUndefined()
    actor.send({ type: 'facts.update', facts: { takenNames: ['weekly report', 'nightly cleanup'] } })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(visibleCronError(actor.getSnapshot().context, 'name')).toBe('A job named "nightly cleanup" already exists: choose another name.')
  })

  it('returns to editing after a refused save with every value kept and the reason shown until the next submit', async () => {
    vi.useFakeTimers()
    let refuse = true
    const save = vi.fn(async () => {
      await slowly(300, null)
      if (refuse) throw new Error('invalid schedule: The minute 70 is out of range (0–59).')
    })
    const actor = start(save, { values: filled })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('saving')
    // Typing while it saves changes nothing.
    actor.send({ type: 'field.change', field: 'name', value: 'changed' })
    await vi.advanceTimersByTimeAsync(300)
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.values).toEqual(filled)
    expect(actor.getSnapshot().context.saveError).toBe('invalid schedule: The minute 70 is out of range (0–59).')
    refuse = false
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().context.saveError).toBeNull()
    await vi.advanceTimersByTimeAsync(300)
    expect(actor.getSnapshot().value).toBe('saved')
    expect(save).toHaveBeenCalledTimes(2)
  })

  it('starts an empty form after a save, keeping what it knows of the project', async () => {
    const actor = start(async () => {}, { values: filled, facts: { takenNames: ['a'], restUrl: 'https://abc.example.co/rest/v1/' } })
    actor.send({ type: 'submit' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'))
    actor.send({ type: 'restart' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({ values: emptyCronJobForm(), touched: {}, submitAttempted: false, job: null, facts: { takenNames: ['a'] } })
  })
})
