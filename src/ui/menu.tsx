import { Menu as ArkMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { createContext, useContext, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

export const menuContentClass = css({
  minW: '56',
  // A menu of actions shows every item (the results' Copy menu lost its last one at 15 rem, SPEC §9's
  // height for a listbox's options): it scrolls only where the screen ends (zag measures the room).
  maxH: 'var(--available-height, 100vh)',
  overflowY: 'auto',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: 'lg',
  p: '1',
  zIndex: 'dropdown',
  _focusVisible: { outline: 'none' },
})

export const menuItemClass = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: '2.5',
  py: '1.5',
  borderRadius: 'sm',
  cursor: 'pointer',
  fontSize: 'sm',
  _highlighted: { bg: 'bg.muted' },
  '&[data-state=checked]': { fontWeight: 'semibold' },
})

const compactTriggerClass = css({ px: '1.5', borderRadius: 'sm', color: 'fg.subtle', cursor: 'pointer', _hover: { bg: 'bg.subtle', color: 'fg.default' } })

export const menuGroupLabelClass = css({ px: '2.5', py: '1', fontSize: 'xs', color: 'fg.subtle', textTransform: 'uppercase', letterSpacing: 'wide' })

/** A button that opens a list; `onSelect` gets the chosen item's value. `compact`: a bare ⋯-style trigger for rows. */
export function Menu({
  label,
  triggerLabel,
  children,
  onSelect,
  compact = false,
}: {
  label: string
  triggerLabel: ReactNode
  children: ReactNode
  onSelect: (value: string) => void
  compact?: boolean
}) {
  return (
    <ArkMenu.Root positioning={{ placement: compact ? 'bottom-end' : 'bottom-start' }}>
      {/* A trigger that shows text is named by it, the label read before it: a name that left out
          the visible text would not answer to what a voice-control user says (WCAG 2.5.3). */}
      <ArkMenu.Trigger
        aria-label={compact ? label : undefined}
        className={compact ? compactTriggerClass : button({ variant: 'ghost', size: 'sm' })}
      >
        {compact || (typeof triggerLabel === 'string' && triggerLabel.startsWith(label)) ? null : (
          <span className={css({ srOnly: true })}>{`${label}: `}</span>
        )}
        {triggerLabel}
        {compact ? null : (
          <span aria-hidden className={css({ color: 'fg.subtle', fontSize: 'xs' })}>
            ▾
          </span>
        )}
      </ArkMenu.Trigger>
      <Portal>
        <ArkMenu.Positioner>
          <ArkMenu.Content className={menuContentClass}>
            <MenuChoice value={onSelect}>{children}</MenuChoice>
          </ArkMenu.Content>
        </ArkMenu.Positioner>
      </Portal>
    </ArkMenu.Root>
  )
}

const ItemChosen = createContext<((value: string) => void) | null>(null)

/** Where the `MenuItem`s inside report the chosen value: `Menu` sets it; a menu built on Ark by hand wraps its content in it. */
export const MenuChoice = ItemChosen.Provider

/**
 * A menu item chosen by its own click: a pointer's, or Enter's (the menu clicks the highlighted
 * item). Ark's `onSelect` reports the *highlighted* item instead, and a pointerleave between press
 * and click (the menu moved under a busy page) clears it: the menu closed with nothing chosen.
 * Styled as every menu's item; a `className` adds to that.
 */
export function MenuItem({ onClick, className, ...props }: ArkMenu.ItemProps) {
  const chosen = useContext(ItemChosen)
  return (
    <ArkMenu.Item
      {...props}
      className={cx(menuItemClass, className)}
      onClick={(event) => {
        onClick?.(event)
        if (!props.disabled) chosen?.(props.value)
      }}
    />
  )
}
export const MenuItemGroup = ArkMenu.ItemGroup

/** A group's heading inside a menu, styled as every menu's (more classes may be added). */
export function MenuItemGroupLabel({ className, ...props }: ArkMenu.ItemGroupLabelProps) {
  return <ArkMenu.ItemGroupLabel {...props} className={cx(menuGroupLabelClass, className)} />
}
export const MenuSeparator = ArkMenu.Separator
