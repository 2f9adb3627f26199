import { BYTES_PER_GB, BYTES_PER_KB, BYTES_PER_MB } from '../constants'

const SIZE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/**
 * A byte size for people, on SPEC §9's binary constants (1 GB = 1073741824 bytes, 1 MB = 1048576):
 * GB from one GB up, MB from one MB (or always MB and up with `atLeast: 'MB'`, as billing shows
 * usage), then KB, then bytes; up to two decimals. The one formatter every screen uses.
 */
export function formatBytes(bytes: number, options: { atLeast?: 'MB' } = {}): string {
  const size = Math.abs(bytes)
  if (size >= BYTES_PER_GB) return `${SIZE.format(bytes / BYTES_PER_GB)} GB`
  if (size >= BYTES_PER_MB || options.atLeast === 'MB') return `${SIZE.format(bytes / BYTES_PER_MB)} MB`
  if (size >= BYTES_PER_KB) return `${SIZE.format(bytes / BYTES_PER_KB)} KB`
  return `${SIZE.format(bytes)} ${size === 1 ? 'byte' : 'bytes'}`
}
