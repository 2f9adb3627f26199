import { assign, setup } from 'xstate'
import {
  EMPTY_ORGANIZATION_DRAFT,
  validateNewOrganization,
  type CreateOrganizationBody,
  type NewOrganizationDraft,
  type NewOrganizationErrors,
} from '../src/lib/new-organization'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { formSubmission } from './form-submission'

export interface CreatedOrganization {
  slug: string
  name: string
}

export interface CreateOrganizationContext {
  values: NewOrganizationDraft
  errors: NewOrganizationErrors
  /** The name field was left once: its message shows from now on. */
  nameTouched: boolean
  submitAttempted: boolean
  /** Why the last creation failed; kept until the next submit. */
  sendError: string | null
  /** The checked body being sent. */
  body: CreateOrganizationBody | null
  created: CreatedOrganization | null
}

export type CreateOrganizationEvent =
  | { type: 'change'; values: Partial<NewOrganizationDraft> }
  | { type: 'name.blur' }
  | { type: 'submit' }

const submission = formSubmission<CreateOrganizationContext, CreateOrganizationEvent, 'body'>({ sending: 'creating', payload: 'body', refusal: 'sendError', check: (context) => validateNewOrganization(context.values) })

function startingContext(values: Partial<NewOrganizationDraft> = {}): CreateOrganizationContext {
  const draft = { ...EMPTY_ORGANIZATION_DRAFT, ...values }
  return { values: draft, errors: validateNewOrganization(draft).errors, nameTouched: false, submitAttempted: false, sendError: null, body: null, created: null }
}

/** The message to show beside the name now: once it was left or a submit was tried. */
export function visibleNameError(context: CreateOrganizationContext): string | null {
  return context.nameTouched || context.submitAttempted ? context.errors.name ?? null : null
}

/**
 * The new-organization form (/new): editing → creating → created. The values live here, so a
 * failed creation returns to editing with everything kept and the platform's message shown.
 * `create` (POST /platform/organizations) and `onCreated` (refresh and go to the organization)
 * are provided by the app.
 */
export const createOrganizationMachine = setup({
  types: {
    context: {} as CreateOrganizationContext,
    events: {} as CreateOrganizationEvent,
    input: {} as { values?: Partial<NewOrganizationDraft> } | undefined,
  },
  actors: {
    create: providedByTheApp<CreatedOrganization, CreateOrganizationBody>('create'),
  },
  actions: {
    onCreated: (_, _params: { organization: CreatedOrganization }) => {},
  },
  guards: {
    isValid: ({ context }) => validateNewOrganization(context.values).ok,
  },
}).createMachine({
  id: 'createOrganization',
  context: ({ input }) => startingContext(input?.values),
  initial: 'editing',
  states: {
    editing: {
      on: {
        change: {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, ...event.values }
            return { values, errors: validateNewOrganization(values).errors }
          }),
        },
        'name.blur': { actions: assign({ nameTouched: true }) },
        submit: submission.submit,
      },
    },
    creating: {
      invoke: { ...submission.send('create'), onDone: { target: 'created', actions: assign({ created: ({ event }) => event.output }) } },
    },
    created: {
      type: 'final',
      entry: { type: 'onCreated', params: ({ context }) => ({ organization: context.created! }) },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const createOrganizationCoverage: CoverageModel<typeof createOrganizationMachine> = {
  events: [
    { type: 'change', values: { name: '' } },
    { type: 'change', values: { name: 'Acme Labs', plan: 'pro', spendCap: false } },
    { type: 'name.blur' },
    { type: 'submit' },
    { type: 'xstate.done.actor.create', output: { slug: 'acme-labs', name: 'Acme Labs' } },
    { type: 'xstate.error.actor.create', error: new Error('no') },
  ],
}
