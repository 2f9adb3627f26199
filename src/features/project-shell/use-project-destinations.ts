import { useMemo } from 'react'
import { can } from '../../lib/permissions'
import { settings } from '../../lib/settings'
import { useFeatureCheck, usePermissions } from '../permissions'
import { usePreviewCheck } from '../previews'
import { readProjectHistory, useDashboardHistoryVersion } from '../projects'
import { railEntries, visibleDestinationGroups, type DestinationContext, type VisibilityRules } from './destinations'
import { useProjectOrganization } from './project-status'

/** The project's destinations this user sees here, by area, with what their paths need (history, previews). */
export function useProjectDestinations(ref: string | undefined) {
  const featureEnabled = useFeatureCheck()
  const previewOn = usePreviewCheck()
  const permissions = usePermissions()
  const organizationSlug = useProjectOrganization(ref)?.slug
  const groups = useMemo(() => {
    const rules: VisibilityRules = {
      isPlatform: settings.isPlatform,
      featureEnabled,
      previewOn,
      allowed: ({ action, resource }) => {
        if (!settings.isPlatform) return true
        if (!permissions.data || !organizationSlug) return undefined
        return can(permissions.data, action, resource, { organizationSlug, projectRef: ref })
      },
    }
    return visibleDestinationGroups(rules)
  }, [featureEnabled, previewOn, permissions.data, organizationSlug, ref])
  const entries = useMemo(() => railEntries(groups), [groups])
  // Read again at every visit: opening a table or a snippet changes where the editors' entries lead.
  const historyVersion = useDashboardHistoryVersion()
  const context = useMemo<DestinationContext>(() => ({ history: ref ? readProjectHistory(ref) : {}, previewOn }), [ref, previewOn, historyVersion]) // eslint-disable-line react-hooks/exhaustive-deps -- the version says when the stored history changed
  return useMemo(() => ({ groups, entries, context }), [groups, entries, context])
}
