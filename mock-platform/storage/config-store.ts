/**
 * Per project: the storage settings (`GET/PATCH /platform/projects/{ref}/config/storage`), kept like
 * the other records the user makes (kept-record.ts): local storage in the browser, memory in node.
 */
import * as v from 'valibot'
import { MOCK_STORAGE_CONFIG_STORAGE_KEY, STORAGE_PLAN_UPLOAD_LIMIT, type PlanId } from '../../src/constants'
import { ownRecord, ownRecordSchema, ownValue } from '../../src/lib/own-record'
import type { PlatformContext } from '../context'
import { keptRecord } from '../records/kept-record'

const ProjectConfigSchema = v.object({ fileSizeLimit: v.pipe(v.number(), v.integer(), v.minValue(0)) })
const StoreSchema = v.object({ projects: ownRecordSchema(ProjectConfigSchema) })
const store = keptRecord(MOCK_STORAGE_CONFIG_STORAGE_KEY, StoreSchema, (): v.InferOutput<typeof StoreSchema> => ({ projects: ownRecord() }))

/** The platform's default global limit (50 MB), never above what the plan allows. */
export function defaultFileSizeLimit(plan: PlanId): number {
  return Math.min(STORAGE_PLAN_UPLOAD_LIMIT.free, STORAGE_PLAN_UPLOAD_LIMIT[plan])
}

/** The project's global upload limit in bytes. A limit kept from a richer plan is capped by the plan it is on now. */
export function projectFileSizeLimit(ctx: PlatformContext, ref: string, plan: PlanId): number {
  const kept = ownValue(store.read(ctx).projects, ref)?.fileSizeLimit
  return Math.min(kept ?? defaultFileSizeLimit(plan), STORAGE_PLAN_UPLOAD_LIMIT[plan])
}

/** A deleted project's settings, gone. */
export function forgetProjectStorageConfig(ctx: PlatformContext, ref: string): void {
  if (ownValue(store.read(ctx).projects, ref) === undefined) return
  store.update(ctx, ({ projects }) => {
    delete projects[ref]
  })
}

export function setProjectFileSizeLimit(ctx: PlatformContext, ref: string, fileSizeLimit: number): void {
  store.update(ctx, ({ projects }) => {
    projects[ref] = { fileSizeLimit }
  })
}
