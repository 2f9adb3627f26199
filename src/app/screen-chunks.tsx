import { use, type ComponentType } from 'react'

/** A promise React's `use` reads without suspending once it is marked fulfilled (React's own thenable fields). */
type MarkedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T }

/**
 * A chunk of code loaded once (a failed load is forgotten, so the next call tries again). Its promise
 * is marked fulfilled as the chunk arrives, so `use(code.load())` in a render returns the module at
 * once and suspends only while the chunk is really on its way. Not React.lazy: a lazy component
 * suspends on its first render even when its chunk is already in the page, its Suspense fallback
 * shows, and React then holds the screen back until 300 ms after that fallback appeared (its reveal
 * throttle). The organizations page's first paint waited 185 ms of an idle main thread on that
 * (Chrome trace: a 180 ms timer installed by react-dom). Always through `use`, never around it: a
 * render that suspended in `use` must call it again when it resumes (React checks this in development).
 */
export function chunk<T>(load: () => Promise<T>): { load: () => Promise<T> } {
  let loading: MarkedPromise<T> | undefined
  return {
    load: () => {
      if (loading) return loading
      const promise: MarkedPromise<T> = load().then(
        (module) => {
          promise.status = 'fulfilled'
          promise.value = module
          return module
        },
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      loading = promise
      return promise
    },
  }
}

/** A screen's chunk, loaded when it renders or earlier through `preload` (beside the chrome, or before the page's first render). */
export type Screen = ComponentType & { preload: () => Promise<void> }

export function screen(load: () => Promise<{ default: ComponentType }>): Screen {
  const code = chunk(load)
  function ScreenOfChunk() {
    const { default: Loaded } = use(code.load())
    return <Loaded />
  }
  return Object.assign(ScreenOfChunk, {
    // A failure shows when the screen renders (the error boundary); here it is only swallowed.
    preload: () => code.load().then(
      () => undefined,
      () => undefined,
    ),
  })
}
