import { describe, expect, it } from 'vitest'
import { CONSENT_CATEGORY_FIXTURES } from '../../../fixtures/consent'
import { TEST_API_BASE, useNodeMockPlatform } from '../../../mock-platform/testing'
import { createApiClient } from '../client'
import { ApiError } from '../errors'
import { createQueryClient } from '../query-client'
import { consentCategoriesQuery } from './consent'
import { queryKeys } from './keys'

const platform = useNodeMockPlatform()
// Not signed in: the toast and its dialog show on the sign-in page too.
const client = createApiClient({ apiBase: TEST_API_BASE, authBase: `${TEST_API_BASE}/auth/v1`, isPlatform: true, getAccessToken: () => null })

describe('consent categories query', () => {
  it('reads the categories without a session, parsed, under its key', async () => {
    const options = consentCategoriesQuery(client)
    expect(options.queryKey).toEqual(queryKeys.consentCategories())
    const categories = await createQueryClient().fetchQuery(options)
    expect(categories.map((c) => [c.slug, c.isEssential])).toEqual([
      ['essential', true],
      ['analytics', false],
      ['marketing', false],
    ])
    expect(categories).toEqual(CONSENT_CATEGORY_FIXTURES)
  })

  it("fails at once, without retries, when the request is blocked ('consent-unavailable')", async () => {
    platform.mock.setScenario('consent-unavailable')
    try {
      const started = Date.now()
      const error = await createQueryClient()
        .fetchQuery(consentCategoriesQuery(client))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect(Date.now() - started).toBeLessThan(900)
    } finally {
      platform.mock.setScenario(null)
    }
  })
})
