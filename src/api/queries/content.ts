import { api, type ApiClient } from '../client'
import { SqlSnippetSchema } from '../schemas'
import { queryKeys } from './keys'

/** One SQL snippet of a project (GET /platform/projects/{ref}/content/item/{id}, PLATFORM-API §4). */
export function snippetQuery(ref: string, id: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.snippet(ref, id),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get(`/platform/projects/${encodeURIComponent(ref)}/content/item/${encodeURIComponent(id)}`, { schema: SqlSnippetSchema, signal }),
  }
}
