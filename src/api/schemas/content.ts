import * as v from 'valibot'

/** A SQL snippet as the content endpoints answer it (PLATFORM-API §4). */
export const SqlSnippetSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  name: v.string(),
  description: v.nullish(v.string()),
  type: v.literal('sql'),
  visibility: v.picklist(['user', 'project', 'org', 'public']),
  owner_id: v.number(),
  project_id: v.number(),
  folder_id: v.nullable(v.string()),
  favorite: v.boolean(),
  inserted_at: v.string(),
  updated_at: v.string(),
  content: v.object({ sql: v.string(), content_id: v.string(), schema_version: v.literal('1.0') }),
})
export type SqlSnippet = v.InferOutput<typeof SqlSnippetSchema>

export const SqlSnippetListSchema = v.object({ cursor: v.optional(v.string()), data: v.array(SqlSnippetSchema) })
