// The schema diagram (src/features/database/schema-diagram/SchemaDiagram.tsx) on a generated schema
// of ?tables= tables and ?keys= foreign keys shaped like a real one (src/test/large-schema.ts): the
// screen's own component, layout and cards, without a database. Not part of the app.
import { ReactFlowProvider } from '@xyflow/react'
import { createRoot } from 'react-dom/client'
import '../../../src/index.css'
import { SchemaDiagram } from '../../../src/features/database/schema-diagram/SchemaDiagram'
import { largeSchemaGraph } from '../../../src/test/large-schema'

const params = new URLSearchParams(location.search)
const graph = largeSchemaGraph(Number(params.get('tables') ?? 500), Number(params.get('keys') ?? 800))

createRoot(document.getElementById('root')!).render(
  <ReactFlowProvider>
    <SchemaDiagram projectRef="bench" graph={graph} />
  </ReactFlowProvider>,
)
