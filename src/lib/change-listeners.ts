/**
 * Who to tell when a value kept outside React changes (a stored preference, the session, a list of
 * registered commands): `subscribe` is what useSyncExternalStore takes, `notify` tells them all.
 */
export function changeListeners() {
  const listeners = new Set<() => void>()
  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    notify: (): void => {
      for (const listener of listeners) listener()
    },
  }
}
