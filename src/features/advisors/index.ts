// The advisors' public surface: the project home's count of their issues. (The screens are routes.)
export { AdvisorSummary } from './AdvisorSummary'
