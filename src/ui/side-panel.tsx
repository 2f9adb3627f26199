import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { inputClass } from './field'

/**
 * The list beside an editor (snippets, tables): fixed width, its own scroll, a search box on top.
 * On a narrow screen there is no room beside: it either gives the editor the width (`hide`) or
 * takes it (`fill`, while there is nothing opened yet).
 */
export function SidePanel({
  label,
  toolbar,
  children,
  onNarrow = 'hide',
}: {
  label: string
  toolbar?: ReactNode
  children: ReactNode
  onNarrow?: 'hide' | 'fill'
}) {
  return (
    <nav
      aria-label={label}
      className={css({
        w: { base: onNarrow === 'fill' ? 'full' : '64', md: '64' },
        flexShrink: '0',
        display: { base: onNarrow === 'fill' ? 'flex' : 'none', md: 'flex' },
        flexDir: 'column',
        borderRightWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.surface',
        minH: '0',
      })}
    >
      {toolbar}
      <div className={css({ flex: '1', overflowY: 'auto', px: '1', pb: '4', fontSize: 'sm' })}>{children}</div>
    </nav>
  )
}

/** A search field that Escape clears. */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className={css({ p: '2' })}>
      <input
        type="search"
        aria-label={label}
        placeholder={`${label}…`}
        className={cx(inputClass, css({ h: '8', w: 'full' }))}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onChange('')}
      />
    </div>
  )
}

export const sidePanelHeadingClass = css({ px: '2', pt: '3', pb: '1', fontSize: 'xs', color: 'fg.subtle', textTransform: 'uppercase', letterSpacing: 'wide' })
export const sidePanelNoteClass = css({ px: '2', py: '2', color: 'fg.muted', fontSize: 'xs' })

/**
 * An item of a side list (log sources, facet values, tables, actors, a request's events, rows to pick): the
 * list's width, muted under the pointer, marked when it is what the screen shows (aria-current) or a chosen value
 * (aria-pressed). A list adds its own with `css(sideListItemStyle, { … })`, which wins over it (`cx` would not decide).
 */
export const sideListItemStyle = css.raw({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  w: 'full',
  px: '2',
  py: '1.5',
  borderRadius: 'sm',
  textAlign: 'left',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  '&[aria-current=page], &[aria-current=true], &[aria-pressed=true]': { bg: 'accent.subtle', fontWeight: 'medium' },
  _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '-2px' },
})
