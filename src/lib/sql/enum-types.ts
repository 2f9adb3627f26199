import { sqlIdent, sqlLiteral } from './quote'
import { excludedSchemasSql } from './table-catalog'
import { qualifiedName } from './table-rows'

/**
 * Enumerated types (the Database area's Types screen): each with its values in order and the columns
 * that use it (an array of it too). Every name goes through sqlIdent, every value through sqlLiteral.
 */

export function enumTypesSql(excludedSchemas: readonly string[]): string {
  return `select coalesce(json_agg(t order by t.schema, t.name), '[]') as types from (
  select t.oid::int8 as id, n.nspname as schema, t.typname as name,
         pg_catalog.obj_description(t.oid, 'pg_type') as comment,
         coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_catalog.pg_enum e where e.enumtypid = t.oid), '[]') as values,
         coalesce((
           select json_agg(json_build_object('schema', cn.nspname, 'table', c.relname, 'table_id', c.oid::int8, 'column', a.attname) order by cn.nspname, c.relname, a.attnum)
             from pg_catalog.pg_attribute a
             join pg_catalog.pg_class c on c.oid = a.attrelid
             join pg_catalog.pg_namespace cn on cn.oid = c.relnamespace
             join pg_catalog.pg_type at on at.oid = a.atttypid
            where (a.atttypid = t.oid or (at.typcategory = 'A' and at.typelem = t.oid))
              and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'v', 'm', 'f')), '[]') as used_by
    from pg_catalog.pg_type t
    join pg_catalog.pg_namespace n on n.oid = t.typnamespace
   where t.typtype = 'e' and ${excludedSchemasSql(excludedSchemas)}
) t`
}

/** Postgres's own limit on an enum label (NAMEDATALEN - 1 bytes). */
export const ENUM_LABEL_MAX_BYTES = 63

/** Why a value cannot be a label of an enum that already has `existing`, or null. */
export function enumValueProblem(value: string, existing: readonly string[]): string | null {
  if (value === '') return 'A value cannot be empty.'
  if (new TextEncoder().encode(value).length > ENUM_LABEL_MAX_BYTES) return `A value can be at most ${ENUM_LABEL_MAX_BYTES} bytes long.`
  if (existing.includes(value)) return `“${value}” is already a value of this type.`
  return null
}

/** The values typed one per line, as labels: blank lines left out, nothing trimmed inside a line but its ends. */
export function enumValuesFromLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

export function createEnumSql(schema: string, name: string, values: readonly string[]): string {
  if (name.trim() === '') throw new Error('Name the type.')
  if (values.length === 0) throw new Error('Give the type at least one value.')
  values.forEach((value, index) => {
    const problem = enumValueProblem(value, values.slice(0, index))
    if (problem) throw new Error(problem)
  })
  return `create type ${qualifiedName(schema, name)} as enum (${values.map((value) => sqlLiteral(value)).join(', ')});`
}

export type EnumValuePlace = { at: 'end' } | { at: 'before' | 'after'; label: string }

export function addEnumValueSql(schema: string, name: string, value: string, existing: readonly string[], place: EnumValuePlace): string {
  const problem = enumValueProblem(value, existing)
  if (problem) throw new Error(problem)
  const where = place.at === 'end' ? '' : ` ${place.at} ${sqlLiteral(place.label)}`
  return `alter type ${qualifiedName(schema, name)} add value ${sqlLiteral(value)}${where};`
}

export function renameEnumValueSql(schema: string, name: string, from: string, to: string, existing: readonly string[]): string {
  if (from === to) throw new Error('Type the value’s new name.')
  const problem = enumValueProblem(to, existing)
  if (problem) throw new Error(problem)
  return `alter type ${qualifiedName(schema, name)} rename value ${sqlLiteral(from)} to ${sqlLiteral(to)};`
}

export function renameEnumSql(schema: string, name: string, to: string): string {
  if (to.trim() === '' || to === name) throw new Error('Type the type’s new name.')
  return `alter type ${qualifiedName(schema, name)} rename to ${sqlIdent(to)};`
}

/** Drops the type; `cascade` drops the columns that use it too. */
export function dropEnumSql(schema: string, name: string, cascade: boolean): string {
  return `drop type ${qualifiedName(schema, name)}${cascade ? ' cascade' : ''};`
}
