import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type { PasswordHashing } from '../context'

/**
 * Passwords as the served platform keeps them: scrypt (Node's own, memory-hard) with a random salt
 * per password, the parameters written beside the hash so they can be raised later without
 * breaking the passwords already kept: `scrypt$N$r$p$salt$hash` (base64url).
 */
const COST = { N: 16384, r: 8, p: 1 } as const
const KEY_LENGTH = 32
const SALT_LENGTH = 16
const PREFIX = 'scrypt'

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))))
}

export const scryptPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(SALT_LENGTH)
    const key = await derive(password, salt, COST, KEY_LENGTH)
    return [PREFIX, COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
  },
  async verify(password, kept) {
    const [prefix, N, r, p, salt, hash] = kept.split('$')
    if (prefix !== PREFIX || !salt || !hash) return false
    const expected = Buffer.from(hash, 'base64url')
    if (expected.length === 0) return false
    // Parameters scrypt refuses make a kept value no password matches, not a failed sign-in.
    const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) }, expected.length).catch(() => null)
    return key !== null && timingSafeEqual(key, expected)
  },
}
