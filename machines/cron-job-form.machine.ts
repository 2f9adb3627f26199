import { assign, setup } from 'xstate'
import { CRON_SCHEDULE_PRESETS, type CronCommandKind } from '../src/constants'
import { emptyCronJobForm, readCronJobForm, type CronCallable, type CronFormContext, type CronJobField, type CronJobFormValues, type CronTextField } from '../src/lib/cron-job-form'
import { visibleFieldError } from '../src/lib/form-errors'
import type { CronJobDefinition } from '../src/lib/sql/cron'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { formSubmission } from './form-submission'

export interface CronJobFormMachineContext {
  values: CronJobFormValues
  /** What the form is checked against: the other jobs' names and the project's URL (edge functions). */
  facts: CronFormContext
  /** Every current message; one shows once its field was left or a submit was tried. */
  errors: Partial<Record<CronJobField, string>>
  touched: Partial<Record<CronJobField, boolean>>
  submitAttempted: boolean
  /** The database's refusal of the last save; kept until the next submit, so it can be read while fixing things. */
  saveError: string | null
  /** The job being saved, then saved. */
  job: CronJobDefinition | null
}

export interface CronJobFormInput {
  /** The job's form when editing one; empty for a new job. */
  values?: CronJobFormValues
  facts?: Partial<CronFormContext>
}

export type CronJobFormEvent =
  | { type: 'field.change'; field: CronTextField; value: string }
  | { type: 'field.blur'; field: CronJobField }
  | { type: 'kind.choose'; kind: CronCommandKind }
  | { type: 'schedule.preset'; schedule: string }
  | { type: 'callable.choose'; callable: CronCallable | null }
  | { type: 'argument.change'; index: number; value: string }
  | { type: 'facts.update'; facts: Partial<CronFormContext> }
  | { type: 'submit' }
  | { type: 'restart' }

const submission = formSubmission<CronJobFormMachineContext, CronJobFormEvent, 'job'>({ sending: 'saving', payload: 'job', refusal: 'saveError', check: (context) => readCronJobForm(context.values, context.facts) })

const NO_FACTS: CronFormContext = { takenNames: [], restUrl: null }

function checked(values: CronJobFormValues, facts: CronFormContext) {
  return { values, facts, errors: readCronJobForm(values, facts).errors }
}

function startingContext(input: CronJobFormInput | undefined): CronJobFormMachineContext {
  return { ...checked(input?.values ?? emptyCronJobForm(), { ...NO_FACTS, ...input?.facts }), touched: {}, submitAttempted: false, saveError: null, job: null }
}

/** The message to show beside a field now. */
export const visibleCronError: (context: CronJobFormMachineContext, field: CronJobField) => string | null = visibleFieldError

/**
 * The cron job form (SPEC §2 /integrations/cron): editing → saving → saved. The values live here,
 * so a refused save (an invalid schedule, an empty command, the database's own refusal) returns to
 * editing with everything kept and the reason shown. Each command kind keeps its own fields, so
 * trying another kind and coming back loses nothing. `save` (the job's SQL on the project's
 * database) is provided by the app.
 */
export const cronJobFormMachine = setup({
  types: {
    context: {} as CronJobFormMachineContext,
    events: {} as CronJobFormEvent,
    input: {} as CronJobFormInput | undefined,
  },
  actors: {
    save: providedByTheApp<void, CronJobDefinition>('save'),
  },
  guards: {
    // The messages are kept in step with the values at every change: no second check here.
    isValid: ({ context }) => Object.values(context.errors).every((message) => !message),
  },
}).createMachine({
  id: 'cronJobForm',
  context: ({ input }) => startingContext(input),
  initial: 'editing',
  on: {
    // The jobs list and the project load while the form is open: names taken meanwhile count too.
    'facts.update': { actions: assign(({ context, event }) => checked(context.values, { ...context.facts, ...event.facts })) },
  },
  states: {
    editing: {
      on: {
        'field.change': { actions: assign(({ context, event }) => checked({ ...context.values, [event.field]: event.value }, context.facts)) },
        'field.blur': { actions: assign({ touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }) }) },
        'kind.choose': { actions: assign(({ context, event }) => checked({ ...context.values, kind: event.kind }, context.facts)) },
        'schedule.preset': {
          actions: assign(({ context, event }) => ({
            ...checked({ ...context.values, schedule: event.schedule }, context.facts),
            touched: { ...context.touched, schedule: true },
          })),
        },
        'callable.choose': {
          actions: assign(({ context, event }) => ({
            ...checked({ ...context.values, callable: event.callable, argumentValues: (event.callable?.args ?? []).map(() => '') }, context.facts),
            touched: { ...context.touched, callable: true },
          })),
        },
        'argument.change': {
          actions: assign(({ context, event }) =>
            checked({ ...context.values, argumentValues: context.values.argumentValues.map((value, index) => (index === event.index ? event.value : value)) }, context.facts),
          ),
        },
        submit: submission.submit,
      },
    },
    saving: { invoke: { ...submission.send('save'), onDone: { target: 'saved' } } },
    saved: {
      on: {
        // A new job after this one: an empty form, with what is known of the project kept.
        restart: { target: 'editing', actions: assign(({ context }) => startingContext({ facts: context.facts })) },
      },
    },
  },
})

const sqlJob: CronJobFormValues = { ...emptyCronJobForm(), name: 'nightly cleanup', schedule: CRON_SCHEDULE_PRESETS[1].schedule, sql: 'select 1' }

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const cronJobFormCoverage: CoverageModel<typeof cronJobFormMachine> = {
  events: [
    { type: 'field.change', field: 'sql', value: '' },
    { type: 'field.change', field: 'sql', value: 'select 1' },
    { type: 'field.blur', field: 'sql' },
    { type: 'kind.choose', kind: 'function' },
    { type: 'schedule.preset', schedule: '30 seconds' },
    { type: 'callable.choose', callable: { schema: 'public', name: 'tidy', procedure: false, args: [{ name: 'days', type: 'integer' }] } },
    { type: 'argument.change', index: 0, value: '7' },
    { type: 'facts.update', facts: { takenNames: ['other job'] } },
    { type: 'submit' },
    { type: 'restart' },
    { type: 'xstate.done.actor.save', output: undefined },
    { type: 'xstate.error.actor.save', error: new Error('duplicate key value violates unique constraint "jobname_username_uniq"') },
  ],
  input: { values: sqlJob },
}
