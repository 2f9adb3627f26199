import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, PROJECT_NOT_ACTIVE_MESSAGE } from '../../src/constants'
import { useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const member = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY')!
const paused = fixtures.projects.find((p) => p.status === 'INACTIVE' && p.organization_id === member.organization_id)!
const { call } = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })

// A paused project has no database to work on: each endpoint that needs one says so, with the status.
describe("a paused project's database endpoints", () => {
  it.each([
    ['run-lints', `/platform/projects/${paused.ref}/run-lints`, {}],
    ['GraphQL', `/platform/projects/${paused.ref}/api/graphql`, { method: 'POST', body: JSON.stringify({ query: '{ __typename }' }) }],
    ['webhooks', `/platform/database/${paused.ref}/hook-enable`, { method: 'POST' }],
    ['storage', `/platform/storage/${paused.ref}/buckets`, {}],
    ['pg-meta', `/platform/pg-meta/${paused.ref}/query`, { method: 'POST', body: JSON.stringify({ query: 'select 1' }) }],
  ])('%s answers 400 with the status', async (_, path, init) => {
    const answer = await call(path, init)
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ message: PROJECT_NOT_ACTIVE_MESSAGE('INACTIVE') })
  })
})
