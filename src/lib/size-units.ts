import { BYTES_PER_GB, BYTES_PER_KB, BYTES_PER_MB } from '../constants'

/**
 * The units a size is typed in, wherever a form asks for one (a bucket's file size limit, the
 * project's upload limit): binary, on SPEC §9's byte constants, as everywhere on the dashboard.
 */
export const SIZE_UNITS = [
  { id: 'bytes', label: 'bytes', bytes: 1 },
  { id: 'KB', label: 'KB', bytes: BYTES_PER_KB },
  { id: 'MB', label: 'MB', bytes: BYTES_PER_MB },
  { id: 'GB', label: 'GB', bytes: BYTES_PER_GB },
] as const
export type SizeUnit = (typeof SIZE_UNITS)[number]['id']

export function unitBytes(unit: SizeUnit): number {
  return SIZE_UNITS.find((each) => each.id === unit)!.bytes
}

/** The largest unit a size is a whole number of (1048576 → 1 MB): a saved size reads back as it was typed. */
export function sizeInUnit(bytes: number): { value: string; unit: SizeUnit } {
  for (const unit of [...SIZE_UNITS].reverse()) {
    if (bytes >= unit.bytes && bytes % unit.bytes === 0) return { value: String(bytes / unit.bytes), unit: unit.id }
  }
  return { value: String(bytes), unit: 'bytes' }
}
