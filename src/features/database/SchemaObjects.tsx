import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { isProtectedSchema } from '../../lib/protected-schemas'
import { Callout } from '../../ui/callout'
import { SearchField } from '../../ui/field'
import { GuardedButton } from '../../ui/guarded-button'
import { EmptyState, QueryStates } from '../../ui/states'
import type { TableColumn } from '../../ui/table-head'
import { DatabaseToolPage, ToolTable, toolCellClass } from './DatabaseToolPage'
import { SchemaPicker, useSchemaParam } from './SchemaPicker'
import { useDatabaseWritePermission, useProjectDatabase } from './use-project-database'

/**
 * What the screens of objects that live in a schema share (types, indexes, functions, triggers): the
 * chosen schema, and whether its objects may be changed here: the member's permission, and never in
 * a schema the platform manages.
 */
export function useSchemaObjects(ref: string, resource: string, what: string) {
  const [schema, setSchema] = useSchemaParam()
  const permission = useDatabaseWritePermission(ref, resource, what)
  const protectedSchema = isProtectedSchema(schema)
  return {
    schema,
    setSchema,
    permissionReason: permission.reason,
    protectedSchema,
    canChange: permission.allowed && !protectedSchema,
    blockedReason: permission.reason ?? (protectedSchema ? `${schema} is managed by the platform.` : null),
  }
}
export type SchemaObjects = ReturnType<typeof useSchemaObjects>

type CatalogQuery<T> = (ref: string, connectionString: string | null | undefined) => { queryKey: readonly unknown[]; queryFn: (context: { signal?: AbortSignal }) => Promise<T[]> }

/** What a screen of one kind of schema object starts from: the project's database, the objects' list (read once it can be), and the schema's access. */
export function useSchemaObjectsScreen<T>(ref: string, listQuery: CatalogQuery<T>, resource: string, what: string) {
  const database = useProjectDatabase(ref)
  const list = useQuery({ ...listQuery(ref, database.connectionString), enabled: Boolean(database.connectionString) })
  return { ...database, list, access: useSchemaObjects(ref, resource, what) }
}

/** The header's actions: the schema picker, and the create button with why it is off. */
export function SchemaObjectsActions({ projectRef, access, createLabel, onCreate }: { projectRef: string; access: SchemaObjects; createLabel: string; onCreate: () => void }) {
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
      <SchemaPicker projectRef={projectRef} schema={access.schema} onChange={access.setSchema} />
      <GuardedButton variant="primary" blockedReason={access.blockedReason} disabled={!access.canChange} onClick={onCreate}>
        {createLabel}
      </GuardedButton>
    </div>
  )
}

/** Why nothing can be changed, above the list: the permission refused, or the platform's schema (`objects`: "types", "indexes"…). */
export function SchemaObjectsNotices({ access, objects }: { access: SchemaObjects; objects: string }) {
  return (
    <>
      {access.permissionReason ? <Callout tone="warning" title={access.permissionReason} /> : null}
      {access.protectedSchema ? <Callout tone="info" title={`${access.schema} is managed by the platform: its ${objects} can be read here, not changed.`} /> : null}
    </>
  )
}

/** A cell naming an object's table, linked to it in the table editor. */
export function TableLinkCell({ projectRef, tableId, table }: { projectRef: string; tableId: number; table: string }) {
  return (
    <td className={toolCellClass}>
      <Link href={`/project/${projectRef}/editor/${tableId}`} className={css({ color: 'fg.default', textDecoration: 'underline', fontFamily: 'mono', fontSize: 'xs' })}>
        {table}
      </Link>
    </td>
  )
}

type SchemaObjectsPageProps<T> = {
  projectRef: string
  access: SchemaObjects
  title: string
  description: string
  /** How the screen names one object and many: "index", "indexes". */
  one: string
  many: string
  onCreate: () => void
  query: UseQueryResult<T[]>
  /** The text a search looks in, for a screen with a search field (its placeholder says what that is). */
  search?: { text: (item: T) => string; placeholder: string }
  /** What the empty list says after "No {title} in {schema}". */
  emptyHint: ReactNode
  columns: readonly TableColumn[]
  row: (item: T) => ReactNode
  /** The screen's dialogs. */
  children?: ReactNode
}

/**
 * A screen of one kind of object in the chosen schema: the title with the schema picker and the create
 * button, why nothing can be changed, the search where there is one, then the schema's objects as a
 * table, or what stands in for them (loading, failed, none, none found).
 */
export function SchemaObjectsPage<T extends { schema: string }>({ projectRef, access, title, description, one, many, onCreate, query, search, emptyHint, columns, row, children }: SchemaObjectsPageProps<T>) {
  const [searched, setSearched] = useState('')
  const needle = search ? searched.trim().toLowerCase() : ''
  const { schema } = access
  return (
    <DatabaseToolPage title={title} description={description} actions={<SchemaObjectsActions projectRef={projectRef} access={access} createLabel={`Create ${one}`} onCreate={onCreate} />}>
      <SchemaObjectsNotices access={access} objects={many} />
      {search ? <SearchField label={`Search ${many}`} placeholder={search.placeholder} value={searched} onChange={setSearched} className={css({ maxW: 'sm' })} /> : null}
      <QueryStates query={query} loading={`Loading ${many}…`} failed={`The ${many} could not be read`}>
        {(items) => {
          const shown = items.filter((item) => item.schema === schema && (!needle || search?.text(item).toLowerCase().includes(needle)))
          if (shown.length > 0)
            return (
              <ToolTable label={`${title} of ${schema}`} columns={columns}>
                {shown.map(row)}
              </ToolTable>
            )
          return <EmptyState title={needle ? `No ${one} of ${schema} matches “${searched.trim()}”` : `No ${title.toLowerCase()} in ${schema}`}>{emptyHint}</EmptyState>
        }}
      </QueryStates>
      {children}
    </DatabaseToolPage>
  )
}
