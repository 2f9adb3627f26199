import { ACCESS_TOKEN_PREFIX } from '../../src/constants'
import type { PlatformContext } from '../context'

/** A new token: the prefix and 160 random bits in hex. */
export function mintAccessToken(): string {
  return ACCESS_TOKEN_PREFIX + Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** What is kept of a token: its digest where the platform keeps secrets so (served), itself in the page. */
export function keptAccessToken(ctx: PlatformContext, token: string): string {
  return ctx.tokenKeeping ? ctx.tokenKeeping.digest(token) : token
}

/** What is shown of a token once it is made: its start and its end. */
export const accessTokenAlias = (token: string) => `${token.slice(0, ACCESS_TOKEN_PREFIX.length + 4)}…${token.slice(-4)}`

export const isAccessToken = (token: string) => token.startsWith(ACCESS_TOKEN_PREFIX)

/** The live token record a bearer token names, or undefined (unknown, revoked or expired). */
export function findAccessToken(ctx: PlatformContext, token: string, now: number) {
  if (!isAccessToken(token)) return undefined
  const kept = keptAccessToken(ctx, token)
  const record = ctx.db.accessTokens.findFirst((q) => q.where({ token: kept }))
  if (!record || (record.expires_at !== null && Date.parse(record.expires_at) <= now)) return undefined
  return record
}
