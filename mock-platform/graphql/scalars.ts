/**
 * pg_graphql's scalars, enums, page info and the `<Type>Filter` inputs, shared by every schema
 * (graphql-js types are immutable, so one instance serves every project and role).
 */
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLError,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLString,
  Kind,
  valueFromASTUntyped,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type ValueNode,
} from 'graphql'

/** A scalar carried as a string; `check` says whether an input is one (Postgres has the last word on the value itself). */
function stringScalar(name: string, description: string, check: (text: string) => boolean = () => true, acceptNumbers = false) {
  const accept = (value: unknown): string => {
    if (typeof value === 'string' && check(value)) return value
    if (acceptNumbers && typeof value === 'number' && Number.isFinite(value) && check(String(value))) return String(value)
    throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value) ?? String(value)}`)
  }
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize: (value) => (typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)),
    parseValue: accept,
    parseLiteral: (node: ValueNode) => {
      if (node.kind === Kind.STRING) return accept(node.value)
      if (acceptNumbers && (node.kind === Kind.INT || node.kind === Kind.FLOAT)) return accept(node.value)
      throw new GraphQLError(`${name} cannot represent a non-string value`, { nodes: node })
    },
  })
}

const isJson = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

export const BigIntType = stringScalar('BigInt', 'An arbitrary size integer represented as a string', (text) => /^-?\d+$/.test(text), true)
export const BigFloatType = stringScalar('BigFloat', 'A high precision floating point value represented as a string', (text) => /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text), true)
export const CursorType = stringScalar('Cursor', 'An opaque string using for tracking a position in results during pagination')
export const DateType = stringScalar('Date', 'A date without time information')
export const TimeType = stringScalar('Time', 'A time without date information')
export const DatetimeType = stringScalar('Datetime', 'A date and time')
export const JsonType = stringScalar('JSON', 'A Javascript Object Notation value serialized as a string', isJson)
export const UuidType = stringScalar('UUID', 'A universally unique identifier', (text) => /^[0-9a-f]{8}-?([0-9a-f]{4}-?){3}[0-9a-f]{12}$/i.test(text))

export const OpaqueType = new GraphQLScalarType({
  name: 'Opaque',
  description: 'Any type not handled by the type system',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => valueFromASTUntyped(node, variables),
})

export const FilterIsType = new GraphQLEnumType({ name: 'FilterIs', values: { NULL: {}, NOT_NULL: {} } })

export const ORDER_DIRECTIONS = {
  AscNullsFirst: { descending: false, nullsFirst: true },
  AscNullsLast: { descending: false, nullsFirst: false },
  DescNullsFirst: { descending: true, nullsFirst: true },
  DescNullsLast: { descending: true, nullsFirst: false },
} as const
export type OrderDirection = (typeof ORDER_DIRECTIONS)[keyof typeof ORDER_DIRECTIONS]

export const OrderByDirectionType = new GraphQLEnumType({
  name: 'OrderByDirection',
  description: 'Defines a per-field sorting order',
  values: {
    AscNullsFirst: { value: ORDER_DIRECTIONS.AscNullsFirst, description: 'Ascending order, nulls first' },
    AscNullsLast: { value: ORDER_DIRECTIONS.AscNullsLast, description: 'Ascending order, nulls last' },
    DescNullsFirst: { value: ORDER_DIRECTIONS.DescNullsFirst, description: 'Descending order, nulls first' },
    DescNullsLast: { value: ORDER_DIRECTIONS.DescNullsLast, description: 'Descending order, nulls last' },
  },
})

export const PageInfoType = new GraphQLObjectType({
  name: 'PageInfo',
  fields: {
    endCursor: { type: GraphQLString },
    hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean) },
    hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean) },
    startCursor: { type: GraphQLString },
  },
})

/** The key the SQL puts a record's GraphQL type under (not a GraphQL name, so no field can take it). */
export const TYPE_KEY = '$type'

export const NodeInterface = new GraphQLInterfaceType({
  name: 'Node',
  fields: { nodeId: { type: new GraphQLNonNull(GraphQLID), description: 'Retrieves a record by `ID`' } },
  resolveType: (value) => (value as Record<string, unknown>)[TYPE_KEY] as string,
})

/** The comparison operators pg_graphql offers per kind of scalar. */
const ORDERED_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const
const TEXT_OPS = ['startsWith', 'like', 'ilike', 'regex', 'iregex'] as const

function filterType(type: GraphQLInputType & { name: string }, ops: readonly string[], withIn: boolean): GraphQLInputObjectType {
  return new GraphQLInputObjectType({
    name: `${type.name}Filter`,
    description: `Boolean expression comparing fields on type "${type.name}"`,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = Object.create(null) as GraphQLInputFieldConfigMap
      for (const op of ops) fields[op] = { type }
      if (withIn) fields['in'] = { type: new GraphQLList(new GraphQLNonNull(type)) }
      fields['is'] = { type: FilterIsType }
      return fields
    },
  })
}

function listFilterType(type: GraphQLInputType & { name: string }): GraphQLInputObjectType {
  const list = new GraphQLList(new GraphQLNonNull(type))
  return new GraphQLInputObjectType({
    name: `${type.name}ListFilter`,
    description: `Boolean expression comparing fields on type "${type.name}List"`,
    fields: { containedBy: { type: list }, contains: { type: list }, eq: { type: list }, is: { type: FilterIsType }, overlaps: { type: list } },
  })
}

export type ScalarKind = 'Int' | 'BigInt' | 'Float' | 'BigFloat' | 'Boolean' | 'String' | 'UUID' | 'Date' | 'Time' | 'Datetime' | 'JSON' | 'Opaque'

export const SCALAR_TYPES: Record<ScalarKind, GraphQLScalarType> = {
  Int: GraphQLInt,
  BigInt: BigIntType,
  Float: GraphQLFloat,
  BigFloat: BigFloatType,
  Boolean: GraphQLBoolean,
  String: GraphQLString,
  UUID: UuidType,
  Date: DateType,
  Time: TimeType,
  Datetime: DatetimeType,
  JSON: JsonType,
  Opaque: OpaqueType,
}

const orderedFilter = (kind: ScalarKind) => filterType(SCALAR_TYPES[kind], ORDERED_OPS, true)

/** `<Scalar>Filter` per kind; JSON has none (pg_graphql cannot filter it). */
export const SCALAR_FILTERS: Partial<Record<ScalarKind, GraphQLInputObjectType>> = {
  Int: orderedFilter('Int'),
  BigInt: orderedFilter('BigInt'),
  Float: orderedFilter('Float'),
  BigFloat: orderedFilter('BigFloat'),
  Date: orderedFilter('Date'),
  Time: orderedFilter('Time'),
  Datetime: orderedFilter('Datetime'),
  String: filterType(GraphQLString, [...ORDERED_OPS, ...TEXT_OPS], true),
  Boolean: filterType(GraphQLBoolean, ['eq'], false),
  UUID: filterType(UuidType, ['eq', 'neq'], true),
  Opaque: filterType(OpaqueType, ['eq'], false),
}

export const SCALAR_LIST_FILTERS: Partial<Record<ScalarKind, GraphQLInputObjectType>> = Object.fromEntries(
  (['Int', 'BigInt', 'Float', 'BigFloat', 'Boolean', 'String', 'UUID', 'Date', 'Time', 'Datetime'] as const).map((kind) => [kind, listFilterType(SCALAR_TYPES[kind])]),
)

export const IdFilterType = new GraphQLInputObjectType({
  name: 'IDFilter',
  description: 'Boolean expression comparing fields on type "ID"',
  fields: { eq: { type: GraphQLID } },
})

/** Filters of an enum: equality and membership, like pg_graphql's. */
export function enumFilterType(type: GraphQLEnumType): GraphQLInputObjectType {
  return filterType(type, ['eq', 'neq'], true)
}

export function enumListFilterType(type: GraphQLEnumType): GraphQLInputObjectType {
  return listFilterType(type)
}

/** Postgres base types by GraphQL scalar (pg_graphql's `sql_type_to_graphql_type`); anything else is Opaque. */
const SCALAR_BY_PG_TYPE: ReadonlyMap<string, ScalarKind> = new Map<string, ScalarKind>([
  ['int2', 'Int'],
  ['int4', 'Int'],
  ['int8', 'BigInt'],
  ['float4', 'Float'],
  ['float8', 'Float'],
  ['numeric', 'BigFloat'],
  ['bool', 'Boolean'],
  ['text', 'String'],
  ['varchar', 'String'],
  ['bpchar', 'String'],
  ['char', 'String'],
  ['name', 'String'],
  ['citext', 'String'],
  ['uuid', 'UUID'],
  ['date', 'Date'],
  ['time', 'Time'],
  ['timetz', 'Time'],
  ['timestamp', 'Datetime'],
  ['timestamptz', 'Datetime'],
  ['json', 'JSON'],
  ['jsonb', 'JSON'],
])

export function scalarKindOf(pgType: string): ScalarKind {
  return SCALAR_BY_PG_TYPE.get(pgType) ?? 'Opaque'
}
