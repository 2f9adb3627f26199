/** The signing key of `npm run serve`: STUDIO_SECRET, else one generated on first start and kept beside the data. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { TokenSigning } from '../auth/access-tokens'

export const SECRET_FILE = 'secret'

/** The kept secret, written (readable by the owner only) when the data directory has none yet. */
export async function loadOrCreateSecret(dataDir: string): Promise<{ secret: string; created: boolean }> {
  const path = join(dataDir, SECRET_FILE)
  try {
    const kept = (await readFile(path, 'utf8')).trim()
    if (kept) return { secret: kept, created: false }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('base64url')
  // 'wx': two servers starting at once on one directory must not overwrite each other's key.
  try {
    await writeFile(path, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSecret(dataDir)
    throw error
  }
  return { secret, created: true }
}

/** HMAC-SHA256 signatures of access tokens with the secret. */
export function hmacTokenSigning(secret: string): TokenSigning {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url')
  return {
    sign,
    verify: rememberingValid((body, signature) => {
      const expected = Buffer.from(sign(body))
      const given = Buffer.from(signature)
      return expected.length === given.length && timingSafeEqual(expected, given)
    }),
  }
}

/** How many valid tokens are remembered: a request's token is read by several layers, and a person's on each request. */
const VALID_TOKENS_KEPT = 1_000

/**
 * `verify` remembering the tokens it found valid (a body and its signature, whole: the same text
 * checks the same under the same secret), the oldest forgotten first; one it refused is checked again
 * each time. An HMAC a read was 2 % of the served server's CPU under load (profile).
 */
export function rememberingValid(verify: TokenSigning['verify'], kept = VALID_TOKENS_KEPT): TokenSigning['verify'] {
  const valid = new Set<string>()
  return (body, signature) => {
    const token = `${body}.${signature}`
    if (valid.has(token)) return true
    if (!verify(body, signature)) return false
    if (valid.size >= kept) valid.delete(valid.values().next().value!)
    valid.add(token)
    return true
  }
}
