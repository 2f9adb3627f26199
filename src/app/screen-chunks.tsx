import { use, type ComponentType } from 'react'

/** `load` run once, its promise kept for every later call; a failed one is forgotten, so the next call tries again. */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}

/**
 * A chunk of code loaded once; `loaded` holds it from the moment it has arrived, so a render reads it
 * at once (`code.loaded() ?? use(code.load())`) and suspends only while it is really on its way.
 * Not React.lazy: a lazy component suspends on its first render even when its chunk is already in
 * the page, its Suspense fallback shows, and React then holds the screen back until 300 ms after that
 * fallback appeared (its reveal throttle). The organizations page's first paint waited 185 ms of an
 * idle main thread on that (Chrome trace: a 180 ms timer installed by react-dom).
 */
export interface Chunk<T> {
  load: () => Promise<T>
  loaded: () => T | undefined
}

export function chunk<T>(load: () => Promise<T>): Chunk<T> {
  let arrived: T | undefined
  return {
    load: loadedOnce(() =>
      load().then((module) => {
        arrived = module
        return module
      }),
    ),
    loaded: () => arrived,
  }
}

/** A screen's chunk, loaded when it renders or earlier through `preload` (beside the chrome, or before the page's first render). */
export type Screen = ComponentType & { preload: () => Promise<void> }

export function screen(load: () => Promise<{ default: ComponentType }>): Screen {
  const code = chunk(load)
  function ScreenOfChunk() {
    const { default: Loaded } = code.loaded() ?? use(code.load())
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
