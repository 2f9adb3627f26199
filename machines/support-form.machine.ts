import { assign, setup } from 'xstate'
import {
  EMPTY_SUPPORT_DRAFT,
  validateSupportTicket,
  type SupportTicket,
  type SupportTicketDraft,
  type SupportTicketErrors,
  type SupportTicketField,
} from '../src/lib/support-ticket'
import { visibleFieldError } from '../src/lib/form-errors'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { formSubmission } from './form-submission'

export interface SentSupportTicket {
  ticketId: string
}

export interface SupportFormContext {
  values: SupportTicketDraft
  /** Every current validation message; the form shows one once its field is touched or after a submit. */
  errors: SupportTicketErrors
  touched: Partial<Record<SupportTicketField, true>>
  /** A submit was tried: every field's message shows from now on. */
  submitAttempted: boolean
  /** Why the last send failed; kept until the next submit so it can be read while fixing things. */
  sendError: string | null
  /** The checked request being sent, then sent. */
  request: SupportTicket | null
  /** The platform's reference for the sent request. */
  ticketId: string | null
}

export interface SupportFormInput {
  /** Prefilled values (from the support link's query). */
  values?: Partial<SupportTicketDraft>
}

export type SupportFormEvent =
  | { type: 'field.change'; field: SupportTicketField; value: string }
  | { type: 'field.blur'; field: SupportTicketField }
  | { type: 'submit' }
  | { type: 'restart' }

const submission = formSubmission<SupportFormContext, SupportFormEvent, 'request'>({
  sending: 'submitting',
  payload: 'request',
  refusal: 'sendError',
  check: (context) => {
    const checked = validateSupportTicket(context.values)
    return { request: checked.ok ? checked.ticket : null }
  },
})

function startingContext(values: Partial<SupportTicketDraft> = {}): SupportFormContext {
  const draft = { ...EMPTY_SUPPORT_DRAFT, ...values }
  return { values: draft, errors: validateSupportTicket(draft).errors, touched: {}, submitAttempted: false, sendError: null, request: null, ticketId: null }
}

/** The message to show beside a field now: only once it was touched or a submit was tried. */
export const visibleError: (context: SupportFormContext, field: SupportTicketField) => string | null = visibleFieldError

/**
 * The support form: editing → submitting → sent. The values live here, so a failed send returns to
 * editing with every value kept and the platform's message shown. `submit` (the platform call) is
 * provided by the app.
 */
export const supportFormMachine = setup({
  types: {
    context: {} as SupportFormContext,
    events: {} as SupportFormEvent,
    input: {} as SupportFormInput | undefined,
  },
  actors: {
    submit: providedByTheApp<SentSupportTicket, SupportTicket>('submit'),
  },
  guards: {
    // The errors are kept in step with the values at every change: no second validation here.
    isValid: ({ context }) => Object.values(context.errors).every((message) => !message),
  },
}).createMachine({
  id: 'supportForm',
  context: ({ input }) => startingContext(input?.values),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value }
            // A project belongs to one organization: another organization clears the project.
            if (event.field === 'organizationSlug' && event.value !== context.values.organizationSlug) values.projectRef = ''
            return { values, errors: validateSupportTicket(values).errors }
          }),
        },
        'field.blur': { actions: assign({ touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }) }) },
        submit: submission.submit,
      },
    },
    submitting: {
      invoke: { ...submission.send('submit'), onDone: { target: 'sent', actions: assign({ ticketId: ({ event }) => event.output.ticketId }) } },
    },
    sent: {
      on: {
        // A fresh, empty form: the prefilled link was for the request just sent.
        restart: { target: 'editing', actions: assign(() => startingContext()) },
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const supportFormCoverage: CoverageModel<typeof supportFormMachine> = {
  events: [
    { type: 'field.change', field: 'subject', value: '' },
    { type: 'field.change', field: 'subject', value: 'A subject' },
    { type: 'field.change', field: 'organizationSlug', value: 'acme-corp' },
    { type: 'field.blur', field: 'subject' },
    { type: 'submit' },
    { type: 'restart' },
    { type: 'xstate.done.actor.submit', output: { ticketId: 'SR-1' } },
    { type: 'xstate.error.actor.submit', error: new Error('no') },
  ],
  input: {
    values: {
      category: 'Dashboard_bug',
      subject: 'Dashboard error on /org/acme',
      message: 'TypeError: x is undefined\n    at Thing',
      dashboardSentryIssueId: 'abc123',
    },
  },
}
