import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { AUTH_ADMIN_MESSAGE, DEMO_CREDENTIALS } from '../../src/constants'
import { SLOW } from '../postgres/suite-timeouts'
import { recordedLogEvents, useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const project = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY' && p.organization_slug === 'acme-corp')!
const readOnlyProject = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY' && p.organization_slug === 'readonly-co')!
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })
const { call } = platform

const mail = (kind: 'invite' | 'recover', email: unknown, ref = project.ref) => call(`/platform/auth/${ref}/${kind}`, { method: 'POST', body: JSON.stringify({ email }) })
const sql = async (query: string) => {
  const answer = await call(`/platform/pg-meta/${project.ref}/query`, { method: 'POST', body: JSON.stringify({ query }), headers: { 'x-connection-encrypted': project.connectionString! } })
  expect(answer.status, await answer.clone().text()).toBe(200)
  return (await answer.json()) as Record<string, unknown>[]
}

const recording = (run: () => Promise<void>) => recordedLogEvents(platform.mock.platform.ctx, run)

describe('POST /platform/auth/{ref}/invite and /recover', () => {
  it(
    'invites an address: a user waiting for the invitation, the mail with its link in the Auth logs, the token kept only as its hash',
    async () => {
      let body: Record<string, unknown> = {}
      const events = await recording(async () => {
        const answer = await mail('invite', ' New.Person@Example.com ')
        expect(answer.status).toBe(200)
        body = (await answer.json()) as Record<string, unknown>
      })
      expect(body).toMatchObject({ email: 'new.person@example.com' })
      const sent = events.find((e) => e.table === 'auth_logs')!
      expect(sent.metadata).toMatchObject({ mail_type: 'invite', to: 'new.person@example.com', subject: 'You have been invited' })
      const link = String(sent.metadata!['link'])
      expect(link).toMatch(new RegExp(`^https://${project.ref}\\.supabase\\.co/auth/v1/verify\\?token=[0-9a-f]{48}&type=invite$`))
      expect(events.find((e) => e.table === 'auth_audit_logs')).toMatchObject({ action: 'user_invited', target: 'new.person@example.com', actor_username: DEMO_CREDENTIALS.email })
      const [user] = await sql(`select id::text, invited_at is not null as invited, email_confirmed_at, confirmation_token, (select count(*)::int from auth.identities i where i.user_id = u.id) as identities from auth.users u where email = 'new.person@example.com'`)
      const token = new URL(link).searchParams.get('token')!
      expect(user).toMatchObject({ id: body['id'], invited: true, email_confirmed_at: null, identities: 1 })
      expect(user!['confirmation_token']).toMatch(/^[0-9a-f]{64}$/)
      expect(user!['confirmation_token']).not.toContain(token)
      // Invited again while waiting: the same user, a new token.
      expect((await (await mail('invite', 'new.person@example.com')).json()) as object).toMatchObject({ id: body['id'] })
    },
    SLOW,
  )

  it('refuses to invite a confirmed user, a malformed address, and a member who may only read', async () => {
    const taken = await mail('invite', 'ana@example.com')
    expect([taken.status, ((await taken.json()) as { message: string }).message]).toEqual([422, AUTH_ADMIN_MESSAGE.alreadyRegistered])
    expect((await mail('invite', 'not an address')).status).toBe(400)
    expect((await mail('invite', { email: 'x@example.com' })).status).toBe(400)
    expect((await mail('invite', 'someone@example.com', readOnlyProject.ref)).status).toBe(403)
  })

  it('starts a password recovery: the token’s hash and when it was sent, the mail in the Auth logs; none for an unknown address', async () => {
    const events = await recording(async () => {
      expect((await mail('recover', 'bob@example.com')).status).toBe(200)
    })
    expect(events.find((e) => e.table === 'auth_logs')?.metadata).toMatchObject({ mail_type: 'recovery', to: 'bob@example.com', subject: 'Reset your password' })
    const [bob] = await sql(`select recovery_token, recovery_sent_at is not null as sent from auth.users where email = 'bob@example.com'`)
    expect(bob).toMatchObject({ sent: true })
    expect(bob!['recovery_token']).toMatch(/^[0-9a-f]{64}$/)
    const unknown = await mail('recover', 'nobody@example.com')
    expect([unknown.status, ((await unknown.json()) as { message: string }).message]).toEqual([404, AUTH_ADMIN_MESSAGE.noSuchUser])
  })
})
