/**
 * The GraphQL schema of one role's model (model.ts), shaped like pg_graphql's: per table a `Node`
 * type, its `…Connection`/`…Edge`, `…Filter`, `…OrderBy`, insert and update inputs and mutation
 * responses; `<table>Collection` and `node(nodeId)` on Query; `insertInto…`, `update…` and
 * `deleteFrom…Collection` on Mutation. Each field carries its plan in `extensions.studio`, which
 * the SQL compilers read: the schema is the only place that ties a GraphQL name to a column.
 */
import {
  GraphQLEnumType,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLField,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql'
import { ownRecord } from '../../src/lib/own-record.ts'
import { orderableColumns, selectableColumns, type ColumnModel, type RelationModel, type RoleModel, type TableModel } from './model.ts'
import {
  CursorType,
  enumFilterType,
  enumListFilterType,
  IdFilterType,
  NodeInterface,
  OrderByDirectionType,
  PageInfoType,
  SCALAR_FILTERS,
  SCALAR_LIST_FILTERS,
  SCALAR_TYPES,
} from './scalars.ts'

/** What a field means to the SQL compilers. */
export type FieldPlan =
  | { kind: 'column'; column: ColumnModel }
  | { kind: 'nodeId'; table: TableModel }
  | { kind: 'relation'; relation: RelationModel }
  | { kind: 'collection'; table: TableModel }
  | { kind: 'node' }
  | { kind: 'insert' | 'update' | 'delete'; table: TableModel }

export function planOf(field: GraphQLField<unknown, unknown>): FieldPlan | undefined {
  return field.extensions['studio'] as FieldPlan | undefined
}

/** Every table's node type by its type name, for `node(nodeId)` and for the plans. */
export interface BuiltSchema {
  schema: GraphQLSchema
  tablesByTypeName: ReadonlyMap<string, TableModel>
}

// Keyed by names from the user's catalogue (a column may be called `constructor`): no prototype.
const record = ownRecord
const nonNull = <T extends GraphQLOutputType | GraphQLInputType>(type: T, required: boolean) => (required ? new GraphQLNonNull(type) : type)

export function buildGraphqlSchema(model: RoleModel): BuiltSchema {
  const enumTypes = new Map(model.enums.map((e) => [e, new GraphQLEnumType({ name: e.typeName, values: record(e.labels.map((label) => [label, { value: label }])) })]))
  const enumFilters = new Map([...enumTypes].map(([e, type]) => [e, enumFilterType(type)]))
  const enumListFilters = new Map([...enumTypes].map(([e, type]) => [e, enumListFilterType(type)]))
  const nodes = new Map<TableModel, GraphQLObjectType>()
  const connections = new Map<TableModel, GraphQLObjectType>()
  const filters = new Map<TableModel, GraphQLInputObjectType>()
  const orderBys = new Map<TableModel, GraphQLInputObjectType>()

  const scalarOf = (column: ColumnModel) => (column.kind === 'Enum' ? enumTypes.get(column.enumModel!)! : SCALAR_TYPES[column.kind])
  const outputType = (column: ColumnModel): GraphQLOutputType => {
    const scalar = scalarOf(column)
    return nonNull(column.isArray ? new GraphQLList(scalar) : scalar, column.notNull)
  }
  const inputType = (column: ColumnModel): GraphQLInputType => {
    const scalar = scalarOf(column)
    return column.isArray ? new GraphQLList(scalar) : scalar
  }
  const filterOf = (column: ColumnModel) => {
    if (column.kind === 'Enum') return (column.isArray ? enumListFilters : enumFilters).get(column.enumModel!)
    return (column.isArray ? SCALAR_LIST_FILTERS : SCALAR_FILTERS)[column.kind]
  }

  const collectionArgs = (table: TableModel): GraphQLFieldConfigArgumentMap => ({
    first: { type: GraphQLInt, description: 'Query the first `n` records in the collection' },
    last: { type: GraphQLInt, description: 'Query the last `n` records in the collection' },
    before: { type: CursorType, description: 'Query values in the collection before the provided cursor' },
    after: { type: CursorType, description: 'Query values in the collection after the provided cursor' },
    filter: { type: filters.get(table)!, description: 'Filters to apply to the results set when querying from the collection' },
    orderBy: { type: new GraphQLList(new GraphQLNonNull(orderBys.get(table)!)), description: 'Sort order to apply to the collection' },
  })

  for (const table of model.tables) {
    filters.set(
      table,
      new GraphQLInputObjectType({
        name: table.names.filter,
        fields: () => {
          const fields = record<GraphQLInputFieldConfigMap[string]>()
          for (const column of selectableColumns(table)) {
            const filter = filterOf(column)
            if (filter) fields[column.field] = { type: filter }
          }
          fields['nodeId'] = { type: IdFilterType }
          const self = filters.get(table)!
          fields['and'] = { type: new GraphQLList(new GraphQLNonNull(self)), description: 'Returns true only if all its inner filters are true, otherwise returns false' }
          fields['or'] = { type: new GraphQLList(new GraphQLNonNull(self)), description: 'Returns true if at least one of its inner filters is true, otherwise returns false' }
          fields['not'] = { type: self, description: 'Negates a filter' }
          return fields
        },
      }),
    )
    orderBys.set(
      table,
      new GraphQLInputObjectType({
        name: table.names.orderBy,
        fields: record(orderableColumns(table).map((column) => [column.field, { type: OrderByDirectionType }])),
      }),
    )
    nodes.set(
      table,
      new GraphQLObjectType({
        name: table.typeName,
        description: table.description ?? undefined,
        interfaces: [NodeInterface],
        fields: () => {
          const fields = record<GraphQLFieldConfig<unknown, unknown>>()
          fields['nodeId'] = { type: new GraphQLNonNull(GraphQLID), description: 'Globally Unique Record Identifier', extensions: { studio: { kind: 'nodeId', table } } }
          for (const column of selectableColumns(table)) {
            fields[column.field] = { type: outputType(column), description: column.description ?? undefined, extensions: { studio: { kind: 'column', column } } }
          }
          for (const relation of table.relations) {
            fields[relation.field] = relation.collection
              ? { type: connections.get(relation.target)!, args: collectionArgs(relation.target), extensions: { studio: { kind: 'relation', relation } } }
              : { type: nonNull(nodes.get(relation.target)!, !relation.nullable), extensions: { studio: { kind: 'relation', relation } } }
          }
          return fields
        },
      }),
    )
    const edge = new GraphQLObjectType({
      name: table.names.edge,
      fields: () => ({ cursor: { type: new GraphQLNonNull(GraphQLString) }, node: { type: new GraphQLNonNull(nodes.get(table)!) } }),
    })
    connections.set(
      table,
      new GraphQLObjectType({
        name: table.names.connection,
        fields: {
          edges: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(edge))) },
          pageInfo: { type: new GraphQLNonNull(PageInfoType) },
          totalCount: { type: new GraphQLNonNull(GraphQLInt), description: 'The total number of records matching the `filter` criteria' },
        },
      }),
    )
  }

  const query = record<GraphQLFieldConfig<unknown, unknown>>()
  query['node'] = { type: NodeInterface, args: { nodeId: { type: new GraphQLNonNull(GraphQLID) } }, description: 'Retrieve a record by its `ID`', extensions: { studio: { kind: 'node' } } }
  for (const table of model.tables) {
    query[table.names.collection] = {
      type: connections.get(table)!,
      args: collectionArgs(table),
      description: `A pagable collection of type \`${table.typeName}\``,
      extensions: { studio: { kind: 'collection', table } },
    }
  }

  const mutation = mutationFields(model, nodes, filters, inputType)
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', description: 'The root type for querying data', fields: query }),
    mutation: Object.keys(mutation).length ? new GraphQLObjectType({ name: 'Mutation', description: 'The root type for creating and mutating data', fields: mutation }) : undefined,
    // Types only the Node interface reaches (a table no field leads to) still belong to the schema.
    types: [...nodes.values()],
  })
  return { schema, tablesByTypeName: new Map(model.tables.map((t) => [t.typeName, t])) }
}

