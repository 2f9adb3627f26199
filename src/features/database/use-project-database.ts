import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { projectDetailQuery } from '../../api/queries/projects'
import { refreshCatalogQueries } from '../../api/queries/table-editor'
import { executeSql } from '../../api/queries/sql'
import { PermissionAction } from '../../lib/permissions'
import { usePermission } from '../permissions'
import { useProjectOrganization } from '../project-shell'

/**
 * What every database tool needs: the project's connection (the project-state gate waits for it),
 * a way to run SQL on its database, and a refresh of everything read from the database's catalogue
 * once a change ran (an enabled extension adds functions, types and maybe a schema).
 */
export function useProjectDatabase(ref: string) {
  const project = useQuery(projectDetailQuery(ref))
  const connectionString = project.data?.connectionString
  const queryClient = useQueryClient()
  const run = useCallback((sql: string) => executeSql({ ref, connectionString, query: sql }), [ref, connectionString])
  const refresh = useCallback(() => refreshCatalogQueries(queryClient, ref), [queryClient, ref])
  return { connectionString, run, refresh }
}

/** Whether the user may change the database's `resource` (SPEC §6 tenant SQL admin write), and why not. */
export function useDatabaseWritePermission(ref: string, resource: string, what: string) {
  const organization = useProjectOrganization(ref)
  return usePermission(PermissionAction.TENANT_SQL_ADMIN_WRITE, resource, organization ? { organizationSlug: organization.slug, projectRef: ref } : undefined, what)
}
