import * as v from 'valibot'

export const CodeHostingAccountSchema = v.object({ id: v.number(), login: v.string(), name: v.nullish(v.string()) })

/** GET /platform/organizations/{slug}/integrations/github: the connected account and the app installation, each or null. */
export const CodeHostingConnectionSchema = v.object({
  account: v.nullable(CodeHostingAccountSchema),
  connected_at: v.nullish(v.string()),
  installation: v.nullable(v.object({ id: v.number(), created_at: v.string() })),
})
export type CodeHostingConnection = v.InferOutput<typeof CodeHostingConnectionSchema>

/** GET /platform/organizations/{slug}/integrations/github/repositories: what the installed app can see. */
export const CodeHostingRepositoriesSchema = v.array(
  v.object({
    id: v.number(),
    name: v.string(),
    full_name: v.string(),
    private: v.boolean(),
    default_branch: v.string(),
    updated_at: v.nullish(v.string()),
  }),
)
export type CodeHostingRepository = v.InferOutput<typeof CodeHostingRepositoriesSchema>[number]
