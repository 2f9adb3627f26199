/**
 * FNV-1a, 32 bits, over the UTF-8 bytes of a text: a stable number for a name, to seed a draw or
 * pick a picture (no crypto needed). One definition for the fixtures, the identicons and the seeds.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}
