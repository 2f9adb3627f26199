import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS } from '../../src/constants'
import { SLOW } from '../postgres/suite-timeouts'
import { useNodeMockPlatform } from '../testing'
import { fillAuthUsers, fixtureUserEmail } from './auth-users-fixture'

const project = createPlatformFixtures().projects.find((p) => p.status === 'ACTIVE_HEALTHY' && p.organization_slug === 'acme-corp')!
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })

describe('the auth users fixture', () => {
  it(
    'adds the users it lacks with an email identity each, once',
    async () => {
      const ctx = platform.mock.platform.ctx
      expect(await fillAuthUsers(ctx, project.ref, 300)).toBe(300)
      expect(await fillAuthUsers(ctx, project.ref, 500)).toBe(500)
      const answer = await platform.call(`/platform/pg-meta/${project.ref}/query`, {
        method: 'POST',
        headers: { 'x-connection-encrypted': project.connectionString! },
        body: JSON.stringify({ query: `select count(*)::int as n, count(*) filter (where email_confirmed_at is null)::int as waiting from auth.users u join auth.identities i on i.user_id = u.id where u.email like '%@bench.example'` }),
      })
      expect(await answer.json()).toEqual([{ n: 500, waiting: 38 }])
      expect(fixtureUserEmail(42)).toBe('bench-user-000042@bench.example')
    },
    SLOW,
  )
})