function mutationFields(
  model: RoleModel,
  nodes: ReadonlyMap<TableModel, GraphQLObjectType>,
  filters: ReadonlyMap<TableModel, GraphQLInputObjectType>,
  inputType: (column: ColumnModel) => GraphQLInputType,
): GraphQLFieldConfigMap<unknown, unknown> {
  const fields = record<GraphQLFieldConfig<unknown, unknown>>()
  const atMost = { type: new GraphQLNonNull(GraphQLInt), defaultValue: 1, description: 'The maximum number of records in the collection permitted to be affected' }
  const filterArg = (table: TableModel) => ({ type: filters.get(table)!, description: "Restricts the mutation's impact to records matching the criteria" })
  const response = (table: TableModel, name: string) =>
    new GraphQLObjectType({
      name,
      fields: {
        affectedCount: { type: new GraphQLNonNull(GraphQLInt), description: 'Count of the records impacted by the mutation' },
        records: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(nodes.get(table)!))), description: 'Array of records impacted by the mutation' },
      },
    })
  const input = (name: string, columns: ColumnModel[]) =>
    new GraphQLInputObjectType({ name, fields: record(columns.map((column) => [column.field, { type: inputType(column), description: column.description ?? undefined }])) })

  for (const table of model.tables) {
    if (table.canInsert) {
      fields[table.names.insert] = {
        type: response(table, table.names.insertResponse),
        args: { objects: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(input(table.names.insertInput, table.columns.filter((c) => c.insertable))))) } },
        description: `Adds one or more \`${table.typeName}\` records to the collection`,
        extensions: { studio: { kind: 'insert', table } },
      }
    }
    if (table.canUpdate) {
      fields[table.names.update] = {
        type: new GraphQLNonNull(response(table, table.names.updateResponse)),
        args: {
          set: { type: new GraphQLNonNull(input(table.names.updateInput, table.columns.filter((c) => c.updatable))), description: 'Fields that are set will be updated for all records matching the `filter`' },
          filter: filterArg(table),
          atMost,
        },
        description: `Updates zero or more records in the \`${table.typeName}\` collection`,
        extensions: { studio: { kind: 'update', table } },
      }
    }
    if (table.canDelete) {
      fields[table.names.delete] = {
        type: new GraphQLNonNull(response(table, table.names.deleteResponse)),
        args: { filter: filterArg(table), atMost },
        description: `Deletes zero or more records from the \`${table.typeName}\` collection`,
        extensions: { studio: { kind: 'delete', table } },
      }
    }
  }
  return fields
}
