import * as v from 'valibot'
import { CLOUD_PROVIDER_IDS, PROJECT_STATUSES } from '../../constants'

/** GET /platform/projects/{ref} (PLATFORM-API §3, SPEC §3). */
export const ProjectDetailSchema = v.object({
  id: v.number(),
  ref: v.string(),
  name: v.string(),
  organization_id: v.number(),
  cloud_provider: v.picklist(CLOUD_PROVIDER_IDS),
  region: v.string(),
  status: v.picklist(PROJECT_STATUSES),
  inserted_at: v.string(),
  db_host: v.optional(v.string()),
  restUrl: v.optional(v.string()),
  connectionString: v.nullable(v.string()),
  dbVersion: v.optional(v.string()),
  infra_compute_size: v.optional(v.string()),
  parent_project_ref: v.optional(v.string()),
})
export type ProjectDetailRaw = v.InferOutput<typeof ProjectDetailSchema>
/** parent_project_ref falls back to the project's own ref (SPEC §3). */
export type ProjectDetail = ProjectDetailRaw & { parent_project_ref: string; isOrioleDb: boolean }

/** OrioleDB builds carry the engine in their version string (SPEC §3). */
export function isOrioleDbVersion(dbVersion: string | undefined): boolean {
  return dbVersion?.endsWith('orioledb') ?? false
}

export function toProjectDetail(raw: ProjectDetailRaw): ProjectDetail {
  return {
    ...raw,
    parent_project_ref: raw.parent_project_ref ?? raw.ref,
    isOrioleDb: isOrioleDbVersion(raw.dbVersion),
  }
}

/** GET /platform/organizations/{slug}/projects item (PLATFORM-API §3). */
export const OrganizationProjectSchema = v.object({
  ref: v.string(),
  name: v.string(),
  region: v.string(),
  status: v.picklist(PROJECT_STATUSES),
  cloud_provider: v.picklist(CLOUD_PROVIDER_IDS),
  inserted_at: v.string(),
  is_branch: v.optional(v.boolean(), false),
  /** Not in the reference listing; the mock platform sends it so cards can mark OrioleDB projects. */
  dbVersion: v.optional(v.string()),
  databases: v.array(
    v.object({
      identifier: v.string(),
      type: v.picklist(['PRIMARY', 'READ_REPLICA']),
      region: v.string(),
      status: v.string(),
      cloud_provider: v.string(),
      infra_compute_size: v.optional(v.string()),
    }),
  ),
})
export type OrganizationProject = v.InferOutput<typeof OrganizationProjectSchema>

export const OrganizationProjectsPageSchema = v.object({
  pagination: v.object({ count: v.number(), limit: v.number(), offset: v.number() }),
  projects: v.array(OrganizationProjectSchema),
})
export type OrganizationProjectsPage = v.InferOutput<typeof OrganizationProjectsPageSchema>

/** 201 answer of POST /platform/projects (PLATFORM-API §3); only what the dashboard reads. */
export const CreatedProjectSchema = v.object({
  id: v.number(),
  ref: v.string(),
  name: v.string(),
  status: v.picklist(PROJECT_STATUSES),
  organization_slug: v.string(),
  region: v.string(),
  cloud_provider: v.picklist(CLOUD_PROVIDER_IDS),
})
