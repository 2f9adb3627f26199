import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { snippetListQuery } from '../../api/queries/content'
import { projectDetailQuery } from '../../api/queries/projects'
import { tableEntitiesQuery } from '../../api/queries/table-editor'
import type { SqlSnippet, TableEntity } from '../../api/schemas'
import { PROJECT_GATE_KIND } from '../../constants'
import type { CommandSection } from '../../lib/command-search'

/** How many of a project's tables or snippets a search lists: the best matches; the editors list them all. */
export const PROJECT_SEARCH_LIMIT = 8

const ENTITY_HINTS: Readonly<Record<TableEntity['type'], string | undefined>> = {
  table: undefined,
  view: 'View',
  materialized_view: 'Materialized view',
  foreign_table: 'Foreign table',
}

/** The command-menu sections of a project's tables and SQL snippets, by name (shown for a search only). */
export function projectSearchSections(
  ref: string,
  tables: readonly TableEntity[],
  snippets: readonly SqlSnippet[],
  navigate: (path: string) => void,
): CommandSection[] {
  return [
    {
      id: 'project-tables',
      name: 'Tables',
      searchOnly: true,
      limit: PROJECT_SEARCH_LIMIT,
      commands: tables.map((table) => ({
        id: `table-${table.id}`,
        name: `${table.schema}.${table.name}`,
        keywords: [table.name],
        hint: ENTITY_HINTS[table.type],
        run: () => navigate(`/project/${ref}/editor/${table.id}`),
      })),
    },
    {
      id: 'project-snippets',
      name: 'SQL snippets',
      searchOnly: true,
      limit: PROJECT_SEARCH_LIMIT,
      commands: snippets.map((snippet) => ({
        id: `snippet-${snippet.id}`,
        name: snippet.name,
        hint: snippet.favorite ? 'Favorite' : undefined,
        run: () => navigate(`/project/${ref}/sql/${snippet.id}`),
      })),
    },
  ]
}

/**
 * The current project's tables and snippets for the open command menu: read when it opens (the
 * editors' own queries, so a visit to either has them cached), the tables only while the project's
 * database runs.
 */
export function useProjectSearchSections(ref: string | undefined): CommandSection[] {
  const [, navigate] = useLocation()
  const project = useQuery({ ...projectDetailQuery(ref), enabled: Boolean(ref) })
  const open = project.data ? PROJECT_GATE_KIND[project.data.status] === 'open' : false
  const connectionString = project.data?.connectionString
  const tables = useQuery({ ...tableEntitiesQuery(ref ?? '', connectionString), enabled: Boolean(ref) && open && Boolean(connectionString) })
  const snippets = useQuery({ ...snippetListQuery(ref ?? ''), enabled: Boolean(ref) })
  return useMemo(() => (ref ? projectSearchSections(ref, tables.data ?? [], snippets.data ?? [], navigate) : []), [ref, tables.data, snippets.data, navigate])
}
