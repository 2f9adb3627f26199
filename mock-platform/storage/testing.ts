/** For the storage handlers' tests: the node mock platform signed in as the demo user, and the dashboard's own client on it. */
import { createPlatformFixtures } from '../../fixtures/platform'
import { createApiClient, type ApiClient } from '../../src/api/client'
import { DEMO_CREDENTIALS } from '../../src/constants'
import { TEST_API_BASE, useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const organizationPlan = (ref: string) => fixtures.organizations.find((o) => o.slug === fixtures.projects.find((p) => p.ref === ref)?.organization_slug)?.plan

/** An active project of an organization on a paid plan (Pro and up) and one on Free. */
export const PAID_PROJECT = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY' && organizationPlan(p.ref) === 'pro')!
export const FREE_PROJECT = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY' && organizationPlan(p.ref) === 'free')!

export function useStorageTestPlatform() {
  const platform = useNodeMockPlatform()
  let token = ''
  const client: ApiClient = createApiClient({ apiBase: TEST_API_BASE, authBase: `${TEST_API_BASE}/auth/v1`, isPlatform: true, getAccessToken: () => token })
  async function signIn() {
    const answer = await platform.call('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify(DEMO_CREDENTIALS) }, false)
    token = ((await answer.json()) as { access_token: string }).access_token
  }
  return {
    get mock() {
      return platform.mock
    },
    call: platform.call,
    client,
    signIn,
  }
}
