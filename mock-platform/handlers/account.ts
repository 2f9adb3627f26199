import { http, HttpResponse, type RequestHandler } from 'msw'
import * as v from 'valibot'
import { ACCOUNT_MESSAGE, PROFILE_MESSAGE } from '../../src/constants'
import type { PlatformContext } from '../context'
import { platformNow } from '../auth/auth-sessions'
import { rememberAccessTokens, rememberProfile } from '../auth/account-store'
import { accessTokenAlias, findAccessToken, isAccessToken, keptAccessToken, mintAccessToken } from '../auth/personal-access-tokens'
import type { MockAccessToken } from '../records/db'
import { errorResponse, readBody, signedIn } from './util'
import { USERNAME_SHAPE } from '../../src/lib/address-shapes'

const TOKENS = '*/platform/profile/access-tokens'

const TokenBodySchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, ACCOUNT_MESSAGE.tokenNameRequired), v.maxLength(64)),
  expires_at: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp())), null),
})
const ProfileBodySchema = v.object({
  first_name: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100))), null),
  last_name: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100))), null),
  username: v.pipe(v.string(), v.trim()),
})

/** A token as listed: never the token itself. */
const tokenAnswer = ({ id, name, alias, created_at, expires_at, last_used_at }: MockAccessToken) => ({ id, name, token_alias: alias, created_at, expires_at, last_used_at })

/** The member's own profile and personal access tokens (PLATFORM-API §1 `…/profile`). */
export function accountHandlers(ctx: PlatformContext) {
  return [
    http.patch('*/platform/profile', async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const { body, invalid } = await readBody(request, ProfileBodySchema)
      if (invalid) return invalid
      const { first_name, last_name, username } = body
      if (!USERNAME_SHAPE.test(username)) return errorResponse(400, ACCOUNT_MESSAGE.usernameInvalid)
      const lower = username.toLowerCase()
      if (ctx.db.users.findFirst((q) => q.where({ username: (name: string) => name.toLowerCase() === lower, id: (id: string) => id !== user.id }))) {
        return errorResponse(409, ACCOUNT_MESSAGE.usernameTaken(username))
      }
      const profile = ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: user.id }))
      if (!profile) return errorResponse(404, PROFILE_MESSAGE.notFound)
      const change = { first_name: first_name || null, last_name: last_name || null, username }
      const saved = await ctx.db.profiles.update(profile, { data: (p) => void Object.assign(p, change) })
      await ctx.db.users.update(user, { data: (u) => void (u.username = username) })
      rememberProfile(ctx, { gotrue_id: user.id, ...change })
      return HttpResponse.json(saved)
    }),
    http.get(TOKENS, async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const mine = ctx.db.accessTokens.findMany((q) => q.where({ gotrue_id: user.id }))
      return HttpResponse.json(mine.sort((a, b) => b.id - a.id).map(tokenAnswer))
    }),
    http.post(TOKENS, async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const { body, invalid } = await readBody(request, TokenBodySchema)
      if (invalid) return invalid
      const now = platformNow(ctx)
      if (body.expires_at !== null && Date.parse(body.expires_at) <= now) return errorResponse(400, 'expires_at is in the past')
      const token = mintAccessToken()
      const record = await ctx.db.accessTokens.create({
        id: Math.max(0, ...ctx.db.accessTokens.findMany().map((t) => t.id)) + 1,
        gotrue_id: user.id,
        name: body.name,
        token: keptAccessToken(ctx, token),
        alias: accessTokenAlias(token),
        created_at: new Date(now).toISOString(),
        expires_at: body.expires_at,
        last_used_at: null,
      })
      rememberAccessTokens(ctx, user.id)
      // The only answer that holds the token.
      return HttpResponse.json({ ...tokenAnswer(record), token }, { status: 201 })
    }),
    http.delete(`${TOKENS}/:id`, async ({ request, params }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const record = ctx.db.accessTokens.findFirst((q) => q.where({ id: Number(params.id), gotrue_id: user.id }))
      if (!record) return errorResponse(404, 'Access token not found')
      ctx.db.accessTokens.delete((q) => q.where({ id: record.id }))
      rememberAccessTokens(ctx, user.id)
      return HttpResponse.json(tokenAnswer(record))
    }),
  ]
}

/**
 * Notes when each access token was last used: after a handler answered a request it authorised, in
 * the same unit of work (served), at most once a minute a token.
 */
export function recordAccessTokenUse<H extends RequestHandler>(ctx: PlatformContext, handlers: H[]): H[] {
  for (const handler of handlers) {
    const run = handler.run.bind(handler)
    handler.run = async (args) => {
      const result = await run(args)
      const bearer = /^Bearer (.+)$/.exec(args.request.headers.get('authorization') ?? '')?.[1]
      if (result?.response && bearer && isAccessToken(bearer) && result.response.status < 400) {
        const now = platformNow(ctx)
        const record = findAccessToken(ctx, bearer, now)
        if (record && (record.last_used_at === null || now - Date.parse(record.last_used_at) > 60_000)) {
          await ctx.db.accessTokens.update(record, { data: (t) => void (t.last_used_at = new Date(now).toISOString()) })
          rememberAccessTokens(ctx, record.gotrue_id)
        }
      }
      return result
    }
  }
  return handlers
}
