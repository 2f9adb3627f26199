/**
 * The catalog as one API role sees it through pg_graphql: the tables it may select from (with a
 * primary key and a valid name), their columns with their GraphQL kinds and what the role may write,
 * and the relationships foreign keys make between them. The schema (schema.ts) and the SQL
 * (sql-select.ts, sql-mutation.ts) both read this, so a name and its column never disagree.
 */
import type { ApiRole, Catalog, CatalogColumn, CatalogTable } from './catalog.ts'
import { collectionFieldName, columnFieldName, inflectTypeName, isValidGraphqlName, mutationFieldNames, relationFieldName, RESERVED_TYPE_NAMES } from './naming.ts'
import { scalarKindOf, type ScalarKind } from './scalars.ts'

export interface EnumModel {
  typeName: string
  labels: string[]
}

export interface ColumnModel {
  name: string
  field: string
  sqlType: string
  kind: ScalarKind | 'Enum'
  /** For kind 'Enum'. */
  enumModel: EnumModel | null
  isArray: boolean
  notNull: boolean
  selectable: boolean
  insertable: boolean
  updatable: boolean
  description: string | null
}

export interface RelationModel {
  field: string
  /** Many rows of the target (one-to-many), or at most one. */
  collection: boolean
  target: TableModel
  /** target.targetColumns[i] = this.columns[i]. */
  columns: ColumnModel[]
  targetColumns: ColumnModel[]
  /** A to-one relation whose columns are all not null always finds its row. */
  nullable: boolean
}

export interface TableModel {
  schema: string
  name: string
  typeName: string
  description: string | null
  columns: ColumnModel[]
  primaryKey: ColumnModel[]
  relations: RelationModel[]
  canInsert: boolean
  canUpdate: boolean
  canDelete: boolean
  names: {
    collection: string
    connection: string
    edge: string
    filter: string
    orderBy: string
    insertInput: string
    updateInput: string
    insertResponse: string
    updateResponse: string
    deleteResponse: string
    insert: string
    update: string
    delete: string
  }
}

export interface RoleModel {
  role: ApiRole
  tables: TableModel[]
  enums: EnumModel[]
}

/** Comments are descriptions, less pg_graphql's comment directives. */
function description(comment: string | null): string | null {
  const text = comment?.replace(/@graphql\((.|\n)*?\)\s*/g, '').trim()
  return text ? text : null
}

function tableNames(typeName: string): TableModel['names'] {
  const mutations = mutationFieldNames(typeName)
  return {
    collection: collectionFieldName(typeName),
    connection: `${typeName}Connection`,
    edge: `${typeName}Edge`,
    filter: `${typeName}Filter`,
    orderBy: `${typeName}OrderBy`,
    insertInput: `${typeName}InsertInput`,
    updateInput: `${typeName}UpdateInput`,
    insertResponse: `${typeName}InsertResponse`,
    updateResponse: `${typeName}UpdateResponse`,
    deleteResponse: `${typeName}DeleteResponse`,
    ...mutations,
  }
}

function columnModel(column: CatalogColumn, role: ApiRole, enums: ReadonlyMap<number, EnumModel>): ColumnModel {
  const granted = column.privileges[role]
  const enumModel = column.enumOid === null ? null : (enums.get(column.enumOid) ?? null)
  // An enum whose labels are not all GraphQL names is shown as text (its values could not be written otherwise).
  const kind = column.enumOid !== null ? (enumModel ? 'Enum' : 'String') : scalarKindOf(column.scalar)
  const writable = column.identity !== 'a' && column.generated === ''
  return {
    name: column.name,
    field: columnFieldName(column.name),
    sqlType: column.sqlType,
    kind,
    enumModel,
    isArray: column.isArray,
    notNull: column.notNull,
    selectable: granted?.select ?? false,
    insertable: writable && (granted?.insert ?? false),
    updatable: writable && (granted?.update ?? false),
    description: description(column.comment),
  }
}

