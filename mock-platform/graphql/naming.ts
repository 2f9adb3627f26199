/**
 * pg_graphql's names, with its inflection on (`snake_case` tables become `PascalCase` types and
 * `camelCase` fields): `customers` → type `Customers`, field `customersCollection`, inputs
 * `CustomersFilter`, `CustomersOrderBy`, `CustomersInsertInput`; `order_items.order_id` → `order`
 * on `OrderItems` and `orderItemsCollection` on `Orders`.
 *
 * Decision: inflection is always on. pg_graphql turns it on per schema with a comment directive
 * (`@graphql({"inflect_names": true})`) and the platform's projects read like this, so the explorer
 * shows the names people meet in the platform's docs; the directive itself is not read.
 */

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/

export function isValidGraphqlName(name: string): boolean {
  return GRAPHQL_NAME.test(name) && !name.startsWith('__')
}

/** pg_graphql's `to_base_type_name`: a character after one that is not a letter or digit is upper-cased, then `_` goes. */
export function inflectTypeName(sqlName: string): string {
  let out = ''
  let previous = '+'
  for (const char of sqlName) {
    out += /[\p{L}\p{N}]/u.test(previous) ? char : char.toUpperCase()
    previous = char
  }
  return out.replaceAll('_', '')
}

export function lowerFirst(name: string): string {
  return name.slice(0, 1).toLowerCase() + name.slice(1)
}

/** A column's field: `created_at` → `createdAt`. */
export function columnFieldName(column: string): string {
  return lowerFirst(inflectTypeName(column))
}

export function collectionFieldName(typeName: string): string {
  return `${lowerFirst(typeName)}Collection`
}

export const mutationFieldNames = (typeName: string) => ({
  insert: `insertInto${typeName}Collection`,
  update: `update${typeName}Collection`,
  delete: `deleteFrom${typeName}Collection`,
})

/**
 * The field a foreign key adds. On the referencing table (`toOne`): the single column without its
 * `_id` (`customer_id` → `customer`), else the referenced table's name. On the referenced table:
 * the referencing table's name, with `Collection` unless the key's columns are unique there.
 */
export function relationFieldName(options: { targetTypeName: string; columns: readonly string[]; collection: boolean }): string {
  const base = lowerFirst(options.targetTypeName)
  if (options.collection) return `${base}Collection`
  const [only, ...rest] = options.columns
  if (only !== undefined && rest.length === 0 && only.endsWith('_id')) return columnFieldName(only.slice(0, -'_id'.length))
  return base
}

/** Type names the schema defines itself; a table whose type would take one is left out. */
export const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  'Query',
  'Mutation',
  'Node',
  'PageInfo',
  'Cursor',
  'BigInt',
  'BigFloat',
  'Date',
  'Time',
  'Datetime',
  'JSON',
  'UUID',
  'Opaque',
  'FilterIs',
  'OrderByDirection',
  'String',
  'Int',
  'Float',
  'Boolean',
  'ID',
])
