import { useQuery } from '@tanstack/react-query'
import { ReactFlowProvider } from '@xyflow/react'
import { css } from 'styled-system/css'
import { schemaGraphQuery } from '../../../api/queries/schema-graph'
import { EmptyState, QueryStates } from '../../../ui/states'
import { SchemaPicker, useSchemaParam } from '../SchemaPicker'
import { useProjectDatabase } from '../use-project-database'
import { SchemaDiagram } from './SchemaDiagram'

/** /project/{ref}/database/schemas?schema=…: the tables of a schema and the foreign keys between them, drawn. */
export function SchemaDiagramScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString } = useProjectDatabase(ref)
  const [schema, setSchema] = useSchemaParam()
  const graph = useQuery({ ...schemaGraphQuery(ref, connectionString, schema), enabled: Boolean(connectionString) })

  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>
      <header className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end', px: { base: '4', md: '6' }, pt: '5', pb: '2' })}>
        <div className={css({ flex: '1', minW: '0' })}>
          <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>Schema diagram</h1>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>The tables of a schema and the foreign keys between them. Drag a table to move it; its name opens it.</p>
        </div>
        <SchemaPicker projectRef={ref} schema={schema} onChange={setSchema} />
      </header>
      <QueryStates query={graph} loading="Reading the schema…" failed="The schema could not be read">
        {(data) => !data.exists ? (
          <EmptyState title={`There is no schema called “${schema}”`}>Choose one of the database’s schemas above.</EmptyState>
        ) : data.tables.length === 0 ? (
          <EmptyState title={`No tables in ${schema} yet`}>Tables made in the table editor or with SQL appear here with their foreign keys.</EmptyState>
        ) : (
          <ReactFlowProvider key={`${ref}\u0000${schema}`}>
            <SchemaDiagram projectRef={ref} graph={data} />
          </ReactFlowProvider>
        )}
      </QueryStates>
    </div>
  )
}
