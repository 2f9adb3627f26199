import { Menu as ArkMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Link, useLocation } from 'wouter'
import { MenuChoice, MenuItem, MenuItemGroupLabel, menuContentClass } from '../../ui/menu'
import { Tooltip } from '../../ui/tooltip'
import { projectSubpath, type DestinationContext, type RailEntry } from './destinations'
import { setRailExpanded, useRailExpanded } from './rail-preference'
import { useProjectDestinations } from './use-project-destinations'

const railLinkClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  h: '9',
  px: '2.5',
  borderRadius: 'md',
  color: 'fg.muted',
  fontSize: 'sm',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '-2px' },
  '&[aria-current=page]': { bg: 'bg.muted', color: 'fg.default', fontWeight: 'medium' },
})

/**
 * The project's product navigation (a left rail): icons, with labels on hover; expanded, labels
 * beside them (remembered). On narrow screens it is hidden and `ProjectMenuButton` stands in for it.
 */
export function ProjectRail({ projectRef }: { projectRef: string }) {
  const expanded = useRailExpanded()
  const [location] = useLocation()
  const { entries, context } = useProjectDestinations(projectRef)
  const subpath = projectSubpath(location, projectRef)
  const Toggle = expanded ? PanelLeftClose : PanelLeftOpen
  return (
    <nav
      aria-label="Project"
      data-expanded={expanded}
      className={css({
        display: { base: 'none', md: 'flex' },
        flexDir: 'column',
        gap: '1',
        flexShrink: 0,
        w: expanded ? '52' : '12',
        p: '1.5',
        borderRightWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.surface',
        overflowY: 'auto',
        overflowX: 'hidden',
        transition: 'width 120ms ease-out',
      })}
    >
      <ul className={css({ display: 'flex', flexDir: 'column', gap: '0.5', listStyle: 'none' })}>
        {entries.map((entry, index) => (
          <li key={entry.id}>
            {index > 0 && entry.section !== entries[index - 1]!.section ? (
              <hr aria-hidden className={css({ my: '1.5', borderColor: 'border.default' })} />
            ) : null}
            <RailLink entry={entry} projectRef={projectRef} context={context} current={subpath !== null && entry.owns(subpath)} expanded={expanded} />
          </li>
        ))}
      </ul>
      <span className={css({ flex: '1' })} />
      <button
        type="button"
        onClick={() => setRailExpanded(!expanded)}
        aria-expanded={expanded}
        aria-label={expanded ? 'Collapse navigation' : 'Expand navigation'}
        className={cx(railLinkClass, css({ bg: 'transparent', cursor: 'pointer' }))}
      >
        <Toggle aria-hidden size={18} className={css({ flexShrink: 0 })} />
        {expanded ? <span>Collapse</span> : null}
      </button>
    </nav>
  )
}

function RailLink({
  entry,
  projectRef,
  context,
  current,
  expanded,
}: {
  entry: RailEntry
  projectRef: string
  context: DestinationContext
  current: boolean
  expanded: boolean
}) {
  const Icon = entry.icon
  const link = (
    <Link href={entry.path(projectRef, context)} aria-current={current ? 'page' : undefined} className={railLinkClass} data-rail-item={entry.id}>
      <Icon aria-hidden size={18} className={css({ flexShrink: 0 })} />
      {/* Collapsed, the label is the link's name still, and shows on hover. */}
      <span className={expanded ? undefined : css({ srOnly: true })}>{entry.label}</span>
    </Link>
  )
  return expanded ? link : <Tooltip content={entry.label}>{link}</Tooltip>
}

/** The rail on a narrow screen: one button opening the same destinations as a menu. */
export function ProjectMenuButton({ projectRef }: { projectRef: string }) {
  const [location, navigate] = useLocation()
  const { groups, entries, context } = useProjectDestinations(projectRef)
  const subpath = projectSubpath(location, projectRef)
  return (
    <ArkMenu.Root positioning={{ placement: 'bottom-start' }}>
      <ArkMenu.Trigger aria-label="Project menu" className={button({ variant: 'ghost', size: 'sm' })}>
        <MenuIcon aria-hidden size={16} />
        Menu
      </ArkMenu.Trigger>
      <Portal>
        <ArkMenu.Positioner>
          <ArkMenu.Content className={menuContentClass}>
            <MenuChoice value={navigate}>
              {groups.map((group) => (
                <ArkMenu.ItemGroup key={group.area.id}>
                  <MenuItemGroupLabel>{group.area.label}</MenuItemGroupLabel>
                  {group.destinations.map((destination) => {
                    const Icon = destination.icon
                    const current = subpath !== null && destination.owns(subpath)
                    return (
                      <MenuItem
                        key={destination.id}
                        value={destination.path(projectRef, context)}
                       
                        data-state={current ? 'checked' : undefined}
                      >
                        <span className={css({ display: 'flex', alignItems: 'center', gap: '2.5' })}>
                          <Icon aria-hidden size={16} />
                          {destination.label}
                        </span>
                      </MenuItem>
                    )
                  })}
                </ArkMenu.ItemGroup>
              ))}
              {entries.length === 0 ? <p className={css({ p: '2', color: 'fg.muted', fontSize: 'sm' })}>Nothing to open here.</p> : null}
            </MenuChoice>
          </ArkMenu.Content>
        </ArkMenu.Positioner>
      </Portal>
    </ArkMenu.Root>
  )
}