/** The tables and relationships `role` sees. */
export function buildRoleModel(catalog: Catalog, role: ApiRole): RoleModel {
  const takenTypeNames = new Set<string>(RESERVED_TYPE_NAMES)
  const enums = new Map<number, EnumModel>()
  for (const entry of catalog.enums) {
    const typeName = inflectTypeName(entry.name)
    if (!isValidGraphqlName(typeName) || takenTypeNames.has(typeName) || !entry.labels.every(isValidGraphqlName)) continue
    takenTypeNames.add(typeName)
    enums.set(entry.oid, { typeName, labels: entry.labels })
  }

  const byOid = new Map<number, TableModel>()
  for (const table of catalog.tables) {
    const model = tableModel(catalog.schema, table, role, enums, takenTypeNames)
    if (model) byOid.set(table.oid, model)
  }

  for (const key of catalog.foreignKeys) {
    const local = byOid.get(key.tableOid)
    const referenced = byOid.get(key.refTableOid)
    if (!local || !referenced) continue
    const localColumns = key.columns.map((name) => local.columns.find((c) => c.name === name))
    const refColumns = key.refColumns.map((name) => referenced.columns.find((c) => c.name === name))
    // A relationship needs every column of both sides readable: the join is the role's own query.
    if (!localColumns.every((c) => c?.selectable) || !refColumns.every((c) => c?.selectable)) continue
    const localCols = localColumns as ColumnModel[]
    const refCols = refColumns as ColumnModel[]
    const localTable = catalog.tables.find((t) => t.oid === key.tableOid)!
    const locallyUnique = localTable.uniques.some((set) => set.length === key.columns.length && set.every((name) => key.columns.includes(name)))
    addRelation(local, {
      field: relationFieldName({ targetTypeName: referenced.typeName, columns: key.columns, collection: false }),
      collection: false,
      target: referenced,
      columns: localCols,
      targetColumns: refCols,
      nullable: !localCols.every((c) => c.notNull),
    })
    addRelation(referenced, {
      field: relationFieldName({ targetTypeName: local.typeName, columns: key.refColumns, collection: !locallyUnique }),
      collection: !locallyUnique,
      target: local,
      columns: refCols,
      targetColumns: localCols,
      nullable: true,
    })
  }
  return { role, tables: [...byOid.values()], enums: [...enums.values()] }
}

function tableModel(schema: string, table: CatalogTable, role: ApiRole, enums: ReadonlyMap<number, EnumModel>, taken: Set<string>): TableModel | null {
  const typeName = inflectTypeName(table.name)
  const names = tableNames(typeName)
  const typeNames = [typeName, names.connection, names.edge, names.filter, names.orderBy, names.insertInput, names.updateInput, names.insertResponse, names.updateResponse, names.deleteResponse]
  if (!isValidGraphqlName(typeName) || typeNames.some((name) => taken.has(name))) return null
  const privileges = table.privileges[role]
  // Columns with invalid or clashing names are left out, as pg_graphql leaves them out.
  const seen = new Set(['nodeId'])
  const columns = table.columns
    .map((column) => columnModel(column, role, enums))
    .filter((column) => {
      if (!isValidGraphqlName(column.field) || seen.has(column.field)) return false
      seen.add(column.field)
      return true
    })
  const primaryKey = table.primaryKey.map((name) => columns.find((c) => c.name === name))
  if (primaryKey.length === 0 || !primaryKey.every((c) => c?.selectable)) return null
  // Keyset pages order by the primary key: a key that cannot be ordered (an array, JSON) cannot be paged.
  if (primaryKey.some((c) => c!.isArray || c!.kind === 'JSON')) return null
  for (const name of typeNames) taken.add(name)
  return {
    schema,
    name: table.name,
    typeName,
    description: description(table.comment),
    columns,
    primaryKey: primaryKey as ColumnModel[],
    relations: [],
    // Column grants count: a role allowed to insert some columns may insert.
    canInsert: columns.some((c) => c.insertable),
    canUpdate: columns.some((c) => c.updatable),
    canDelete: privileges?.delete ?? false,
    names,
  }
}

function addRelation(table: TableModel, relation: RelationModel) {
  // A relationship whose name a column (or another relationship) already has is left out.
  const clash = relation.field === 'nodeId' || table.columns.some((c) => c.field === relation.field) || table.relations.some((r) => r.field === relation.field)
  if (!clash && isValidGraphqlName(relation.field)) table.relations.push(relation)
}

/** The selectable columns, in table order. */
export const selectableColumns = (table: TableModel) => table.columns.filter((c) => c.selectable)

/** Columns a page can be ordered by (pg_graphql orders by scalars; not by JSON or arrays). */
export const orderableColumns = (table: TableModel) => table.columns.filter((c) => c.selectable && !c.isArray && c.kind !== 'JSON')
