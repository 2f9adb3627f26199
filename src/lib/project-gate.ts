import { PROJECT_GATE_KIND, PROJECT_GATE_MESSAGE, TRANSITIONAL_PROJECT_STATUSES, type ProjectStatus } from '../constants'

/** What the project-state gate shows in front of a screen that needs the database. */
export type ProjectGateDecision =
  | { kind: 'open' }
  | {
      kind: 'paused' | 'waiting' | 'unavailable'
      status: ProjectStatus
      title: string
      message: string
      /** The status will change by itself: the gate polls and opens the screen when it can. */
      polls: boolean
      /** The database may still answer (unhealthy): the user may open the screen anyway. */
      canContinue: boolean
      /** The project home's Restore applies. */
      canRestore: boolean
      /** A support request with the project ref prefilled is the way forward. */
      offersSupport: boolean
    }

export interface ProjectGateInput {
  status: ProjectStatus
  connectionString: string | null | undefined
}

const hasConnection = (connection: string | null | undefined) => typeof connection === 'string' && connection.trim() !== ''

/** The gate's decision for a project: the one place that decides whether a screen may query its database. */
export function projectGateDecision({ status, connectionString }: ProjectGateInput): ProjectGateDecision {
  const kind = PROJECT_GATE_KIND[status]
  if (kind === 'open') {
    // Healthy but without its encrypted connection yet: the detail is polled until it has one (SPEC §4).
    if (hasConnection(connectionString)) return { kind: 'open' }
    return { kind: 'waiting', status, ...PROJECT_GATE_MESSAGE.COMING_UP, polls: true, canContinue: false, canRestore: false, offersSupport: false }
  }
  return {
    kind,
    status,
    ...PROJECT_GATE_MESSAGE[status as Exclude<ProjectStatus, 'ACTIVE_HEALTHY'>],
    polls: TRANSITIONAL_PROJECT_STATUSES.includes(status),
    canContinue: status === 'ACTIVE_UNHEALTHY' && hasConnection(connectionString),
    canRestore: status === 'INACTIVE',
    offersSupport: kind === 'unavailable',
  }
}

/** Whether the project's database may be queried right now (the assistant's Run): open, or unhealthy but connected. */
export function isDatabaseReachable(input: ProjectGateInput): boolean {
  return databaseBlockedReason(input) === null
}

/** Why the project's database may not be queried right now (the gate's title), or null when it may. */
export function databaseBlockedReason(input: ProjectGateInput): string | null {
  const decision = projectGateDecision(input)
  return decision.kind === 'open' || decision.canContinue ? null : decision.title
}

/** Whether a project's database runs (ACTIVE_HEALTHY or ACTIVE_UNHEALTHY): a paused, failed or transitioning one has none. */
export function isActiveProjectStatus(status: string): boolean {
  return status.startsWith('ACTIVE_')
}
