import { css } from 'styled-system/css'
import { useParams } from 'wouter'
import { PREVIEW, UNIFIED_LOGS_PLANS } from '../../constants'
import { LoadingState } from '../../ui/states'
import { usePreviewCheck } from '../previews'
import { useProjectOrganization } from '../project-shell'
import { LogsExplorer } from './LogsExplorer'
import { UnifiedLogs } from './unified/UnifiedLogs'
import { UnifiedPlanNotice } from './unified/UnifiedPlanNotice'

/**
 * /project/{ref}/logs (SPEC §2): the logs explorer, or with the unified logs preview on, the new
 * Logs interface — on the Team plan and above (SPEC §5); a lower plan is told why above the
 * explorer. The logs come from the platform's log store, not the project's database: no
 * project-state gate.
 */
export default function LogsPage() {
  const { ref } = useParams<{ ref: string }>()
  return <LogsScreen key={ref} projectRef={ref} />
}

export function LogsScreen({ projectRef }: { projectRef: string }) {
  const previewOn = usePreviewCheck()
  const organization = useProjectOrganization(projectRef)
  if (!previewOn(PREVIEW.unifiedLogs)) return <LogsExplorer projectRef={projectRef} />
  if (!organization) return <LoadingState label="Reading the organization's plan…" />
  if (!(UNIFIED_LOGS_PLANS as readonly string[]).includes(organization.plan.id)) {
    return (
      <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>
        <UnifiedPlanNotice plan={organization.plan.id} organizationSlug={organization.slug} />
        <LogsExplorer projectRef={projectRef} />
      </div>
    )
  }
  return <UnifiedLogs projectRef={projectRef} organizationSlug={organization.slug} />
}
