import { useId, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

const sectionClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '200px 1fr' },
  gap: { base: '2', md: '6' },
  py: '5',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  _first: { borderTopWidth: '0' },
})

/** One part of a long creation form (new organization, new project): its title and why on the left. */
export function FormSection({ title, titleId, description, children }: { title: string; titleId?: string; description: string; children: ReactNode }) {
  return (
    <div className={sectionClass}>
      <div>
        <h2 id={titleId} className={css({ fontWeight: 'medium' })}>
          {title}
        </h2>
        <p className={css({ color: 'fg.subtle', fontSize: 'xs' })}>{description}</p>
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })}>{children}</div>
    </div>
  )
}

/**
 * A radio choice drawn as a card (a plan, a compute size, a wrapper's service, a policy's template): the card
 * shows the checked state and focus. A row of small ones adds its own with `css(choiceCardStyle, { … })`.
 */
export const choiceCardStyle = css.raw({
  display: 'flex',
  flexDir: 'column',
  gap: '1',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid token(colors.accent.default)' },
})
export const choiceCardClass = css(choiceCardStyle)

/** A small pressed/unpressed choice in a row of them (a connection method, a log level, a schedule): `aria-pressed` shows which. */
export const pillToggleClass = css({
  h: '7',
  px: '3',
  fontSize: 'xs',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'full',
  bg: 'bg.surface',
  color: 'fg.muted',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  '&[aria-pressed=true]': { bg: 'accent.subtle', borderColor: 'accent.default', color: 'fg.default', fontWeight: 'medium' },
  _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '1px' },
  _disabled: { opacity: '0.6', cursor: 'not-allowed' },
})

/** A section of a settings page (a project's, an organization's): a bordered panel on the page. */
export const settingsPanelClass = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', px: '4' })

/**
 * A settings page's panel of one setting: a region named by its visible title (a screen reader lists and jumps
 * between them), the title and why on the left, the setting on the right; `danger` for one that destroys.
 */
export function SettingsSection({ title, description, danger = false, children }: { title: string; description: string; danger?: boolean; children: ReactNode }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className={cx(settingsPanelClass, danger && css({ borderColor: 'danger.default' }))}>
      <FormSection title={title} titleId={titleId} description={description}>
        {children}
      </FormSection>
    </section>
  )
}
