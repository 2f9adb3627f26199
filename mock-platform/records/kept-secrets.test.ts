import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, MOCK_AUTH_SESSIONS_STORAGE_KEY } from '../../src/constants'
import { createPlatformFixtures, FIXTURE_INVITATIONS } from '../../fixtures/platform'
import { SECRET_FILE } from '../serve/secret'
import type { StudioServer } from '../serve/server'
import { foundIn, storedText, useServedRecords } from '../serve/records-testing'
import { api, signIn } from '../serve/testing'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA_PREFIX = `studio_secrets_test_${process.pid}_`
const DATABASE_PREFIX = 'studio_secrets_test_'

describe.runIf(databaseUrl)('secrets the served platform keeps (DATABASE_URL)', () => {
  const served = useServedRecords({ schemaPrefix: SCHEMA_PREFIX, databasePrefix: DATABASE_PREFIX })
  const { newSchema, onServer } = served
  const admin = () => served.admin()
  const start = (schema: string) => served.start(schema)
  const refresh = (server: StudioServer, token: string) =>
    api<{ access_token: string; refresh_token: string }>(server, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: token } })

  it('keeps no refresh token it answered, and each still renews (within the reuse interval, and over a restart)', async () => {
    await onServer(async ({ schema, server, restart }) => {
      const first = (await signIn(server, DEMO_CREDENTIALS)).refresh_token
      const renewed = await refresh(server, first)
      expect(renewed.status).toBe(200)
      const second = renewed.body.refresh_token
      expect(second).not.toBe(first)
      // Two tabs renewing at once: the token just swapped answers the session's current one.
      expect((await refresh(server, first)).body.refresh_token).toBe(second)
      const stored = await storedText(admin(), schema)
      expect(stored).toContain(MOCK_AUTH_SESSIONS_STORAGE_KEY)
      expect(foundIn(stored, [first, second])).toEqual([])

      server = await restart()
      const third = await refresh(server, second)
      expect(third.status).toBe(200)
      expect(foundIn(await storedText(admin(), schema), [third.body.refresh_token])).toEqual([])
      expect((await api(server, '/platform/profile', { token: third.body.access_token })).status).toBe(200)
    })
  }, 60_000)

  it('keeps no join-link token in the clear, and the links still open', async () => {
    await onServer(async ({ schema, server }) => {
      const stored = await storedText(admin(), schema)
      expect(foundIn(stored, Object.values(FIXTURE_INVITATIONS).map((i) => i.token))).toEqual([])
      const { access_token } = await signIn(server, DEMO_CREDENTIALS)
      const { token, slug } = FIXTURE_INVITATIONS.valid
      const invitation = await api<{ token_does_not_exist: boolean; organization_name: string }>(server, `/platform/organizations/${slug}/members/invitations/${token}`, { token: access_token })
      expect(invitation.body).toMatchObject({ token_does_not_exist: false, organization_name: expect.any(String) })
    })
  }, 60_000)

  it('never writes the signing secret to the records database', async () => {
    await onServer(async ({ schema, server }) => {
      const { access_token } = await signIn(server, DEMO_CREDENTIALS)
      expect((await api(server, '/platform/organizations', { method: 'POST', token: access_token, body: { name: 'Secretive', tier: 'tier_free' } })).status).toBe(201)
      const secret = (await readFile(join(served.dataDir(schema), SECRET_FILE), 'utf8')).trim()
      expect(secret.length).toBeGreaterThan(20)
      expect(foundIn(await storedText(admin(), schema), [secret])).toEqual([])
    })
  }, 60_000)

  it('turns the plain tokens an earlier version kept into digests (migration 2): its sessions and join links still work', async () => {
    const schema = newSchema()
    let server = await start(schema)
    await server.close()
    // What an earlier version kept: a session of the demo user with its tokens in the clear (one
    // swapped a moment ago, one current), the join links' tokens as given, no migration 2 applied.
    const demo = createPlatformFixtures().users.find((u) => u.email === DEMO_CREDENTIALS.email)!
    const [swapped, current] = ['plainSwappedToken000001', 'plainCurrentToken000002']
    const sessions = {
      sessions: [{ id: crypto.randomUUID(), user_id: demo.id, created_at: Date.now() - 60_000, revoked: false }],
      refreshTokens: [
        { token: swapped, session_id: '', parent: null, revoked_at: Date.now() },
        { token: current, session_id: '', parent: swapped, revoked_at: null },
      ],
    }
    for (const token of sessions.refreshTokens) token.session_id = sessions.sessions[0]!.id
    await admin().query(`insert into "${schema}".kept_records (key, record) values ($1, $2) on conflict (key) do update set record = excluded.record`, [MOCK_AUTH_SESSIONS_STORAGE_KEY, sessions])
    const { invitations } = createPlatformFixtures()
    await admin().query(`update "${schema}".invitations i set record = jsonb_set(i.record, '{token}', to_jsonb(f.token)) from unnest($1::int[], $2::text[]) as f(id, token) where i.key = f.id::text`, [
      invitations.map((i) => i.id),
      invitations.map((i) => i.token),
    ])
    await admin().query(`delete from "${schema}".schema_migrations where version >= 2`)
    expect(foundIn(await storedText(admin(), schema), [current, FIXTURE_INVITATIONS.valid.token])).toEqual([current, FIXTURE_INVITATIONS.valid.token])

    server = await start(schema)
    try {
      const stored = await storedText(admin(), schema)
      expect(foundIn(stored, [swapped, current, ...Object.values(FIXTURE_INVITATIONS).map((i) => i.token)])).toEqual([])
      // The token swapped a moment ago still answers the current one (its seal was made by the migration).
      expect((await refresh(server, swapped)).body.refresh_token).toBe(current)
      const renewed = await refresh(server, current)
      expect(renewed.status).toBe(200)
      expect(renewed.body.refresh_token).not.toBe(current)
      const { token, slug } = FIXTURE_INVITATIONS.valid
      const invitation = await api<{ token_does_not_exist: boolean }>(server, `/platform/organizations/${slug}/members/invitations/${token}`, { token: renewed.body.access_token })
      expect(invitation.body.token_does_not_exist).toBe(false)
    } finally {
      await server.close()
    }
  }, 60_000)
})
