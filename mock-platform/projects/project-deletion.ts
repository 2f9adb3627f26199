/**
 * A project deleted (DELETE /platform/projects/{ref}): nothing of it remains. Its database first —
 * dropped from the server, or its browser or memory database removed — so a failure there leaves
 * the project as it was; then its cron scheduler, its storage objects' bytes, its snippets and folders,
 * the settings kept for it, and its record (the organization's count with it). Its log events stay
 * in the log store until the plan's retention ages them out, as the platform's own logs do.
 */
import type { PlatformContext } from '../context'
import type { MockProject } from '../records/db'
import { forgetProject, removeProjectRecord } from '../auth/account-store'
import { forgetAdvisorRecord } from '../advisors/advisor-store'
import { persistContent } from '../content/content-persistence'
import { stopProjectCron } from '../cron/cron-hosting'
import { forgetProjectStorageConfig } from '../storage/config-store'
import { forgetDatabaseStart } from './database-start'

export async function deleteProject(ctx: PlatformContext, project: MockProject): Promise<void> {
  await (await ctx.databases()).drop(project.ref)
  forgetDatabaseStart(ctx, project.ref)
  // After the drop: a database still opening when it was asked for starts its scheduler once open.
  await stopProjectCron(ctx, project.ref)
  await ctx.storageBytes.deleteProject(project.ref)
  ctx.db.snippets.deleteMany((q) => q.where({ project_ref: project.ref }))
  ctx.db.folders.deleteMany((q) => q.where({ project_ref: project.ref }))
  persistContent(ctx)
  forgetProjectStorageConfig(ctx, project.ref)
  forgetAdvisorRecord(ctx, project.ref)
  await removeProjectRecord(ctx, project)
  forgetProject(ctx, project.ref)
}
