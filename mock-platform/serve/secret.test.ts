import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { issueAccessToken, readAccessToken } from '../auth/access-tokens'
import { hmacTokenSigning, loadOrCreateSecret, rememberingValid, SECRET_FILE } from './secret'

const made: string[] = []
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'studio-secret-'))
  made.push(dir)
  return dir
}

describe('the signing secret', () => {
  it('is generated on first start, written for the owner only, and reused on the next', async () => {
    const dataDir = join(await tempDir(), 'data')
    const first = await loadOrCreateSecret(dataDir)
    expect(first.created).toBe(true)
    expect(first.secret.length).toBeGreaterThanOrEqual(40)
    expect((await readFile(join(dataDir, SECRET_FILE), 'utf8')).trim()).toBe(first.secret)
    expect((await stat(join(dataDir, SECRET_FILE))).mode & 0o777).toBe(0o600)
    expect(await loadOrCreateSecret(dataDir)).toEqual({ secret: first.secret, created: false })
  })

  it('two starts at once on one directory end with one secret', async () => {
    const dataDir = await tempDir()
    const [a, b] = await Promise.all([loadOrCreateSecret(dataDir), loadOrCreateSecret(dataDir)])
    expect(a.secret).toBe(b.secret)
  })

  it('signs access tokens: a forged, unsigned or other-secret token names no one', () => {
    const signing = hmacTokenSigning('s'.repeat(40))
    const token = issueAccessToken('user-1', 3600, signing)
    expect(readAccessToken(token, signing)).toBe('user-1')
    expect(readAccessToken(issueAccessToken('user-1', 3600), signing)).toBeNull()
    expect(readAccessToken(token, hmacTokenSigning('t'.repeat(40)))).toBeNull()
    const [body, signature] = [token.slice(0, token.lastIndexOf('.')), token.slice(token.lastIndexOf('.') + 1)]
    const forgedBody = issueAccessToken('admin', 3600).replace(/\.$/, '')
    expect(readAccessToken(`${forgedBody}.${signature}`, signing)).toBeNull()
    expect(readAccessToken(`${body}.`, signing)).toBeNull()
    // Expiry still holds for a signed token.
    expect(readAccessToken(issueAccessToken('user-1', 60, signing, Date.now() - 120_000), signing)).toBeNull()
  })

  it('checks a valid token once while it is remembered, a refused one every time, and forgets the oldest first', () => {
    const checked: string[] = []
    const verify = rememberingValid((body, signature) => (checked.push(body), signature === `signed ${body}`), 2)
    expect([verify('a', 'signed a'), verify('a', 'signed a'), verify('a', 'forged')]).toEqual([true, true, false])
    expect(verify('a', 'forged')).toBe(false)
    expect(checked).toEqual(['a', 'a', 'a'])
    verify('b', 'signed b')
    verify('c', 'signed c')
    checked.length = 0
    // 'a' was the oldest of three kept two: checked again; 'c' is still remembered.
    expect([verify('a', 'signed a'), verify('c', 'signed c')]).toEqual([true, true])
    expect(checked).toEqual(['a'])
  })
})
