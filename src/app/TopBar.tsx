import { useInfiniteQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { organizationProjectsQuery } from '../api/queries/organizations'
import { getSession } from '../api/session'
import { FEATURE_PREVIEWS, THEMES, type ThemePreference } from '../constants'
import { Button } from '../ui/button'
import { Menu, MenuItem, MenuItemGroup, MenuItemGroupLabel, MenuSeparator } from '../ui/menu'
import { AssistantToggle } from '../features/assistant/AssistantToggle'
import { ProviderAccountSummary } from '../features/code-hosting/ProviderAccountSummary'
import { useFeaturePreviewParam } from '../features/previews/use-previews'
import { useFeatureEnabled } from '../features/permissions/use-feature'
import { useMfaGate } from '../features/organizations'
import { settings } from '../lib/settings'
import { useCurrentPlace, type CurrentPlace } from './current-place'
import { HOME_PATH } from '../lib/home-path'
import { setThemePreference, THEME_LABELS, useThemePreference } from './theme'

/** Names in the bar give way on a narrow screen rather than push the bar wider than it. */
const truncatedClass = css({
  display: 'inline-block',
  maxW: { base: '20', sm: '40', lg: '56' },
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
})

/** Opening the previews from a menu shows the first one (the modal falls back to the first listed when this one is hidden). */
const FEATURE_PREVIEWS_ENTRY = FEATURE_PREVIEWS[0].key

export function TopBar() {
  const [, navigate] = useLocation()
  const { organizations, organization, project } = useCurrentPlace()
  const theme = useThemePreference()
  const themeSwitch = useFeatureEnabled('theme:switch')
  const email = getSession()?.user.email
  const previews = useFeaturePreviewParam()

  return (
    <header
      className={css({
        h: '12',
        px: { base: '2', sm: '4' },
        display: 'flex',
        alignItems: 'center',
        gap: '1',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.surface',
        position: 'sticky',
        top: 0,
        zIndex: 'sticky',
      })}
    >
      <Link href={HOME_PATH} className={css({ fontWeight: 'bold', textDecoration: 'none', mr: '2', display: 'flex', alignItems: 'center', gap: '2' })}>
        <span aria-hidden className={css({ w: '5', h: '5', borderRadius: 'sm', bg: 'accent.default' })} />
        <span className={css({ srOnly: { base: true, sm: false } })}>{settings.customContent['app:title']}</span>
      </Link>
      {settings.isPlatform ? (
        <PlaceSwitchers organizations={organizations} organization={organization} project={project} />
      ) : project ? (
        <>
          <span aria-hidden className={css({ color: 'fg.subtle' })}>
            /
          </span>
          <span className={cx(truncatedClass, css({ px: '2', fontWeight: 'medium' }))}>{project.name}</span>
        </>
      ) : null}
      <div className={css({ flex: '1' })} />
      {project ? <AssistantToggle projectRef={project.ref} /> : null}
      {themeSwitch ? (
        <div className={css({ display: { base: 'none', md: 'block' } })}>
          <Menu label="Theme" triggerLabel={`Theme: ${THEME_LABELS[theme]}`} onSelect={(value) => setThemePreference(value as ThemePreference)}>
            {THEMES.map((value) => (
              <MenuItem key={value} value={value} data-state={value === theme ? 'checked' : undefined}>
                {THEME_LABELS[value]}
                {value === theme ? <span aria-hidden>✓</span> : null}
              </MenuItem>
            ))}
          </Menu>
        </div>
      ) : null}
      {settings.isPlatform ? null : (
        <Button variant="ghost" size="sm" onClick={() => previews.show(FEATURE_PREVIEWS_ENTRY)}>
          Feature previews
        </Button>
      )}
      {settings.isPlatform ? (
        <Menu
          label="Account"
          triggerLabel={<span className={truncatedClass}>{email ?? 'Account'}</span>}
          onSelect={(value) => (value === 'sign-out' ? navigate('/logout') : value === 'feature-previews' ? previews.show(FEATURE_PREVIEWS_ENTRY) : value.startsWith('/account/') && navigate(value))}
        >
          <MenuItemGroup>
            <MenuItemGroupLabel>{email}</MenuItemGroupLabel>
            <ProviderAccountSummary />
          </MenuItemGroup>
          <MenuSeparator className={css({ my: '1', borderTopWidth: '1px', borderColor: 'border.default' })} />
          <MenuItem value="/account/me">Account settings</MenuItem>
          <MenuItem value="/account/tokens">Access tokens</MenuItem>
          <MenuItem value="/account/security">Security</MenuItem>
          <MenuItem value="feature-previews">Feature previews</MenuItem>
          <MenuItem value="sign-out">Sign out</MenuItem>
        </Menu>
      ) : null}
    </header>
  )
}

/** The organization and project menus of the hosted platform. */
function PlaceSwitchers({ organizations, organization, project }: CurrentPlace) {
  const [, navigate] = useLocation()
  // An organization that requires MFA lists its projects only to a member with it.
  const mfaOpen = useMfaGate(organization) === 'open'
  const projects = useInfiniteQuery({ ...organizationProjectsQuery(organization?.slug), enabled: Boolean(organization) && mfaOpen })
  return (
    <>
      <PlaceMenu label="Switch organization" heading="Organizations" current={organization?.name ?? 'Select organization'} onSelect={(slug) => navigate(`/org/${slug}`)}>
        {organizations.map((org) => (
          <MenuItem key={org.slug} value={org.slug} data-state={org.slug === organization?.slug ? 'checked' : undefined}>
            {org.name}
            <span className={css({ color: 'fg.subtle', fontSize: 'xs' })}>{org.plan.name}</span>
          </MenuItem>
        ))}
      </PlaceMenu>
      {organization ? (
        <PlaceMenu label="Switch project" heading="Projects" current={project?.name ?? 'Select project'} onSelect={(ref) => navigate(`/project/${ref}`)}>
          {(projects.data?.pages.flatMap((page) => page.projects) ?? []).map((p) => (
            <MenuItem key={p.ref} value={p.ref} data-state={p.ref === project?.ref ? 'checked' : undefined}>
              {p.name}
            </MenuItem>
          ))}
        </PlaceMenu>
      ) : null}
    </>
  )
}

/** One step of the place breadcrumb: a separator, then a menu of the places of one kind, its trigger naming the current one. */
function PlaceMenu({ label, heading, current, onSelect, children }: { label: string; heading: string; current: string; onSelect: (value: string) => void; children: ReactNode }) {
  return (
    <>
      <span aria-hidden className={css({ color: 'fg.subtle' })}>
        /
      </span>
      <Menu label={label} triggerLabel={<span className={truncatedClass}>{current}</span>} onSelect={onSelect}>
        <MenuItemGroup>
          <MenuItemGroupLabel>{heading}</MenuItemGroupLabel>
          {children}
        </MenuItemGroup>
      </Menu>
    </>
  )
}
