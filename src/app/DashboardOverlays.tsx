import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { organizationProjectsQuery } from '../api/queries/organizations'
import { FEATURE_PREVIEWS, SELF_HOSTED, THEMES, type ThemePreference } from '../constants'
import { CommandMenu } from '../features/command-menu/CommandMenu'
import { useFeatureEnabled } from '../features/permissions/use-feature'
import { FeaturePreviewModal } from '../features/previews/FeaturePreviewModal'
import { useFeaturePreviewParam } from '../features/previews/use-previews'
import type { Command, CommandSection } from '../lib/command-search'
import { settings } from '../lib/settings'
import { openPrivacySettings } from './consent'
import { openInspectorWindow } from './inspector-link'
import { useCurrentPlace, type CurrentPlace } from './current-place'
import { useProjectDestinations } from '../features/project-shell'
import { useMfaGate } from '../features/organizations'
import { setThemePreference, THEME_LABELS } from './theme'

/** The dashboard's own command-menu sections (SPEC §2): navigation, switching, theme, previews, sign out. */
function useDashboardCommandSections({ organizations, organization, project }: CurrentPlace): CommandSection[] {
  const [, navigate] = useLocation()
  const mfaOpen = useMfaGate(organization) === 'open'
  const projects = useInfiniteQuery({ ...organizationProjectsQuery(organization?.slug), enabled: settings.isPlatform && Boolean(organization) && mfaOpen })
  const themeSwitch = useFeatureEnabled('theme:switch')
  // Only what changes the sections is a dependency: the memo holds while the user types in the menu.
  const { show: showPreview } = useFeaturePreviewParam()
  const projectList = useMemo(() => projects.data?.pages.flatMap((page) => page.projects), [projects.data])
  const ref = project?.ref ?? (settings.isPlatform ? undefined : SELF_HOSTED.projectRef)
  // The project's screens come from the same list as the rail (permissions, flags, the last table and snippet).
  const destinations = useProjectDestinations(ref)

  return useMemo(() => {
    // Named, not addressed: a person reads 'Billing', not /org/acme-corp/billing.
    const go = (id: string, name: string, path: string, keywords?: string[]): Command => ({ id, name, keywords, run: () => navigate(path) })
    const navigation: Command[] = []
    if (settings.isPlatform) navigation.push(go('go-organizations', 'All organizations', '/organizations', ['home', 'orgs']))
    if (organization && settings.isPlatform) {
      navigation.push(go('go-organization', `${organization.name}: projects`, `/org/${organization.slug}`, ['organization', 'home']))
      navigation.push(go('go-new-project', `New project in ${organization.name}`, `/new/${organization.slug}`, ['create', 'add']))
      navigation.push(go('go-billing', 'Billing', `/org/${organization.slug}/billing`, ['plan', 'usage', 'invoices', 'subscription', organization.name]))
      navigation.push(go('go-team', 'Team', `/org/${organization.slug}/team`, ['members', 'invite', 'roles', 'people', 'leave', organization.name]))
      navigation.push(go('go-organization-settings', 'Organization settings', `/org/${organization.slug}/general`, ['rename', 'delete', 'organization', 'settings', organization.name]))
      navigation.push(go('go-audit', 'Audit log', `/org/${organization.slug}/audit`, ['audit', 'history', 'activity', 'who', 'log', organization.name]))
    }
    if (ref) {
      for (const { destinations: list } of destinations.groups) {
        // Its area too: 'settings' finds Vault and the storage settings.
        for (const d of list) navigation.push(go(`go-${d.id}`, d.label, d.path(ref, destinations.context), [...d.keywords, d.area]))
      }
    }
    if (settings.isPlatform) {
      navigation.push(go('go-account', 'Account settings', '/account/me', ['profile', 'username', 'name', 'account']))
      navigation.push(go('go-access-tokens', 'Access tokens', '/account/tokens', ['token', 'api', 'cli', 'personal', 'pat', 'sbp']))
      navigation.push(go('go-account-security', 'Two-factor authentication', '/account/security', ['security', 'mfa', '2fa', 'totp', 'authenticator', 'factor']))
    }
    navigation.push(go('go-support', 'Contact support', '/support/new', ['help', 'ticket', 'bug']))

    const sections: CommandSection[] = [{ id: 'navigate', name: 'Navigate', commands: navigation }]
    if (settings.isPlatform) {
      sections.push({
        id: 'projects',
        name: 'Switch project',
        commands: (projectList ?? []).map((p) => go(`project-${p.ref}`, p.name, `/project/${p.ref}`, ['project', p.ref])),
        meta: { organization: organization?.slug ?? null },
      })
      sections.push({
        id: 'organizations',
        name: 'Switch organization',
        commands: organizations.map((o) => go(`organization-${o.slug}`, o.name, `/org/${o.slug}`, ['organization', o.slug])),
      })
    }
    if (themeSwitch) {
      sections.push({
        id: 'theme',
        name: 'Theme',
        commands: THEMES.map((theme: ThemePreference) => ({
          id: `theme-${theme}`,
          name: `Use the ${THEME_LABELS[theme].toLowerCase()} theme`,
          keywords: ['theme', 'appearance', 'mode'],
          run: () => setThemePreference(theme),
        })),
      })
    }
    const preferences: Command[] = [
      { id: 'feature-previews', name: 'Feature previews', keywords: ['preview', 'beta', 'flags'], run: () => showPreview(FEATURE_PREVIEWS[0].key) },
      { id: 'privacy-settings', name: 'Privacy settings', keywords: ['cookies', 'consent', 'telemetry'], run: openPrivacySettings },
    ]
    if (settings.inspector.enabled) {
      preferences.push({
        id: 'machine-inspector',
        name: 'Open machine inspector',
        keywords: ['statechart', 'xstate', 'debug', 'qa', 'record', 'replay'],
        run: openInspectorWindow,
      })
    }
    if (settings.isPlatform) preferences.push({ id: 'sign-out', name: 'Sign out', keywords: ['log out', 'logout'], run: () => navigate('/logout') })
    sections.push({ id: 'preferences', name: 'Preferences', commands: preferences })
    return sections
  }, [navigate, organization, organizations, showPreview, ref, destinations, projectList, themeSwitch])
}

/** What floats over every signed-in screen: the feature previews modal and the command menu (⌘/Ctrl + VITE_COMMAND_MENU_KEY, default k). */
export function DashboardOverlays() {
  const place = useCurrentPlace()
  const sections = useDashboardCommandSections(place)
  const { project, organization } = place
  const projectRef = project?.ref ?? (settings.isPlatform ? undefined : SELF_HOSTED.projectRef)
  return (
    <>
      <FeaturePreviewModal projectRef={project?.ref} organizationSlug={organization?.slug} cloudProvider={project?.cloud_provider ?? null} />
      <CommandMenu sections={sections} shortcutKey={settings.commandMenuKey} projectRef={projectRef} />
    </>
  )
}
