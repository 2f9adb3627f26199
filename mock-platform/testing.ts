import { afterAll, beforeAll } from 'vitest'
import type { PlatformContext } from './context'
import type { LogEvent } from './logs/log-store'
import { createNodeMockPlatform } from './node'
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../src/constants'
import { issueAccessToken } from './auth/access-tokens'
import { platformNow } from './auth/auth-sessions'
import { hasVerifiedFactor, newTotpFactor } from './auth/totp-factors'

export type NodeMockPlatform = Awaited<ReturnType<typeof createNodeMockPlatform>>

/** Where the node mock platform answers in tests. */
export const TEST_API_BASE = 'http://localhost/api'

/**
 * For a vitest file: starts the node mock platform before its tests and closes it after,
 * optionally signed in as a user whose token `call` then sends.
 */
export function useNodeMockPlatform(options: Parameters<typeof createNodeMockPlatform>[0] & { signInAs?: { email: string; password: string } } = {}) {
  let current: NodeMockPlatform | undefined
  let token = ''

  async function call(path: string, init: RequestInit = {}, auth = true) {
    const headers = new Headers(init.headers)
    if (auth) headers.set('authorization', `Bearer ${token}`)
    if (init.body) headers.set('content-type', 'application/json')
    return fetch(`${TEST_API_BASE}${path}`, { ...init, headers })
  }

  beforeAll(async () => {
    const { signInAs, ...platformOptions } = options
    current = await createNodeMockPlatform(platformOptions)
    current.server.listen({ onUnhandledRequest: 'error' })
    if (!signInAs) return
    const answer = await call('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify(signInAs) }, false)
    if (answer.status !== 200) throw new Error(`Signing in as ${signInAs.email} answered ${answer.status}`)
    token = ((await answer.json()) as { access_token: string }).access_token
  })
  afterAll(async () => {
    current?.server.close()
    await current?.platform.close()
  })

  return {
    /** The running platform (available inside tests and hooks). */
    get mock(): NodeMockPlatform {
      if (!current) throw new Error('The mock platform starts in beforeAll')
      return current
    },
    call,
  }
}

/** The log events the platform records while `run` runs (they still reach its store). */
export async function recordedLogEvents(ctx: PlatformContext, run: () => Promise<void>): Promise<LogEvent[]> {
  const recorded: LogEvent[] = []
  const original = ctx.logs.record.bind(ctx.logs)
  ctx.logs.record = (event) => {
    recorded.push(event)
    original(event)
  }
  try {
    await run()
  } finally {
    ctx.logs.record = original
  }
  return recorded
}

/**
 * The user's access token (at the platform's clock) after a second factor: the user is given a
 * verified TOTP factor as if enrolled, so an organization that requires MFA (the demo's Secure Bank)
 * lets them in. For tests about something else that read every organization.
 */
export async function tokenWithSecondFactor(ctx: PlatformContext, email: string): Promise<string> {
  const user = ctx.db.users.findFirst((q) => q.where({ email }))
  if (!user) throw new Error(`No user ${email}`)
  if (!hasVerifiedFactor(user)) {
    const { factor } = newTotpFactor(email, 'Test factor', platformNow(ctx))
    await ctx.db.users.update(user, { data: (u) => void (u.totpFactors = [{ ...factor, status: 'verified' }]) })
  }
  return issueAccessToken(user.id, ACCESS_TOKEN_LIFETIME_SECONDS, ctx.tokenSigning, platformNow(ctx), null, 'aal2')
}

/**
 * Runs `check` while the user's membership of `organizationSlug` allows only `actions` (e.g. `['read:Read']`: a
 * member who may only read), then gives the membership its actions back, whatever `check` did.
 */
export async function whileMemberMay(ctx: PlatformContext, email: string, organizationSlug: string, actions: string[], check: () => Promise<void>) {
  const user = ctx.db.users.findFirst((q) => q.where({ email }))
  const entry = user && ctx.db.permissions.findFirst((q) => q.where({ gotrue_id: user.id, organization_slug: organizationSlug }))
  if (!entry) throw new Error(`${email} is no member of ${organizationSlug}`)
  const before = [...(entry.actions ?? [])]
  await ctx.db.permissions.update(entry, { data: (p) => void (p.actions = actions) })
  try {
    await check()
  } finally {
    await ctx.db.permissions.update(entry, { data: (p) => void (p.actions = before) })
  }
}
