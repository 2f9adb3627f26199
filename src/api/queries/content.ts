import { api, type ApiClient } from '../client'
import { DeletedContentSchema, SqlFolderListSchema, SqlFolderSchema, SqlSnippetListSchema, SqlSnippetSchema, type SqlSnippet } from '../schemas'
import { queryKeys } from './keys'

const contentPath = (ref: string) => `/platform/projects/${encodeURIComponent(ref)}/content`
/** Enough for every snippet of a project in one page; the mock and the platform cap it there. */
const SNIPPET_PAGE_SIZE = 1000

/** One SQL snippet of a project (GET /platform/projects/{ref}/content/item/{id}, PLATFORM-API §4). */
export function snippetQuery(ref: string, id: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.snippet(ref, id),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(`${contentPath(ref)}/item/${encodeURIComponent(id)}`, { schema: SqlSnippetSchema, signal }),
  }
}

/** Every SQL snippet of the project, with its text (so search and rename need no extra read). */
export function snippetListQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.snippetList(ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const answer = await client.get(contentPath(ref), {
        query: { type: 'sql', sort_by: 'name', sort_order: 'asc', limit: SNIPPET_PAGE_SIZE },
        schema: SqlSnippetListSchema,
        signal,
      })
      return answer.data
    },
  }
}

/** The project's snippet folders (only the top level: the editor does not nest them). */
export function snippetFoldersQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.snippetFolders(ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const answer = await client.get(`${contentPath(ref)}/folders`, { query: { type: 'sql' }, schema: SqlFolderListSchema, signal })
      return answer.data.folders
    },
  }
}

/** What the editor sends to save a snippet: the whole snippet, created or replaced by id. */
export interface SnippetWrite {
  id: string
  name: string
  sql: string
  folderId: string | null
  favorite: boolean
  description?: string | null
}

export function saveSnippet(ref: string, snippet: SnippetWrite, client: ApiClient = api, signal?: AbortSignal): Promise<SqlSnippet> {
  return client.put(contentPath(ref), {
    body: {
      id: snippet.id,
      name: snippet.name,
      type: 'sql',
      visibility: 'user',
      description: snippet.description ?? null,
      folder_id: snippet.folderId,
      favorite: snippet.favorite,
      content: { sql: snippet.sql, content_id: snippet.id, schema_version: '1.0' },
    },
    schema: SqlSnippetSchema,
    signal,
  })
}

export async function deleteSnippets(ref: string, ids: readonly string[], client: ApiClient = api): Promise<string[]> {
  const deleted = await client.delete(contentPath(ref), { query: { ids }, headers: { Version: '2' }, schema: DeletedContentSchema })
  return deleted.map((d) => d.id)
}

export function createSnippetFolder(ref: string, name: string, client: ApiClient = api) {
  return client.post(`${contentPath(ref)}/folders`, { body: { name }, schema: SqlFolderSchema })
}

export async function renameSnippetFolder(ref: string, id: string, name: string, client: ApiClient = api): Promise<void> {
  await client.patch(`${contentPath(ref)}/folders/${encodeURIComponent(id)}`, { body: { name }, schema: SqlFolderListSchema })
}

export async function deleteSnippetFolders(ref: string, ids: readonly string[], client: ApiClient = api): Promise<void> {
  await client.delete(`${contentPath(ref)}/folders`, { query: { ids }, schema: DeletedContentSchema })
}

/** The write body for an existing snippet, so rename, move and favourite resend what they keep. */
export function snippetWriteOf(snippet: SqlSnippet): SnippetWrite {
  return {
    id: snippet.id,
    name: snippet.name,
    sql: snippet.content.sql,
    folderId: snippet.folder_id,
    favorite: snippet.favorite,
    description: snippet.description ?? null,
  }
}
