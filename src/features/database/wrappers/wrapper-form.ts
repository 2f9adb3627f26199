import { POSTGRES_IDENTIFIER_MAX_BYTES, WRAPPER_KINDS, type WrapperKind } from '../../../constants'
import type { DatabaseWrapper } from '../../../api/schemas'
import type { NewWrapper, SecretsTable } from '../../../lib/sql/wrappers'
import { UUID_TEXT } from '../../../lib/uuid'

/** The create-wrapper form as typed (text everywhere, so a refused save keeps it all). */
export interface WrapperFormValues {
  kind: string
  wrapperName: string
  serverName: string
  /** By option name, null-prototype (the names come from the catalogue, the values from the user). */
  options: Record<string, string>
  schema: string
  /** The service's objects to read as foreign tables. */
  objects: string[]
}

export type WrapperField = 'wrapperName' | 'serverName' | 'schema' | 'objects' | `option:${string}`

export function wrapperKind(id: string): WrapperKind | undefined {
  return WRAPPER_KINDS.find((kind) => kind.id === id)
}

export function emptyWrapperForm(kind: WrapperKind = WRAPPER_KINDS[0]!): WrapperFormValues {
  const options: Record<string, string> = Object.create(null) as Record<string, string>
  for (const option of kind.serverOptions) options[option.name] = option.defaultValue ?? ''
  return {
    kind: kind.id,
    wrapperName: `${kind.id}_wrapper`,
    serverName: `${kind.id}_server`,
    options,
    schema: kind.id,
    objects: kind.objects.slice(0, 1).map((object) => object.name),
  }
}

function nameProblem(name: string, what: string): string | null {
  if (name.trim() === '') return `Name the ${what}.`
  if (new TextEncoder().encode(name.trim()).length > POSTGRES_IDENTIFIER_MAX_BYTES) return `The ${what}'s name is longer than Postgres allows (${POSTGRES_IDENTIFIER_MAX_BYTES} bytes).`
  return null
}

/** A foreign table's name for a service object: its last path part, as an identifier users can type. */
export function foreignTableName(object: string): string {
  const last = object.split(/[/:]/).filter(Boolean).pop() ?? object
  return last.replace(/\.[a-z0-9]+$/i, '').replace(/[^A-Za-z0-9_]+/g, '_').toLowerCase() || 'data'
}

/**
 * The wrapper the form stands for, or what is wrong with each field. `newId` names each secret's
 * stored copy by option (a uuid, the same for the same option while the form is open).
 */
export function readWrapperForm(
  values: WrapperFormValues,
  existing: readonly DatabaseWrapper[],
  newId: (option: string) => string,
  secretsTable: SecretsTable,
): { wrapper: NewWrapper | null; errors: Partial<Record<WrapperField, string>> } {
  const errors: Partial<Record<WrapperField, string>> = {}
  const kind = wrapperKind(values.kind)
  if (!kind) return { wrapper: null, errors: { objects: 'Choose what to connect to.' } }
  const wrapperName = values.wrapperName.trim()
  const serverName = values.serverName.trim()
  const schema = values.schema.trim()
  const wrapperProblem = nameProblem(wrapperName, 'wrapper') ?? (existing.some((w) => w.name === wrapperName) ? `A wrapper called ${wrapperName} exists already.` : null)
  if (wrapperProblem) errors.wrapperName = wrapperProblem
  const serverProblem = nameProblem(serverName, 'server') ?? (existing.some((w) => w.servers.some((s) => s.name === serverName)) ? `A server called ${serverName} exists already.` : null)
  if (serverProblem) errors.serverName = serverProblem
  const schemaProblem = nameProblem(schema, 'schema')
  if (schemaProblem) errors.schema = schemaProblem
  for (const option of kind.serverOptions) {
    if (option.required && (values.options[option.name] ?? '').trim() === '') errors[`option:${option.name}`] = `${option.label} is required.`
  }
  const objects = kind.objects.filter((object) => values.objects.includes(object.name))
  if (objects.length === 0) errors.objects = 'Choose at least one object to read as a table.'
  if (Object.keys(errors).length > 0) return { wrapper: null, errors }

  const options: Record<string, string> = Object.create(null) as Record<string, string>
  const secrets: NewWrapper['secrets'][number][] = []
  for (const option of kind.serverOptions) {
    const value = (values.options[option.name] ?? '').trim()
    if (value === '') continue
    if (option.secret) secrets.push({ option: option.name, id: newId(option.name), value })
    else options[option.name] = value
  }
  return {
    wrapper: {
      wrapperName,
      serverName,
      options,
      secrets,
      schema,
      tables: objects.map((object) => ({ name: foreignTableName(object.name), option: kind.tableOption, object: object.name, columns: object.columns })),
      secretsTable,
    },
    errors,
  }
}

/** The kind a listed wrapper was made as: by its handler where it has one, else by its name. */
export function kindOfWrapper(wrapper: { name: string; handler: string | null }): WrapperKind | undefined {
  return WRAPPER_KINDS.find((kind) => kind.handler === wrapper.handler) ?? WRAPPER_KINDS.find((kind) => wrapper.name.startsWith(kind.id))
}

/** The secret ids a wrapper's servers name (options ending in `_id` whose value is a uuid). */
export function secretIdsOf(wrapper: DatabaseWrapper): string[] {
  return wrapper.servers.flatMap((server) =>
    server.options.flatMap((option) => {
      const at = option.indexOf('=')
      const [name, value] = [option.slice(0, at), option.slice(at + 1)]
      return name.endsWith('_id') && UUID_TEXT.test(value) ? [value] : []
    }),
  )
}
