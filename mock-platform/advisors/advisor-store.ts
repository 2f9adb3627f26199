import * as v from 'valibot'
import { LintExceptionSchema, type LintException } from '../../src/api/schemas/advisors'
import { DEFAULT_API_SCHEMAS, MOCK_ADVISORS_STORAGE_KEY } from '../../src/constants'
import { ownRecord, ownRecordSchema, ownValue } from '../../src/lib/own-record'
import { exposedSchemas } from '../../src/lib/exposed-schemas'
import type { PlatformContext } from '../context'
import { keptRecord } from '../records/kept-record'

/**
 * Per project: the advisors' rules (PLATFORM-API §9 exceptions) and the schemas its API exposes
 * (PostgREST's `db_schema`, which "exposed in the API" lints read). Kept like the other records the
 * user makes (kept-record.ts): in local storage in the browser, so they outlive a reload.
 */
const ProjectRecordSchema = v.object({
  exceptions: v.array(LintExceptionSchema),
  /** PostgREST's form: comma-separated; null until changed (the platform's default). */
  db_schema: v.nullable(v.string()),
})
type ProjectRecord = v.InferOutput<typeof ProjectRecordSchema>
// By project ref: prototype-free, read by own keys.
const StoreSchema = v.object({ projects: ownRecordSchema(ProjectRecordSchema) })

const store = keptRecord(MOCK_ADVISORS_STORAGE_KEY, StoreSchema, (): v.InferOutput<typeof StoreSchema> => ({ projects: ownRecord() }))

const emptyProject = (): ProjectRecord => ({ exceptions: [], db_schema: null })

export function readAdvisorRecord(ctx: PlatformContext, ref: string): ProjectRecord {
  return ownValue(store.read(ctx).projects, ref) ?? emptyProject()
}

/** A deleted project's exceptions and API settings, gone. */
export function forgetAdvisorRecord(ctx: PlatformContext, ref: string): void {
  if (ownValue(store.read(ctx).projects, ref) === undefined) return
  store.update(ctx, ({ projects }) => {
    delete projects[ref]
  })
}

export function updateAdvisorRecord(ctx: PlatformContext, ref: string, change: (record: ProjectRecord) => void): ProjectRecord {
  const { projects } = store.update(ctx, ({ projects }) => {
    const record = ownValue(projects, ref) ?? emptyProject()
    change(record)
    projects[ref] = record
  })
  return ownValue(projects, ref)!
}

/** PostgREST's `db_schema` text as the project has it. */
export function apiSchemaSetting(ctx: PlatformContext, ref: string): string {
  return readAdvisorRecord(ctx, ref).db_schema ?? DEFAULT_API_SCHEMAS.join(', ')
}

/** The exposed schemas as names, in PostgREST's reading of the setting (the dashboard's own reading: exposedSchemas). */
export function apiSchemas(ctx: PlatformContext, ref: string): string[] {
  return [...exposedSchemas(apiSchemaSetting(ctx, ref))]
}

export type { LintException }
