import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react'
import { TOAST } from '../constants'
import { changeListeners } from '../lib/change-listeners'
import type { toaster as regionToaster } from './toast-region'

export type ToastKind = 'loading' | 'success' | 'error' | 'info' | 'warning'

let lastToastId = 0

/**
 * `action` adds one button (e.g. Undo); `duration` overrides the default 4 s for toasts that need
 * longer; `id` makes a toast one of a kind (showing it again replaces it, as React StrictMode's
 * second run of an effect does in development).
 */
export function showToast(
  kind: ToastKind,
  title: string,
  description?: string,
  options: { action?: { label: string; onClick: () => void }; duration?: number; id?: string } = {},
): string {
  const id = options.id ?? `toast-${++lastToastId}`
  // Once the region is on the page, so after the current task's React work: screens raise toasts
  // from effects, and the toaster's store renders synchronously (flushSync), which React refuses
  // inside a lifecycle.
  void toasterOnPage().then((toaster) =>
    toaster.create({ id, type: kind, title, description, closable: TOAST.closeButton, action: options.action, duration: options.duration }),
  )
  return id
}

type Toaster = typeof regionToaster

// The region (Ark's toast machine and its styles) is its own chunk, loaded at the first toast.
// Outside the screens' error boundary: a region that fails to load costs the toasts, not the page.
const ToastRegion = lazy<ComponentType<{ onMount: (toaster: Toaster) => void }>>(() =>
  import('./toast-region')
    .then((module) => ({ default: module.ToastRegion }))
    .catch((error: unknown) => {
      console.error('The toast region could not load; toasts are not shown', error)
      return { default: () => null }
    }),
)
let regionWanted = false
const wantedListeners = changeListeners()
let resolveMounted!: (toaster: Toaster) => void
const mounted = new Promise<Toaster>((resolve) => {
  resolveMounted = resolve
})

function toasterOnPage(): Promise<Toaster> {
  if (!regionWanted) {
    regionWanted = true
    wantedListeners.notify()
  }
  return mounted
}

/** Where toasts show (SPEC §9: bottom-right, Alt+T); empty, and not loaded, until the first one. */
export function AppToaster() {
  const wanted = useSyncExternalStore(wantedListeners.subscribe, () => regionWanted)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ToastRegion onMount={resolveMounted} />
    </Suspense>
  )
}
