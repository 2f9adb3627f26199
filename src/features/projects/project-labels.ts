import { CLOUD_PROVIDERS, REGIONS, type ProjectStatus } from '../../constants'
import type { BadgeTone } from '../../ui/badge'

export function cloudProviderLabel(id: string): string {
  return CLOUD_PROVIDERS.find((p) => p.id === id)?.label ?? id
}

export function regionLabel(code: string): string {
  return REGIONS.find((r) => r.code === code)?.name ?? code
}

/** A readable label and tone for each of the 15 statuses of SPEC §4. */
export const STATUS_PRESENTATION: Record<ProjectStatus, { label: string; tone: BadgeTone }> = {
  INACTIVE: { label: 'Paused', tone: 'neutral' },
  ACTIVE_HEALTHY: { label: 'Healthy', tone: 'success' },
  ACTIVE_UNHEALTHY: { label: 'Unhealthy', tone: 'danger' },
  COMING_UP: { label: 'Coming up', tone: 'info' },
  UNKNOWN: { label: 'Unknown', tone: 'neutral' },
  GOING_DOWN: { label: 'Going down', tone: 'warning' },
  INIT_FAILED: { label: 'Init failed', tone: 'danger' },
  REMOVED: { label: 'Removed', tone: 'neutral' },
  RESTARTING: { label: 'Restarting', tone: 'info' },
  RESTORING: { label: 'Restoring', tone: 'info' },
  RESTORE_FAILED: { label: 'Restore failed', tone: 'danger' },
  UPGRADING: { label: 'Upgrading', tone: 'info' },
  PAUSING: { label: 'Pausing', tone: 'warning' },
  PAUSE_FAILED: { label: 'Pause failed', tone: 'danger' },
  RESIZING: { label: 'Resizing', tone: 'info' },
}
