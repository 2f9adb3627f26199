import { HttpResponse, delay } from 'msw'
import type { PlatformContext } from '../context'

/** Platform errors are `{ message }` bodies (PLATFORM-API §0). */
export function errorResponse(status: number, message: string, headers?: Record<string, string>) {
  return HttpResponse.json({ message }, { status, headers })
}

const TOKEN_PREFIX = 'mock.'

/** Mock access tokens are self-contained, so a reload of the mock platform keeps sessions valid. */
export function issueAccessToken(userId: string, expiresInSeconds: number, now = Date.now()): string {
  const payload = { sub: userId, exp: Math.floor(now / 1000) + expiresInSeconds }
  return TOKEN_PREFIX + btoa(JSON.stringify(payload)).replace(/=+$/, '')
}

export function readAccessToken(token: string, now = Date.now()): string | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null
  try {
    const payload = JSON.parse(atob(token.slice(TOKEN_PREFIX.length))) as { sub?: unknown; exp?: unknown }
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null
    return payload.exp * 1000 > now ? payload.sub : null
  } catch {
    return null
  }
}

/** The signed-in user of a request, or the 401 answer to send instead. */
export function authenticate(ctx: PlatformContext, request: Request) {
  if (ctx.selfHosted) {
    const admin = ctx.db.users.findFirst()
    if (admin) return { user: admin, denied: undefined }
  }
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer (.+)$/.exec(header)
  const userId = match?.[1] ? readAccessToken(match[1]) : null
  const user = userId ? ctx.db.users.findFirst((q) => q.where({ id: userId })) : undefined
  if (!user) return { user: undefined, denied: errorResponse(401, 'Unauthorized: sign in to continue') }
  return { user, denied: undefined }
}

export async function withLatency(ctx: PlatformContext) {
  if (ctx.latency > 0) await delay(ctx.latency)
}

export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json()
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** A project the user may reach through one of their organizations, or undefined. */
export function findMemberProject(ctx: PlatformContext, userId: string, ref: string) {
  const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
  if (!project) return undefined
  const member = ctx.db.permissions.findFirst((q) => q.where({ gotrue_id: userId, organization_slug: project.organization_slug }))
  return member ? project : undefined
}

/** The common start of a project-scoped handler: latency, a signed-in member, the project. */
export async function authorizeProject(ctx: PlatformContext, request: Request, ref: string) {
  await withLatency(ctx)
  const { user, denied } = authenticate(ctx, request)
  if (denied) return { project: undefined, denied }
  const project = findMemberProject(ctx, user.id, ref)
  if (!project) return { project: undefined, denied: errorResponse(404, 'Project not found') }
  return { project, denied: undefined }
}
