/** Bytes as lowercase hexadecimal, two digits each (a bytea literal, a token, a digest). */
export function hexOf(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}
