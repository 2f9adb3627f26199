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
    verify(body, signature) {
      const expected = Buffer.from(sign(body))
      const given = Buffer.from(signature)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}
