import { http, HttpResponse } from 'msw'
import { AUTH_ADMIN_MESSAGE, AUTH_MAIL, PERMISSION_MESSAGE, projectApiUrl, type AuthMailKind } from '../../src/constants'
import { hexOf } from '../../src/lib/hex'
import { inviteAuthUserSql, recoverAuthUserSql } from '../../src/lib/sql/auth-users'
import type { PlatformContext } from '../context'
import { recordAuthMail } from '../logs/log-events'
import { runPgMetaQuery, toPgMetaError } from '../postgres'
import { openProjectDatabase } from '../projects/database-start'
import { authorizeProject, errorResponse, mayChangeProjectData, readJson } from './util'

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/

/** A token for a mail's link, and what the auth server keeps of it: its SHA-256, never the token. */
async function mailToken(): Promise<{ token: string; hash: string }> {
  const token = hexOf(crypto.getRandomValues(new Uint8Array(24)))
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return { token, hash: hexOf(new Uint8Array(digest)) }
}

/**
 * The project auth server's admin mails, as the platform's API offers them to the dashboard:
 * `POST /platform/auth/{ref}/invite` and `/recover` with `{ email }`. The server decides: a member
 * who may not change the project's data is refused; the user record changes in the project's own
 * database, and the mail is recorded in its Auth logs (recordAuthMail), link included.
 */
export function authAdminHandlers(ctx: PlatformContext) {
  const mailing = (kind: AuthMailKind) =>
    http.post(`*/platform/auth/:ref/${kind === 'invite' ? 'invite' : 'recover'}`, async ({ request, params }) => {
      const ref = String(params.ref)
      const { user, project, denied } = await authorizeProject(ctx, request, ref, { outsiders: 403, active: true })
      if (denied) return denied
      if (!mayChangeProjectData(ctx, user.id, project)) return errorResponse(403, PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageAuthUsers))
      const body = await readJson(request)
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
      if (!EMAIL_SHAPE.test(email)) return errorResponse(400, AUTH_ADMIN_MESSAGE.invalidEmail)
      const { token, hash } = await mailToken()
      let rows: Record<string, unknown>[]
      try {
        const { database } = await openProjectDatabase(ctx, project, request)
        rows = await runPgMetaQuery(database, { query: kind === 'invite' ? inviteAuthUserSql(email, hash) : recoverAuthUserSql(email, hash) })
      } catch (error) {
        // The project's database could not take it (not reachable, a constraint): said as pg-meta says it.
        const { status, body: problem } = toPgMetaError(error)
        return HttpResponse.json(problem, { status })
      }
      if (kind === 'invite' && Number(rows[0]?.['confirmed'] ?? 0) > 0) return errorResponse(422, AUTH_ADMIN_MESSAGE.alreadyRegistered)
      const id = rows[0]?.['id']
      if (typeof id !== 'string') return errorResponse(404, AUTH_ADMIN_MESSAGE.noSuchUser)
      const mail = AUTH_MAIL[kind]
      const link = `${projectApiUrl(ref)}/auth/v1/verify?token=${token}&type=${mail.type}`
      recordAuthMail(ctx, ref, { type: mail.type, to: email, subject: mail.subject, link, actor: user.email, requestId: request.headers.get('x-request-id') })
      return HttpResponse.json({ id, email, sent_at: new Date(Date.now() + ctx.clockOffset).toISOString() })
    })
  return [mailing('invite'), mailing('recovery')]
}
