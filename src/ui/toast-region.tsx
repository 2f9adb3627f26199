import { Toast, Toaster, createToaster } from '@ark-ui/react/toast'
import { useEffect } from 'react'
import { css, cx } from 'styled-system/css'
import { TOAST } from '../constants'
import { glyphButton } from './glyph-button'

/** The dashboard's toaster with SPEC §9's constants: 4 s, 3 visible, bottom-right, 14 px gap, Alt+T. */
export const toaster = createToaster({
  placement: TOAST.placement,
  duration: TOAST.duration,
  max: TOAST.maxVisible,
  gap: TOAST.gap,
  hotkey: [...TOAST.hotkey],
  overlap: false,
})

const KIND_COLOR: Record<string, string> = {
  success: 'accent.default',
  error: 'danger.default',
  warning: 'warning.default',
  info: 'info.default',
  loading: 'fg.muted',
}

/** The toasts' region; its first toast asks for it (src/ui/toast.tsx), so the first screen loads none of it. */
export function ToastRegion({ onMount }: { onMount: (mounted: typeof toaster) => void }) {
  useEffect(() => onMount(toaster), [onMount])
  return (
    <Toaster toaster={toaster}>
      {(toast) => (
        <Toast.Root
          key={toast.id}
          data-kind={toast.type}
          className={css({
            width: 'toast',
            maxW: 'calc(100vw - 32px)',
            bg: 'bg.surface',
            color: 'fg.default',
            borderWidth: '1px',
            borderColor: 'border.default',
            borderLeftWidth: '3px',
            borderRadius: 'md',
            boxShadow: 'lg',
            p: '3',
            pr: '9',
            position: 'relative',
            translate: 'var(--x) var(--y)',
            scale: 'var(--scale)',
            zIndex: 'var(--z-index)',
            height: 'var(--height)',
            opacity: 'var(--opacity)',
            willChange: 'translate, opacity, scale',
            // SPEC §9's default animation duration (the `default` duration token).
            transitionProperty: 'translate, scale, opacity, height',
            transitionDuration: 'default',
          })}
          style={{ borderLeftColor: `var(--colors-${(KIND_COLOR[toast.type ?? 'info'] ?? 'fg.muted').replace('.', '-')})` }}
        >
          <Toast.Title className={css({ fontWeight: 'semibold' })}>{toast.title}</Toast.Title>
          {toast.description ? (
            <Toast.Description className={css({ color: 'fg.muted', mt: '1', wordBreak: 'break-word' })}>{toast.description}</Toast.Description>
          ) : null}
          {toast.action ? (
            <Toast.ActionTrigger
              className={css({
                mt: '2',
                px: '2.5',
                py: '1',
                borderRadius: 'sm',
                borderWidth: '1px',
                borderColor: 'border.default',
                fontSize: 'sm',
                fontWeight: 'medium',
                cursor: 'pointer',
                _hover: { bg: 'bg.muted' },
              })}
            >
              {toast.action.label}
            </Toast.ActionTrigger>
          ) : null}
          {toast.closable !== false ? (
            <Toast.CloseTrigger
              aria-label="Close"
              className={cx(glyphButton({ size: 'sm' }), css({ position: 'absolute', top: '2', right: '2' }))}
            >
              ✕
            </Toast.CloseTrigger>
          ) : null}
        </Toast.Root>
      )}
    </Toaster>
  )
}
