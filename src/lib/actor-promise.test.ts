import { createActor, setup } from 'xstate'
import { describe, expect, it } from 'vitest'
import { fromPromiseUntilStopped } from './actor-promise'

/** A machine that loads once on start, like the profile gate's. */
function loader(run: (signal: AbortSignal) => Promise<string>) {
  return setup({ actors: { load: fromPromiseUntilStopped(({ signal }) => run(signal)) } }).createMachine({
    initial: 'loading',
    context: { result: '' },
    states: {
      loading: {
        invoke: {
          src: 'load',
          onDone: { target: 'loaded', actions: ({ context, event }) => void (context.result = event.output) },
          onError: { target: 'failed', actions: ({ context, event }) => void (context.result = String(event.error)) },
        },
      },
      loaded: {},
      failed: {},
    },
  })
}

describe('fromPromiseUntilStopped', () => {
  it('a run stopped and started again (StrictMode) gets its own answer, not the stopped run’s abort', async () => {
    let runs = 0
    const actor = createActor(
      loader(
        (signal) =>
          new Promise((resolve, reject) => {
            const run = ++runs
            signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
            setTimeout(() => resolve(`answer ${run}`), 10)
          }),
      ),
    )
    actor.start()
    // What @xstate/react does on a StrictMode remount: stop, keep the snapshots, start the same refs again.
    const child = Object.values(actor.getSnapshot().children)[0] as unknown as { _snapshot: unknown; _processingStatus: number; getSnapshot(): unknown }
    const childSnapshot = child.getSnapshot()
    const snapshot = actor.getSnapshot()
    actor.stop()
    ;(actor as unknown as { _processingStatus: number; _snapshot: unknown })._processingStatus = 0
    ;(actor as unknown as { _snapshot: unknown })._snapshot = snapshot
    child._processingStatus = 0
    child._snapshot = childSnapshot
    actor.start()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(actor.getSnapshot().value).toBe('loaded')
    expect(actor.getSnapshot().context.result).toBe('answer 2')
  })

  it('passes answers and failures through while the actor runs', async () => {
    const ok = createActor(loader(async () => 'fine')).start()
    const bad = createActor(loader(() => Promise.reject(new Error('boom')))).start()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(ok.getSnapshot().context.result).toBe('fine')
    expect(bad.getSnapshot().value).toBe('failed')
  })
})
