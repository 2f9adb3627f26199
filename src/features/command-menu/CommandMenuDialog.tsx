import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { modal } from 'styled-system/recipes'
import { css, cx } from 'styled-system/css'
import { filterSections, type Command, type CommandSection } from '../../lib/command-search'
import { commandMenuActor } from './command-menu-actor'
import { useProjectSearchSections } from './project-search'

const optionId = (command: Command) => `command-${command.id.replace(/[^a-zA-Z0-9_-]/g, '_')}`

/**
 * The command menu's window: a search box over the sections, fully keyboard driven (↑ ↓ Home End
 * move, Enter runs, Escape closes). A command that navigates closes the menu when the route
 * change completes; one that stays on the page closes it at once.
 */
export default function CommandMenuDialog({ sections, projectRef }: { sections: readonly CommandSection[]; projectRef?: string }) {
  const query = useSelector(commandMenuActor(), (s) => s.context.query)
  const projectSections = useProjectSearchSections(projectRef)
  const visible = useMemo(() => filterSections([...sections, ...projectSections], query), [sections, projectSections, query])
  const commands = useMemo(() => visible.flatMap((section) => section.commands), [visible])
  const [active, setActive] = useState(0)
  const listRef = useRef<HTMLDivElement>(null)
  const current = commands[Math.min(active, commands.length - 1)]

  useEffect(() => setActive(0), [query])
  useEffect(() => {
    if (current) listRef.current?.querySelector(`#${optionId(current)}`)?.scrollIntoView({ block: 'nearest' })
  }, [current])

  function runCommand(command: Command) {
    const before = globalThis.location.pathname
    command.run()
    // A route change closes the menu when it completes; anything else (a new query string included) closes it now.
    if (globalThis.location.pathname === before) commandMenuActor().send({ type: 'menu.close' })
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = commands.length - 1
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active >= last ? 0 : active + 1),
      ArrowUp: () => (active <= 0 ? last : active - 1),
      Home: () => 0,
      End: () => last,
    }
    const move = moves[event.key]
    if (move && commands.length > 0) {
      event.preventDefault()
      setActive(move())
    } else if (event.key === 'Escape') {
      // Handled here too: a screen's own Escape handling (the code editor's) must not keep the menu open.
      event.preventDefault()
      commandMenuActor().send({ type: 'menu.close' })
    } else if (event.key === 'Enter' && current) {
      event.preventDefault()
      runCommand(current)
    }
  }

  return (
    <Portal>
      <Dialog.Backdrop className={css({ position: 'fixed', inset: '0', bg: 'black/40', zIndex: 'overlay' })} />
      <Dialog.Positioner
        className={css({ position: 'fixed', inset: '0', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', pt: '15vh', zIndex: 'modal' })}
      >
        <Dialog.Content
          aria-label="Command menu"
          className={cx(
            modal({ size: 'large' }),
            css({ bg: 'bg.surface', borderRadius: 'lg', boxShadow: 'lg', overflow: 'hidden', borderWidth: '1px', borderColor: 'border.default' }),
          )}
        >
          <Dialog.Title className={css({ srOnly: true })}>Command menu</Dialog.Title>
          <input
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the menu opens to be typed in: its combobox takes focus (WAI-ARIA dialog pattern)
            autoFocus
            role="combobox"
            aria-expanded="true"
            aria-controls="command-menu-list"
            aria-activedescendant={current ? optionId(current) : undefined}
            aria-label="Search commands"
            placeholder="Type a command or search…"
            value={query}
            onChange={(event) => commandMenuActor().send({ type: 'query.change', query: event.target.value })}
            onKeyDown={onKeyDown}
            className={css({
              w: 'full',
              px: '4',
              py: '3.5',
              fontSize: 'md',
              bg: 'transparent',
              borderBottomWidth: '1px',
              borderColor: 'border.default',
              outline: 'none',
            })}
          />
          {/* SPEC §9: a listbox's options scroll past 15 rem (the `listbox` size). */}
          <div id="command-menu-list" role="listbox" aria-label="Commands" ref={listRef} className={css({ maxH: 'listbox', overflowY: 'auto', p: '1.5' })}>
            {commands.length === 0 ? (
              <p className={css({ px: '3', py: '6', textAlign: 'center', color: 'fg.muted', fontSize: 'sm' })}>No results found.</p>
            ) : null}
            {visible.map((section) => (
              <div key={section.id} role="group" aria-label={section.name} className={css({ pb: '1' })}>
                <div
                  aria-hidden
                  className={css({ px: '2.5', pt: '2', pb: '1', fontSize: 'xs', color: 'fg.subtle', textTransform: 'uppercase', letterSpacing: 'wide' })}
                >
                  {section.name}
                </div>
                {section.commands.map((command) => {
                  const selected = command === current
                  return (
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- focus stays in the combobox, which moves through the options by aria-activedescendant and runs one with Enter (WAI-ARIA combobox pattern)
                    <div
                      key={command.id}
                      id={optionId(command)}
                      role="option"
                      aria-selected={selected}
                      onMouseMove={() => !selected && setActive(commands.indexOf(command))}
                      onClick={() => runCommand(command)}
                      className={cx(
                        css({ display: 'flex', alignItems: 'center', gap: '3', px: '2.5', py: '2', borderRadius: 'md', fontSize: 'sm', cursor: 'pointer' }),
                        selected && css({ bg: 'bg.subtle' }),
                      )}
                    >
                      <span className={css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{command.name}</span>
                      {command.hint ? <span className={css({ color: 'fg.subtle', fontSize: 'xs', flexShrink: 0 })}>{command.hint}</span> : null}
                    </div>
                  )
                })}
              </div>
            ))}
          </div>
          <div
            className={css({
              px: '4',
              py: '2',
              borderTopWidth: '1px',
              borderColor: 'border.default',
              fontSize: 'xs',
              color: 'fg.subtle',
              display: 'flex',
              gap: '4',
            })}
          >
            <span>↑ ↓ to move</span>
            <span>Enter to run</span>
            <span>Esc to close</span>
          </div>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  )
}
