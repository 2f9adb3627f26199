import * as v from 'valibot'
import { POOL_MODES } from '../../constants'

/**
 * GET /platform/projects/{ref}/settings (PLATFORM-API §3): only what the dashboard reads. The
 * answer carries no password; the dashboard shows a placeholder in its place.
 */
export const ProjectSettingsSchema = v.object({
  ref: v.string(),
  db_host: v.string(),
  db_port: v.number(),
  db_name: v.string(),
  db_user: v.string(),
  /** The project's API URL. */
  app_config: v.optional(v.object({ endpoint: v.string(), db_schema: v.string() })),
  /** The API keys (`tags` names the role: `anon,public` or `service_role`). */
  service_api_keys: v.optional(v.array(v.object({ name: v.string(), tags: v.string(), api_key: v.string() })), []),
})
export type ProjectSettings = v.InferOutput<typeof ProjectSettingsSchema>

/**
 * One entry of GET /platform/projects/{ref}/config/supavisor, the pooler in front of each of the
 * project's databases (the platform's `SupavisorConfigResponse`); only what the dashboard reads.
 */
export const PoolerConfigSchema = v.object({
  identifier: v.string(),
  database_type: v.picklist(['PRIMARY', 'READ_REPLICA']),
  db_host: v.string(),
  db_port: v.number(),
  db_name: v.string(),
  db_user: v.string(),
  pool_mode: v.picklist(POOL_MODES),
})
export type PoolerConfig = v.InferOutput<typeof PoolerConfigSchema>
export const PoolerConfigListSchema = v.array(PoolerConfigSchema)

/** GET/PUT /platform/projects/{ref}/ssl-enforcement: whether the database refuses connections without SSL. */
export const SslEnforcementSchema = v.object({ currentConfig: v.object({ database: v.boolean() }), appliedSuccessfully: v.boolean() })

/** GET /platform/projects/{ref}/network-restrictions and its apply: the CIDR blocks allowed to connect, per family. */
export const NetworkRestrictionsSchema = v.object({
  config: v.object({ dbAllowedCidrs: v.array(v.string()), dbAllowedCidrsV6: v.array(v.string()) }),
  status: v.string(),
})

const ComputeVariantSchema = v.object({ identifier: v.string(), name: v.string(), price: v.number() })
/** GET /platform/projects/{ref}/billing/addons: the compute size running now and those on offer (only what the dashboard reads). */
export const ProjectAddonsSchema = v.object({
  selected_addons: v.array(v.object({ type: v.string(), variant: ComputeVariantSchema })),
  available_addons: v.array(v.object({ type: v.string(), variants: v.array(ComputeVariantSchema) })),
})
export type ProjectAddons = v.InferOutput<typeof ProjectAddonsSchema>
