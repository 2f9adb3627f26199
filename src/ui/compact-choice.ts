import { css } from 'styled-system/css'

/** A small choice among a few in a toolbar line: a tab (aria-selected) or a radio (aria-checked), the chosen one filled. */
export const compactChoiceClass = css({
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  cursor: 'pointer',
  '&[aria-selected=true], &[aria-checked=true]': { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
})
