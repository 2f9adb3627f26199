import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate'

type PromiseRun<TOutput, TInput> = Parameters<typeof fromPromise<TOutput, TInput>>[0]

/**
 * `fromPromise` for the effects the app provides to machines. A promise actor that is stopped and
 * started again keeps its identity — @xstate/react does exactly that when React StrictMode
 * remounts an effect in development — and xstate delivers the first run's late answer to the
 * restarted actor. That run was stopped (its signal aborted, its fetch cancelled): its answer, an
 * AbortError more often than not, belongs to nobody. So an answer counts only while its own run's
 * signal is live; the restarted actor gets the answer of its own run.
 */
export function fromPromiseUntilStopped<TOutput, TInput = NonReducibleUnknown>(
  run: PromiseRun<TOutput, TInput>,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(
    (args) =>
      new Promise<TOutput>((resolve, reject) => {
        const { signal } = args
        run(args).then(
          (value) => void (signal.aborted || resolve(value)),
          (error: unknown) => void (signal.aborted || reject(error)),
        )
      }),
  )
}
