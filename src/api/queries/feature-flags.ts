import * as v from 'valibot'
import { FEATURE_FLAGS_PATH } from '../../constants'
import { api, type ApiClient } from '../client'
import { queryKeys } from './keys'

/** PLATFORM-API §12: a flat map of flag name to value. */
const RemoteFlagsSchema = v.record(v.string(), v.unknown())

/** The platform's remote feature flags, asked with the optional cloud_provider attribute (SPEC §5). */
export function featureFlagsQuery(cloudProvider: string | null, client: ApiClient = api) {
  return {
    queryKey: queryKeys.featureFlags(cloudProvider),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get(FEATURE_FLAGS_PATH, { query: { cloud_provider: cloudProvider ?? undefined }, schema: RemoteFlagsSchema, signal }),
  }
}
