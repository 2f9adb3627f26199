import * as v from 'valibot'
import { MOCK_AUTH_SESSIONS_STORAGE_KEY, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS, SESSIONS_PER_USER_LIMIT, type AssuranceLevel } from '../../src/constants'
import type { PlatformContext } from '../context'
import { keptRecord } from '../records/kept-record'

/**
 * The auth service's sessions, like GoTrue's: a sign-in starts a session with an opaque refresh
 * token; each refresh swaps it for a new one (rotation) and revokes the old; a revoked token shown
 * again after the reuse interval is taken for a stolen one and revokes the session's whole family.
 * Kept beside the other records (kept-record.ts): in the browser every tab's platform reads the same
 * local storage, so a token one tab swapped is known to the others and survives a reload. Served,
 * tokens are kept as digests (ctx.tokenKeeping, records/token-digests.ts): `token` and `parent` hold
 * digests, and a swapped token keeps its successor sealed under itself in `child`.
 */
const SessionRecordSchema = v.object({
  id: v.string(),
  user_id: v.string(),
  created_at: v.number(),
  /** Set when a reused refresh token revoked the family: no token of it renews any more. */
  revoked: v.boolean(),
  /** What signing in proved; a second factor's code raises it to aal2 (kept by each renewal). */
  aal: v.optional(v.picklist(['aal1', 'aal2']), 'aal1'),
})
const RefreshTokenRecordSchema = v.object({
  /** The token as kept: itself, or its digest when the platform keeps tokens as digests. */
  token: v.string(),
  session_id: v.string(),
  /** The token this one was swapped for, as kept (null for the first of a session). */
  parent: v.nullable(v.string()),
  /** When it was swapped (ms, the platform's clock); null while it is the session's current token. */
  revoked_at: v.nullable(v.number()),
  /** Kept as digests: the token this one was swapped for, sealed so that only this one's holder opens it. */
  child: v.optional(v.nullable(v.string())),
})
type RefreshTokenRecord = v.InferOutput<typeof RefreshTokenRecordSchema>
const AuthSessionsSchema = v.object({ sessions: v.array(SessionRecordSchema), refreshTokens: v.array(RefreshTokenRecordSchema) })
type AuthSessions = v.InferOutput<typeof AuthSessionsSchema>

/** Revoked tokens kept per session for reuse detection; older ones are forgotten (then refused as not found). */
const KEPT_TOKENS_PER_SESSION = 20

const store = keptRecord(
  MOCK_AUTH_SESSIONS_STORAGE_KEY,
  AuthSessionsSchema,
  (): AuthSessions => ({ sessions: [], refreshTokens: [] }),
  // The last sign-out leaves no key behind (the browser's storage is as it was before any sign-in).
  (kept) => kept.sessions.length === 0,
)

/** The platform's clock (tests move `clockOffset` to let time pass). */
export const platformNow = (ctx: PlatformContext) => Date.now() + ctx.clockOffset

