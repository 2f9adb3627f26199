/**
 * A GraphQL request against a project's database, the way pg_graphql answers it: parsed and
 * validated against the role's schema, each top-level field compiled to one SQL statement, all of
 * them run in ONE transaction under `set local role <role>` with the caller's claims in
 * `request.jwt.claims` (so grants and row-level security decide, as on the platform), then read
 * back by graphql-js's `execute`, which shapes the answer and its errors. A failed statement fails
 * the whole request and rolls everything back, mutations included.
 *
 * `readOnly` (a member who may only read, SPEC §6): a mutation is refused before anything runs, and
 * a query runs through the database's read-only run (postgres/read-only.ts), so Postgres itself
 * refuses whatever would write; the run always ends rolled back.
 */
import {
  execute,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLFormattedError,
} from 'graphql'
import type { TokenClaims } from '../../src/lib/graphql-token.ts'
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'
import type { ProjectDatabase } from '../postgres/types.ts'
import { collectFields, type CollectedField } from './fields.ts'
import { schemaFor } from './schema-cache.ts'
import { mutationFieldSql } from './sql-mutation.ts'
import { queryFieldSql, type CompileContext } from './sql-select.ts'
import { errorMessage } from '../../src/lib/error-message'
import { GRAPHQL_MESSAGE } from '../../src/constants/messages.ts'

export interface GraphqlRequest {
  query?: unknown
  variables?: unknown
  operationName?: unknown
}

export interface GraphqlAnswer {
  data?: Record<string, unknown> | null
  errors?: readonly GraphQLFormattedError[]
}

const failure = (...errors: readonly GraphQLError[]): GraphqlAnswer => ({ errors: errors.map((error) => error.toJSON()) })

/** Reads a value by the response key graphql-js asks for (the SQL built objects keyed by alias). */
const byResponseKey: GraphQLFieldResolver<unknown, unknown> = (source, _args, _context, info) => {
  const key = String(info.path.key)
  return typeof source === 'object' && source !== null && Object.prototype.hasOwnProperty.call(source, key) ? (source as Record<string, unknown>)[key] : undefined
}

interface PlannedField {
  responseKey: string
  /** Index of its statement's result in the exec's answers. */
  result: number
}

/** A compile error located at the field that caused it. */
function located(error: unknown, field: CollectedField): GraphQLError {
  const message = errorMessage(error)
  return new GraphQLError(message, { nodes: field.nodes, path: [field.responseKey], originalError: error instanceof Error ? error : undefined })
}

function parseRequest(request: GraphqlRequest): { document: DocumentNode; variables: Record<string, unknown>; operationName: string | null } | GraphqlAnswer {
  if (typeof request.query !== 'string' || request.query.trim() === '') return failure(new GraphQLError('Must provide query string.'))
  const variables = request.variables ?? {}
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) return failure(new GraphQLError('Variables must be an object.'))
  if (request.operationName != null && typeof request.operationName !== 'string') return failure(new GraphQLError('operationName must be a string.'))
  try {
    return { document: parse(request.query), variables: variables as Record<string, unknown>, operationName: (request.operationName as string | null | undefined) ?? null }
  } catch (error) {
    return failure(error instanceof GraphQLError ? error : new GraphQLError(String(error)))
  }
}

export interface RunGraphqlOptions {
  /** Run read-only: no mutation, every statement in the database's read-only run. */
  readOnly?: boolean
  signal?: AbortSignal
}

export async function runGraphql(database: ProjectDatabase, request: GraphqlRequest, claims: TokenClaims, options: RunGraphqlOptions = {}): Promise<GraphqlAnswer> {
  const { readOnly = false, signal } = options
  const parsed = parseRequest(request)
  if (!('document' in parsed)) return parsed
  const { document, variables, operationName } = parsed
  const { schema, tablesByTypeName } = await schemaFor(database, claims.role)

  const invalid = validate(schema, document)
  if (invalid.length) return failure(...invalid)
  const operation = getOperationAST(document, operationName)
  if (!operation) {
    return failure(new GraphQLError(operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.'))
  }
  if (operation.operation === 'subscription') return failure(new GraphQLError('Subscriptions are not supported', { nodes: operation }))
  if (readOnly && operation.operation === 'mutation') return { data: null, errors: [new GraphQLError(GRAPHQL_MESSAGE.readOnlyMutation, { nodes: operation }).toJSON()] }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables)
  if (coerced.errors) return failure(...coerced.errors)

  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => [fragment.name.value, fragment]),
  )
  const context: CompileContext = { schema, fragments, variables: coerced.coerced, tablesByTypeName, aliases: { next: 0 } }
  const rootType = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType()
  if (!rootType) return failure(new GraphQLError(`This schema has no ${operation.operation} type`))

  // (begin,) set role, the claims: the fields' statements follow these. The read-only run opens its own transaction.
  const preamble = readOnly ? 2 : 3
  const statements: string[] = []
  const planned: PlannedField[] = []
  try {
    collectFields(context, rootType, [operation.selectionSet]).forEach((field, index) => {
      try {
        if (operation.operation === 'mutation') {
          const compiled = mutationFieldSql(context, field, index)
          if (!compiled) return
          planned.push({ responseKey: field.responseKey, result: preamble + statements.length })
          statements.push(compiled.statement)
          if (compiled.guard) statements.push(compiled.guard)
        } else {
          const statement = queryFieldSql(context, field)
          if (statement === null) return
          planned.push({ responseKey: field.responseKey, result: preamble + statements.length })
          statements.push(statement)
        }
      } catch (error) {
        throw located(error, field)
      }
    })
  } catch (error) {
    return failure(error instanceof GraphQLError ? error : new GraphQLError(String(error)))
  }

  const rootValue = Object.create(null) as Record<string, unknown>
  if (statements.length) {
    const asCaller = [`set local role ${sqlIdent(claims.role)}`, `select set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(claims))}, true)`, ...statements]
    const script = readOnly ? asCaller : [operation.operation === 'mutation' ? 'begin' : 'begin transaction read only', ...asCaller, 'commit']
    try {
      const results = await database.exec(`${script.join(';\n')};`, { signal, readOnly })
      for (const field of planned) rootValue[field.responseKey] = results[field.result]?.rows[0]?.['value'] ?? null
    } catch (error) {
      const message = errorMessage(error)
      return { data: null, errors: [new GraphQLError(message).toJSON()] }
    }
  }

  const result = await execute({ schema, document, rootValue, variableValues: variables, operationName, fieldResolver: byResponseKey })
  return { ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}), data: (result.data as Record<string, unknown> | null | undefined) ?? null }
}
