import * as v from 'valibot'

/** One extension as the database reports it (`src/lib/sql/extensions.ts` asks for these fields). */
export const DatabaseExtensionSchema = v.object({
  name: v.string(),
  default_version: v.nullable(v.string()),
  installed_version: v.nullable(v.string()),
  /** Where it is installed; null while not installed. */
  schema: v.nullable(v.string()),
  comment: v.nullable(v.string()),
  /** The only schema its control file allows; null when the user may choose. */
  fixed_schema: v.nullable(v.string()),
  requires: v.array(v.string()),
  /** Whether this database's user may have it installed (src/lib/sql/extensions.ts). */
  installable: v.boolean(),
})
export type DatabaseExtension = v.InferOutput<typeof DatabaseExtensionSchema>

export const DatabaseExtensionsAnswerSchema = v.array(DatabaseExtensionSchema)
export const SchemaNamesAnswerSchema = v.array(v.object({ name: v.string() }))
export const ExtensionDependentsAnswerSchema = v.array(v.object({ object: v.string() }))