/** GoTrue's refusals of a refresh token: its `error_code` and `msg`. */
export const REFRESH_REFUSAL = {
  notFound: { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' },
  alreadyUsed: { code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' },
  noSession: { code: 'session_not_found', message: 'Invalid Refresh Token: No Valid Session Found' },
} as const
export type RefreshRefusal = (typeof REFRESH_REFUSAL)[keyof typeof REFRESH_REFUSAL]

/** What is kept of a refresh token. */
const keptToken = (ctx: PlatformContext, token: string) => (ctx.tokenKeeping ? ctx.tokenKeeping.digest(token) : token)

/**
 * Starts a session for the user: its id (the access token names it) and its first refresh token.
 * Past SESSIONS_PER_USER_LIMIT the user's oldest sessions end, so signing in again and again keeps no
 * more (the served sign-in limit counts only failures).
 */
export function startAuthSession(ctx: PlatformContext, userId: string): SessionTokens {
  const sessionId = crypto.randomUUID()
  const refreshToken = newRefreshToken()
  store.update(ctx, (kept) => {
    kept.sessions.push({ id: sessionId, user_id: userId, created_at: platformNow(ctx), revoked: false, aal: 'aal1' })
    kept.refreshTokens.push({ token: keptToken(ctx, refreshToken), session_id: sessionId, parent: null, revoked_at: null })
    const ofUser = kept.sessions.filter((s) => s.user_id === userId)
    if (ofUser.length <= SESSIONS_PER_USER_LIMIT) return
    const ended = new Set(ofUser.slice(0, ofUser.length - SESSIONS_PER_USER_LIMIT).map((s) => s.id))
    kept.sessions = kept.sessions.filter((s) => !ended.has(s.id))
    kept.refreshTokens = kept.refreshTokens.filter((t) => !ended.has(t.session_id))
  })
  return { sessionId, refreshToken, aal: 'aal1' }
}

/** A session's id, its current refresh token and what signing in proved. */
export interface SessionTokens {
  sessionId: string
  refreshToken: string
  aal: AssuranceLevel
}

/**
 * A second factor's code was right: the session is aal2 from now on, and its refresh tokens so far
 * (issued at aal1) are forgotten for a new one, so that no token of the first factor alone renews it.
 * Null when the session is gone.
 */
export function raiseSessionToSecondFactor(ctx: PlatformContext, sessionId: string): SessionTokens | null {
  const refreshToken = newRefreshToken()
  let raised = false
  store.update(ctx, (kept) => {
    const session = kept.sessions.find((s) => s.id === sessionId && !s.revoked)
    if (!session) return
    session.aal = 'aal2'
    kept.refreshTokens = kept.refreshTokens.filter((t) => t.session_id !== sessionId)
    kept.refreshTokens.push({ token: keptToken(ctx, refreshToken), session_id: sessionId, parent: null, revoked_at: null })
    raised = true
  })
  return raised ? { sessionId, refreshToken, aal: 'aal2' } : null
}

/**
 * The refresh grant: the current token is swapped for a new one. A token swapped less than the reuse
 * interval ago answers the session's current token (two tabs renewing at once); later it is refused
 * and the family revoked.
 */
export function rotateRefreshToken(
  ctx: PlatformContext,
  token: string,
): { refused: RefreshRefusal } | ({ refused: null; userId: string } & SessionTokens) {
  const now = platformNow(ctx)
  let outcome: ReturnType<typeof rotateRefreshToken> = { refused: REFRESH_REFUSAL.notFound }
  const presentedAsKept = keptToken(ctx, token)
  store.update(ctx, (kept) => {
    const presented = kept.refreshTokens.find((t) => t.token === presentedAsKept)
    if (!presented) return
    const session = kept.sessions.find((s) => s.id === presented.session_id)
    if (!session) return void (outcome = { refused: REFRESH_REFUSAL.noSession })
    if (session.revoked) return void (outcome = { refused: REFRESH_REFUSAL.alreadyUsed })
    const current = kept.refreshTokens.find((t) => t.session_id === session.id && t.revoked_at === null)
    if (presented.revoked_at !== null) {
      if (current && now - presented.revoked_at <= REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000) {
        const currentToken = successorToken(ctx, kept.refreshTokens, presented, token, current)
        // Kept before tokens were sealed: the current one cannot be given back, and no family is revoked for that.
        if (currentToken === null) return void (outcome = { refused: REFRESH_REFUSAL.alreadyUsed })
        outcome = { refused: null, userId: session.user_id, sessionId: session.id, refreshToken: currentToken, aal: session.aal }
        return
      }
      session.revoked = true
      return void (outcome = { refused: REFRESH_REFUSAL.alreadyUsed })
    }
    presented.revoked_at = now
    const nextToken = newRefreshToken()
    if (ctx.tokenKeeping) presented.child = ctx.tokenKeeping.seal(nextToken, token)
    kept.refreshTokens.push({ token: keptToken(ctx, nextToken), session_id: session.id, parent: presented.token, revoked_at: null })
    forgetOldTokens(kept, session.id)
    outcome = { refused: null, userId: session.user_id, sessionId: session.id, refreshToken: nextToken, aal: session.aal }
  })
  return outcome
}

/**
 * The session's current token, given a token swapped before it: kept as given it is there to read;
 * kept as digests, each swapped token opens its successor's seal, from the presented one to the current.
 */
function successorToken(ctx: PlatformContext, tokens: RefreshTokenRecord[], presented: RefreshTokenRecord, presentedToken: string, current: RefreshTokenRecord): string | null {
  const keeping = ctx.tokenKeeping
  if (!keeping) return current.token
  let [entry, token]: [RefreshTokenRecord | undefined, string] = [presented, presentedToken]
  // Each step moves to a later token of the session: at most as many steps as it keeps.
  for (let steps = 0; entry && steps < tokens.length; steps++) {
    if (entry === current) return token
    if (!entry.child) return null
    token = keeping.open(entry.child, token)
    const digest = keeping.digest(token)
    entry = tokens.find((t) => t.token === digest)
  }
  return null
}

/** Whether the session an access token names may still act: it exists and its family is not revoked. */
export function isSessionLive(ctx: PlatformContext, sessionId: string): boolean {
  const session = store.peek(ctx).sessions.find((s) => s.id === sessionId)
  return session !== undefined && !session.revoked
}

export type LogoutScope = 'global' | 'local' | 'others'

/**
 * Sign-out (GoTrue's /logout): `local` ends this session, `others` every other session of the user,
 * `global` all of them. An ended session's refresh tokens are deleted, so they are refused as not found.
 */
export function endAuthSessions(ctx: PlatformContext, userId: string, sessionId: string | null, scope: LogoutScope): void {
  store.update(ctx, (kept) => {
    const ends = (session: { id: string; user_id: string }) => {
      if (session.user_id !== userId) return false
      if (scope === 'local' && sessionId !== null) return session.id === sessionId
      if (scope === 'others') return session.id !== sessionId
      return true
    }
    const ended = new Set(kept.sessions.filter(ends).map((s) => s.id))
    kept.sessions = kept.sessions.filter((s) => !ended.has(s.id))
    kept.refreshTokens = kept.refreshTokens.filter((t) => !ended.has(t.session_id))
  })
}

function forgetOldTokens(kept: AuthSessions, sessionId: string): void {
  const ofSession = kept.refreshTokens.filter((t) => t.session_id === sessionId)
  if (ofSession.length <= KEPT_TOKENS_PER_SESSION) return
  const forgotten = new Set(ofSession.slice(0, ofSession.length - KEPT_TOKENS_PER_SESSION).map((t) => t.token))
  kept.refreshTokens = kept.refreshTokens.filter((t) => !forgotten.has(t.token))
}

/** Opaque and unguessable: 128 random bits, URL-safe. */
function newRefreshToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
