import { CONSENT_CATEGORIES_PATH, STALE_TIME } from '../../constants'
import { api, type ApiClient } from '../client'
import { ConsentCategoriesSchema } from '../schemas'
import { queryKeys } from './keys'

/** The privacy settings dialog's consent categories (SPEC §3). Not signed in is fine: the toast shows on the sign-in page too. */
export function consentCategoriesQuery(client: ApiClient = api) {
  return {
    queryKey: queryKeys.consentCategories(),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(CONSENT_CATEGORIES_PATH, { schema: ConsentCategoriesSchema, signal }),
    staleTime: STALE_TIME.default,
    // An ad blocker refuses every attempt alike (SPEC §8): show the failure with Retry at once instead of after 7 s of retries.
    retry: false,
  }
}
