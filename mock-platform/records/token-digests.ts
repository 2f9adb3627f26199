/**
 * Bearer tokens as the served platform keeps them: a refresh token or a join link's token is stored
 * as its SHA-256, never as itself, so someone who reads the records database holds nothing they can
 * present. A plain hash is enough (no salt, no slow hash): these tokens are random (a refresh token
 * is 128 random bits), so there is no dictionary to try, and a digest cannot be turned back into one.
 *
 * GoTrue answers a refresh token swapped a moment ago with the session's current one (two tabs
 * renewing at once), which a digest alone cannot give back. So each swapped token keeps its
 * successor sealed with a key only the swapped token's holder has: the successor XOR the SHA-256 of
 * the swapped token (with a label, so the pad is never the stored digest). Each key seals one token,
 * and a refresh token (22 characters) is shorter than the pad (32 bytes): a one-time pad.
 * Migration 2 (migrations.ts) computes the same in SQL; neither may change without the other.
 */
import { createHash } from 'node:crypto'
import type { TokenKeeping } from '../context'

/** Prefixed to the key before hashing it into a pad. */
const SEAL_LABEL = 'studio refresh token seal\n'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest()

function xorWithPad(bytes: Buffer, key: string): Buffer {
  const pad = sha256(SEAL_LABEL + key)
  if (bytes.length > pad.length) throw new Error(`Only tokens of up to ${pad.length} bytes can be sealed`)
  return Buffer.from(bytes.map((byte, index) => byte ^ pad[index]!))
}

export const sha256TokenKeeping: TokenKeeping = {
  digest: (token) => sha256(token).toString('hex'),
  seal: (token, key) => xorWithPad(Buffer.from(token, 'utf8'), key).toString('hex'),
  open: (sealed, key) => xorWithPad(Buffer.from(sealed, 'hex'), key).toString('utf8'),
}
