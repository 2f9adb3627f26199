import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { LOGS_UI_MESSAGE, PLAN_NAMES, type PlanId } from '../../../constants'

/** SPEC §5: the new Logs interface is for the Team plan and above; a lower plan is told why, with the way to upgrade. */
export function UnifiedPlanNotice({ plan, organizationSlug }: { plan: PlanId; organizationSlug: string }) {
  return (
    <section
      role="note"
      aria-label={LOGS_UI_MESSAGE.unifiedPlan}
      className={css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap', px: '4', py: '3', bg: 'info.subtle', borderBottomWidth: '1px', borderColor: 'info.default', fontSize: 'sm', flexShrink: '0' })}
    >
      <div className={css({ flex: '1', minW: '64' })}>
        <strong>{LOGS_UI_MESSAGE.unifiedPlan}</strong>
        <p className={css({ color: 'fg.muted' })}>{LOGS_UI_MESSAGE.unifiedPlanHint(PLAN_NAMES[plan])} Meanwhile, the logs explorer below reads one source at a time.</p>
      </div>
      <Link href={`/org/${encodeURIComponent(organizationSlug)}/billing`} className={css({ color: 'accent.default', fontWeight: 'medium', textDecoration: 'underline' })}>
        {LOGS_UI_MESSAGE.upgrade}
      </Link>
    </section>
  )
}
