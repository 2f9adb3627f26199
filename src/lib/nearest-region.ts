import {
  EARTH_RADIUS_KM,
  NEW_PROJECT_MESSAGE,
  PLACELESS_TIME_ZONE_AREA,
  PLACELESS_TIME_ZONES,
  REGION_COORDINATES,
  REGION_GROUPS,
  REGIONS,
  TIME_ZONE_COORDINATES,
  type RegionCode,
} from '../constants'
import { defaultRegion } from './new-project-defaults'
import type { Settings } from './settings'

/** Great-circle distance in km between two points given in degrees (haversine, SPEC §9 radius). */
export function greatCircleKm([lat1, lon1]: readonly [number, number], [lat2, lon2]: readonly [number, number]): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Why the form chose its region: shown beside it. */
export type RegionChoice =
  | { region: RegionCode; reason: 'nearest'; timeZone: string; distanceKm: number }
  | { region: RegionCode; reason: 'group'; timeZone: string; group: (typeof REGION_GROUPS)[number]['id'] }
  | { region: RegionCode; reason: 'default'; timeZone: string | null }
  | { region: RegionCode; reason: 'unplaced'; timeZone: string }

// Time zone areas with no city in the table fall to their group's default region.
const GROUP_OF_AREA = new Map<string, (typeof REGION_GROUPS)[number]['id']>([
  ['America', 'Americas'],
  ['Europe', 'Europe'],
  ['Africa', 'Europe'],
  ['Asia', 'APAC'],
  ['Australia', 'APAC'],
  ['Pacific', 'APAC'],
  ['Indian', 'APAC'],
])

/**
 * The region nearest to the user, from the browser's time zone (no permission prompt): the
 * zone's city, then the region at the shortest great-circle distance (the first listed on a tie);
 * a zone we cannot place falls back to its area's group default. No zone, or one that names only an
 * offset (UTC, Etc/GMT+5…), takes the SPEC default of the environment as a matter of course; a zone
 * no table knows takes it too, but is told apart so the form can say so.
 */
export function nearestRegion(timeZone: string | null | undefined, environment: Settings['environment']): RegionChoice {
  const zone = timeZone?.trim() || null
  const place = zone ? TIME_ZONE_COORDINATES.get(zone) : undefined
  if (zone && place) {
    let best: { region: RegionCode; distanceKm: number } | null = null
    for (const { code } of REGIONS) {
      const distanceKm = greatCircleKm(place, REGION_COORDINATES[code])
      if (!best || distanceKm < best.distanceKm) best = { region: code, distanceKm }
    }
    return { ...best!, reason: 'nearest', timeZone: zone, distanceKm: Math.round(best!.distanceKm) }
  }
  const group = zone ? GROUP_OF_AREA.get(zone.split('/')[0]!) : undefined
  if (zone && group) return { region: REGION_GROUPS.find((g) => g.id === group)!.defaultRegion, reason: 'group', timeZone: zone, group }
  if (zone && !isPlaceless(zone)) return { region: defaultRegion(environment), reason: 'unplaced', timeZone: zone }
  return { region: defaultRegion(environment), reason: 'default', timeZone: zone }
}

function isPlaceless(zone: string): boolean {
  return PLACELESS_TIME_ZONES.has(zone) || zone.split('/')[0] === PLACELESS_TIME_ZONE_AREA
}

/** The browser's time zone, or null where Intl cannot say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/** The sentence the form shows beside the preselected region. */
export function regionChoiceReason(choice: RegionChoice): string {
  const name = REGIONS.find((r) => r.code === choice.region)?.name ?? choice.region
  if (choice.reason === 'nearest') return NEW_PROJECT_MESSAGE.regionNearest(name, choice.timeZone, choice.distanceKm)
  if (choice.reason === 'group') return NEW_PROJECT_MESSAGE.regionGroupDefault(name, choice.group, choice.timeZone)
  if (choice.reason === 'unplaced') return NEW_PROJECT_MESSAGE.regionUnplaced(name, choice.timeZone)
  return NEW_PROJECT_MESSAGE.regionDefault(name)
}
