import { useParams } from 'wouter'
import { AdvisorScreen } from './AdvisorScreen'

/** The four advisor routes of SPEC §2: security and performance, each with its rules variant (the advisor rules preview picks which one the rail opens). */
export function SecurityAdvisorPage() {
  const { ref } = useParams<{ ref: string }>()
  return <AdvisorScreen key="security" projectRef={ref} category="SECURITY" rulesVariant={false} />
}

export function SecurityRulesPage() {
  const { ref } = useParams<{ ref: string }>()
  return <AdvisorScreen key="security-rules" projectRef={ref} category="SECURITY" rulesVariant />
}

export function PerformanceAdvisorPage() {
  const { ref } = useParams<{ ref: string }>()
  return <AdvisorScreen key="performance" projectRef={ref} category="PERFORMANCE" rulesVariant={false} />
}

export function PerformanceRulesPage() {
  const { ref } = useParams<{ ref: string }>()
  return <AdvisorScreen key="performance-rules" projectRef={ref} category="PERFORMANCE" rulesVariant />
}
