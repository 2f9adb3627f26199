import * as v from 'valibot'

const SqlContentSchema = v.object({ sql: v.string(), content_id: v.string(), schema_version: v.literal('1.0') })

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
  content: SqlContentSchema,
})
export type SqlSnippet = v.InferOutput<typeof SqlSnippetSchema>

export const SqlSnippetListSchema = v.object({ cursor: v.optional(v.string()), data: v.array(SqlSnippetSchema) })

/** A folder of SQL snippets (`GET …/content/folders`). */
export const SqlFolderSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  name: v.string(),
  owner_id: v.number(),
  parent_id: v.nullable(v.string()),
  project_id: v.number(),
})
export type SqlFolder = v.InferOutput<typeof SqlFolderSchema>

/** The folder listing: folders plus the snippets at that level, without their SQL. */
export const SqlFolderListSchema = v.object({
  cursor: v.optional(v.string()),
  data: v.object({
    folders: v.array(SqlFolderSchema),
    contents: v.array(v.object({ ...SqlSnippetSchema.entries, content: v.optional(SqlContentSchema) })),
  }),
})

/** What `DELETE …/content?ids=` answers. */
export const DeletedContentSchema = v.array(v.object({ id: v.string() }))
