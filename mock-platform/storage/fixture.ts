/**
 * A test and bench seam: one folder filled with `count` objects at once (one SQL insert of `count`
 * rows with generate_series, a few bytes each), for the explorer's 10,000-object folder in e2e and
 * the bench. Reached from the page as `window.__studioMock.fillStorageFolder(ref, …)` (browser.ts),
 * from node tests by calling it with the platform's context.
 */
import { sqlLiteral } from '../../src/lib/sql/quote'
import type { PlatformContext } from '../context'
import { openProjectDatabase } from '../projects/database-start'
import { prefixPattern } from './sql'

export interface FillFolderOptions {
  bucket: string
  /** The folder's path without a trailing '/', '' for the bucket's root. */
  folder: string
  count: number
  /** Made public when the bucket is new (default false). */
  public?: boolean
}

/** The name of the fixture's `index`-th object (1-based), zero-padded so name order is number order. */
export function fixtureObjectName(folder: string, index: number): string {
  return `${folder === '' ? '' : `${folder}/`}file-${String(index).padStart(5, '0')}.txt`
}

const fixtureBytes = (name: string) => new TextEncoder().encode(`${name}\n`)

/** Fills the folder (the bucket made if missing); objects already there keep their place. Answers how many were added. */
export async function fillStorageFolder(ctx: PlatformContext, ref: string, options: FillFolderOptions): Promise<number> {
  const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
  if (!project) throw new Error(`No project ${ref}`)
  const { unlogged: db } = await openProjectDatabase(ctx, project)
  const folder = options.folder.replace(/^\/+|\/+$/g, '')
  const prefix = folder === '' ? '' : `${folder}/`
  const bucket = sqlLiteral(options.bucket)
  await db.query(`insert into storage.buckets (id, name, public) values (${bucket}, ${bucket}, ${sqlLiteral(options.public ?? false)}) on conflict (id) do nothing`)
  const { rows } = await db.query(`
with added as (
  insert into storage.objects (bucket_id, name, metadata, created_at, updated_at, last_accessed_at)
  select ${bucket}, ${sqlLiteral(prefix)} || 'file-' || lpad(g::text, 5, '0') || '.txt',
         jsonb_build_object('size', length(${sqlLiteral(prefix)} || 'file-' || lpad(g::text, 5, '0') || '.txt') + 1, 'mimetype', 'text/plain',
           'eTag', '"fixture-' || g || '"', 'cacheControl', 'max-age=3600', 'lastModified', now(), 'contentLength',
           length(${sqlLiteral(prefix)} || 'file-' || lpad(g::text, 5, '0') || '.txt') + 1, 'httpStatusCode', 200),
         now() - g * interval '1 second', now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${Math.max(0, Math.floor(options.count))}) g
  on conflict (bucket_id, name) do nothing
  returning id, name)
select coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', name)), '[]'::jsonb) as added from added`)
  const added = (rows[0]?.['added'] ?? []) as { id: string; name: string }[]
  await ctx.storageBytes.putMany(ref, options.bucket, added.map(({ id, name }) => ({ id, bytes: fixtureBytes(name) })))
  return added.length
}

/** How many objects the folder holds, at any depth (for a bench's or test's check). */
export async function countFolderObjects(ctx: PlatformContext, ref: string, bucket: string, folder: string): Promise<number> {
  const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
  if (!project) throw new Error(`No project ${ref}`)
  const { unlogged: db } = await openProjectDatabase(ctx, project)
  const prefix = folder.replace(/^\/+|\/+$/g, '')
  const { rows } = await db.query(
    `select count(*)::int as n from storage.objects where bucket_id = ${sqlLiteral(bucket)} and name like ${prefixPattern(prefix === '' ? '' : `${prefix}/`)}`,
  )
  return Number(rows[0]?.['n'] ?? 0)
}
