import { fromPromise, type NonReducibleUnknown } from 'xstate'

/**
 * An effect a machine names but does not run itself: it throws until src/ provides the real one
 * (`machine.provide({ actors })`), so a screen that forgot to fails loudly.
 */
export function providedByTheApp<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is provided by the app`)
  })
}
