import { assign, type EventObject, type MachineContext } from 'xstate'
import { errorMessage } from '../src/lib/error-message'

/** What every form whose values live in its machine keeps: whether a submit was tried. */
export interface SubmittedForm extends MachineContext {
  submitAttempted: boolean
}

/**
 * Sending a form whose values live in its machine (sign-up, support, a new organization, a cron job):
 * `submit` for its editing state, and the invoke of the state that sends. A valid form (the machine's
 * own `isValid` guard) keeps what `check` made of its values under `payload`, clears the last refusal
 * and goes to `sending`; any submit shows every field's message from then on. The send's input is the
 * payload; a refusal goes back to `editing` with its message under `refusal`, every value kept.
 */
export function formSubmission<TContext extends SubmittedForm, TEvent extends EventObject, TPayload extends keyof TContext & string>(options: {
  sending: string
  payload: TPayload
  refusal: keyof TContext & string
  /** The values checked (a validator's answer): the payload under its key when they are valid. */
  check: (context: TContext) => { ok?: boolean } & Partial<Pick<TContext, TPayload>>
}) {
  const { sending, payload, refusal, check } = options
  return {
    submit: [
      {
        guard: 'isValid' as const,
        target: sending,
        actions: assign<TContext, EventObject, undefined, TEvent, never>(
          ({ context }) => ({ submitAttempted: true, [refusal]: null, [payload]: check(context)[payload] ?? null }) as Partial<TContext>,
        ),
      },
      { actions: assign<TContext, EventObject, undefined, TEvent, never>(() => ({ submitAttempted: true }) as Partial<TContext>) },
    ],
    /** The sending state's invoke of `src` (the machine adds where a success goes). */
    send: <const TSource extends string>(src: TSource) => ({
      id: src,
      src,
      input: ({ context }: { context: TContext }) => context[payload] as NonNullable<TContext[TPayload]>,
      onError: {
        target: 'editing',
        actions: assign<TContext, EventObject & { error: unknown }, undefined, TEvent, never>(({ event }) => ({ [refusal]: errorMessage(event.error) }) as Partial<TContext>),
      },
    }),
  }
}
