import { css } from 'styled-system/css'

/** The sign-in and sign-up pages: one card in the middle of the page. */
export const authPageClass = css({ minH: '100vh', display: 'grid', placeItems: 'center', p: '6' })

export const authCardClass = css({
  w: 'full',
  maxW: 'sm',
  display: 'flex',
  flexDir: 'column',
  gap: '4',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  p: '8',
  boxShadow: 'sm',
})
