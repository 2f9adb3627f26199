import { css } from 'styled-system/css'

/** A box of the project's home page (its details, how to connect to it): one surface, border and spacing. */
export const homeCardClass = css({
  gap: '4',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  p: '5',
})
