import { css } from 'styled-system/css'

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={css({
        display: 'inline-block',
        w: '4',
        h: '4',
        borderWidth: '2px',
        borderColor: 'border.strong',
        borderTopColor: 'accent.default',
        borderRadius: 'full',
        animation: 'spin 0.8s linear infinite',
      })}
    />
  )
}
