import { issueAccessToken } from '../../mock-platform/auth/access-tokens'
import { TEST_API_BASE } from '../../mock-platform/testing'
import { createApiClient } from '../api/client'

/** For tests against the node mock platform: the dashboard's API client, signed in as this user for an hour. */
export function signedInTestClient(userId: string) {
  return createApiClient({
    apiBase: TEST_API_BASE,
    authBase: `${TEST_API_BASE}/auth/v1`,
    isPlatform: true,
    getAccessToken: () => issueAccessToken(userId, 3600),
  })
}
