import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches now, updated as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = globalThis.matchMedia?.(query)
      media?.addEventListener('change', onChange)
      return () => media?.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => globalThis.matchMedia?.(query).matches ?? false)
}
