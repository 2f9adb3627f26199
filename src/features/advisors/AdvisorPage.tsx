import { useParams } from 'wouter'
import type { LintCategory } from '../../constants'
import { AdvisorScreen } from './AdvisorScreen'

function advisorPage(category: LintCategory, rulesVariant: boolean) {
  return function AdvisorPage() {
    const { ref } = useParams<{ ref: string }>()
    return <AdvisorScreen projectRef={ref} category={category} rulesVariant={rulesVariant} />
  }
}

/** The four advisor routes of SPEC §2: security and performance, each with its rules variant (the advisor rules preview picks which one the rail opens). */
export const SecurityAdvisorPage = advisorPage('SECURITY', false)
export const SecurityRulesPage = advisorPage('SECURITY', true)
export const PerformanceAdvisorPage = advisorPage('PERFORMANCE', false)
export const PerformanceRulesPage = advisorPage('PERFORMANCE', true)
