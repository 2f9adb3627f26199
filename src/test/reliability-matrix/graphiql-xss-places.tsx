import { within } from '@testing-library/react'
import { buildClientSchema, buildSchema, getIntrospectionQuery, GraphQLID, GraphQLObjectType, GraphQLSchema, GraphQLString, graphqlSync, type IntrospectionQuery } from 'graphql'
import { useEffect, useRef, type ReactNode } from 'react'
import { ExplorerSidePanel } from '../../features/graphiql/ExplorerSidePanel'
import { HistoryList } from '../../features/graphiql/HistoryList'
import { ResultPane } from '../../features/graphiql/ResultPane'
import type { XssPlace } from './xss-places'
import { errorMessage } from '../../lib/error-message'

/** Opens the docs at the type called `name` once mounted (descriptions show on a type's page). */
function DocsOpenedAt({ name, children }: { name: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => within(box.current!).getAllByRole('button', { name })[0]!.click(), [name])
  return <div ref={box}>{children}</div>
}

/** A schema whose descriptions are the payloads (names must be GraphQL names; descriptions are table and column comments). */
function describedSchema(payloads: readonly string[]) {
  const thing = new GraphQLObjectType({ name: 'Thing', description: payloads[0], fields: { id: { type: GraphQLID, description: payloads.at(-1) } } })
  const fields = Object.fromEntries(payloads.map((payload, i) => [`f${i}`, { type: GraphQLString, description: payload }]))
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', description: payloads.join(' '), fields: { ...fields, thing: { type: thing } } }) })
}

/** What buildClientSchema says of an introspection whose query type's name is the payloads (a server that sends them). */
function problemWithNames(payloads: readonly string[]): string {
  const introspection = graphqlSync({ schema: buildSchema('type Query { a: Int }'), source: getIntrospectionQuery() }).data as unknown as IntrospectionQuery
  const name = payloads.join(' ')
  const types = introspection.__schema.types.map((type) => (type.name === 'Query' ? { ...type, name } : type))
  try {
    buildClientSchema({ __schema: { ...introspection.__schema, queryType: { kind: 'OBJECT', name }, types } } as IntrospectionQuery)
    return 'built'
  } catch (error) {
    return errorMessage(error)
  }
}

/** The reliability matrix's XSS places of the GraphQL explorer: rows, errors and descriptions the server sends, and the user's own history. */
export const GRAPHIQL_XSS_PLACES: XssPlace[] = [
  {
    // The GraphQL explorer's answers are the database's rows and the server's error messages.
    place: 'GraphQL result JSON and errors (GraphiQL)',
    render: (payloads) => (
      <>
        <ResultPane
          running={false}
          outcome={{ kind: 'answer', ms: 1, answer: { data: Object.fromEntries(payloads.map((payload, i) => [`${payload}${i}`, { payload }])), errors: payloads.map((message) => ({ message })) } }}
        />
        <ResultPane running={false} outcome={{ kind: 'refused', message: payloads.join('\n') }} />
      </>
    ),
  },
  {
    // Table and column comments are the schema's descriptions; names a hostile server sends end in the problem message.
    place: 'GraphQL schema docs: descriptions and names the server sent (GraphiQL)',
    render: (payloads) => {
      const panel = (schema: ReturnType<typeof describedSchema> | null, problem: string | null) => (
        <ExplorerSidePanel
          kind="docs"
          schema={schema}
          schemaProblem={problem}
          schemaLoading={false}
          onRefreshSchema={() => {}}
          history={[]}
          onOpenRun={() => {}}
          onClearHistory={() => {}}
          onClose={() => {}}
        />
      )
      return (
        <>
          <DocsOpenedAt name="Query">{panel(describedSchema(payloads), null)}</DocsOpenedAt>
          <DocsOpenedAt name="Thing">{panel(describedSchema(payloads), null)}</DocsOpenedAt>
          {panel(null, problemWithNames(payloads))}
        </>
      )
    },
  },
  {
    // The explorer's past runs: the queries and variables the user typed, kept in local storage.
    place: 'GraphQL explorer history entries (GraphiQL)',
    render: (payloads) => (
      <HistoryList
        entries={payloads.map((payload, i) => ({ id: `run-${i}`, query: payload, variables: payload, operationName: i % 2 ? payload : null, role: 'anon', ranAt: i }))}
        onOpen={() => {}}
        onClear={() => {}}
      />
    ),
  },
]
