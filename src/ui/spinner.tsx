import { css, cx } from 'styled-system/css'

const ringClass = css({
  display: 'inline-block',
  borderWidth: '2px',
  borderColor: 'border.strong',
  borderTopColor: 'accent.default',
  borderRadius: 'full',
  animation: 'spin 0.8s linear infinite',
})

/** A turning ring, announced by its label; `small` fits in a line of extra-small text without making it taller. */
export function Spinner({ label = 'Loading', small = false }: { label?: string; small?: boolean }) {
  return <span role="status" aria-label={label} className={cx(ringClass, small ? css({ w: '3', h: '3' }) : css({ w: '4', h: '4' }))} />
}
