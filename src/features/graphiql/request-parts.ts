/**
 * What the explorer sends, built from what the user typed: variables and headers as JSON objects,
 * the operation under the cursor, and the caller's token (the platform signs it for the picked role).
 *
 * Decisions:
 * - Headers the dashboard itself sends (our Authorization above all) cannot be set here: they
 *   would replace the session's and the platform would answer 401. They are refused by name.
 * - An `x-graphql-authorization` typed into the headers wins over the role picker, so a real user's
 *   JWT can be tried; the picker then says the headers decide.
 * - Records keyed by header names are prototype-free (a header called `constructor` is a header).
 */
import { parse, Kind, type IntrospectionQuery } from 'graphql'
import { GRAPHQL_AUTHORIZATION_HEADER } from '../../constants'
import { ownRecord, type OwnRecord } from '../../lib/own-record'
import { errorMessage } from '../../lib/error-message'

const RESERVED_HEADERS = new Set(['authorization', 'accept', 'content-type', 'content-length', 'cookie', 'host', 'x-request-id'])
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export type Parsed<T> = { value: T; error?: never } | { value?: never; error: string }

function parseObject(text: string, what: string): Parsed<Record<string, unknown>> {
  if (text.trim() === '') return { value: {} }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { error: `${what} are not valid JSON: ${errorMessage(error)}` }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: `${what} must be a JSON object` }
  return { value: value as Record<string, unknown> }
}

export function parseVariables(text: string): Parsed<Record<string, unknown>> {
  return parseObject(text, 'Variables')
}

/** Header names lower-cased (HTTP does not mind case; a duplicate in two cases is one header). */
export function parseHeaders(text: string): Parsed<OwnRecord<string>> {
  const parsed = parseObject(text, 'Headers')
  if (parsed.error !== undefined) return parsed
  const headers = ownRecord<string>()
  for (const [name, value] of Object.entries(parsed.value)) {
    const key = name.toLowerCase()
    if (!HEADER_NAME.test(name)) return { error: `"${name}" is not a valid header name` }
    if (RESERVED_HEADERS.has(key)) return { error: `The dashboard sets the ${name} header itself; it cannot be set here` }
    if (typeof value !== 'string') return { error: `The value of the ${name} header must be a string` }
    headers[key] = value
  }
  return { value: headers }
}

/** The x-graphql-authorization the headers set, if they do. */
export function headerAuthorization(headers: Readonly<Record<string, string>>): string | null {
  return Object.hasOwn(headers, GRAPHQL_AUTHORIZATION_HEADER) ? headers[GRAPHQL_AUTHORIZATION_HEADER]! : null
}

/** The headers of one call: the user's, with the picked role's token (null: none) unless they set their own. */
export function requestHeaders(roleToken: string | null, headers: Readonly<Record<string, string>>): OwnRecord<string> {
  const merged = ownRecord(Object.entries(headers))
  if (headerAuthorization(headers) === null && roleToken !== null) merged[GRAPHQL_AUTHORIZATION_HEADER] = `Bearer ${roleToken}`
  return merged
}

export interface OperationChoice {
  /** Sent as operationName when the document has several operations; null sends none. */
  name: string | null
  kind: 'query' | 'mutation' | 'subscription'
}

/**
 * The operation to run: the one the cursor is in when the document has several (as GraphiQL
 * does), else the only one. Text that does not parse chooses none; the server reports the error.
 */
export function operationAt(query: string, offset: number): OperationChoice | null {
  let operations
  try {
    operations = parse(query).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
  } catch {
    return null
  }
  const at = operations.find((op) => op.loc && op.loc.start <= offset && offset <= op.loc.end) ?? operations[0]
  if (!at) return null
  return { name: operations.length > 1 ? (at.name?.value ?? null) : null, kind: at.operation }
}

type IntrospectedField = { name: string; type: unknown }

/** Whether a field's type, unwrapped, is a scalar or enum (a leaf the starter can list). */
function isLeaf(type: unknown): boolean {
  let current = type as { kind?: string; ofType?: unknown } | null
  while (current && (current.kind === 'NON_NULL' || current.kind === 'LIST')) current = current.ofType as typeof current
  return current?.kind === 'SCALAR' || current?.kind === 'ENUM'
}

/** A first query for an empty editor: the first collection's first rows, a few of its columns. */
export function starterQuery(introspection: IntrospectionQuery): string {
  const query = introspection.__schema.types.find((t) => t.name === introspection.__schema.queryType.name)
  const collection = query && 'fields' in query ? query.fields.find((f) => f.name.endsWith('Collection')) : undefined
  const typeName = collection?.name.slice(0, -'Collection'.length)
  const node = introspection.__schema.types.find((t) => t.name.toLowerCase() === typeName?.toLowerCase())
  if (!collection || !node || !('fields' in node)) return '# The exposed schema has no tables yet.\nquery {\n  __typename\n}\n'
  const columns = (node.fields as readonly IntrospectedField[]).filter((f) => isLeaf(f.type)).slice(0, 4)
  const lines = columns.map((f) => `        ${f.name}`).join('\n')
  // No comment line: Monaco's dark theme draws comments below readable contrast (the Run button says how to run).
  return `query First${node.name} {
  ${collection.name}(first: 5) {
    totalCount
    edges {
      node {
${lines}
      }
    }
  }
}
`
}
