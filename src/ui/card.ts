import { css } from 'styled-system/css'

/** A card that is a link: lists of organizations, projects and the like. */
export const cardLinkClass = css({
  display: 'flex',
  flexDir: 'column',
  gap: '2',
  p: '4',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  textDecoration: 'none',
  _hover: { borderColor: 'border.strong', bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid token(colors.accent.default)' },
})

