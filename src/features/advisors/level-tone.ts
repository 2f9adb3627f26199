import type { LintLevel } from '../../constants'
import type { BadgeTone } from '../../ui/badge'

/** How each level of finding is coloured wherever it is counted. */
export const LEVEL_TONE: Record<LintLevel, BadgeTone> = { ERROR: 'danger', WARN: 'warning', INFO: 'info' }
