import { describe, expect, it, vi } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { databaseStartState, startDatabaseOfPage } from './database-start'
import { useNodeMockPlatform } from '../testing'

const projects = createPlatformFixtures().projects
const healthy = projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const paused = projects.find((p) => p.status === 'INACTIVE')!
const platform = useNodeMockPlatform()

describe('a page opened on a project', () => {
  it("starts that project's database at once, and only an active project's", async () => {
    const { ctx } = platform.mock.platform
    startDatabaseOfPage(ctx, '/organizations')
    startDatabaseOfPage(ctx, `/project/${paused.ref}/sql/new`)
    startDatabaseOfPage(ctx, '/project/no-such-ref')
    expect(databaseStartState(ctx, paused.ref)).toEqual({ state: 'stopped' })
    expect(databaseStartState(ctx, 'no-such-ref')).toEqual({ state: 'stopped' })

    startDatabaseOfPage(ctx, `/project/${healthy.ref}/sql/new`)
    await vi.waitFor(() => expect(databaseStartState(ctx, healthy.ref)).toMatchObject({ state: 'running' }), { timeout: 60_000, interval: 50 })
  })
})
