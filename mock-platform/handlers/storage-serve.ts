/**
 * The URLs the platform serves objects at (storage-objects.ts hands them out):
 * `{api}/projects/{ref}/storage/v1/object/sign/{bucket}/{path}?token=…` (a signed token, valid until
 * its expiry, whatever RLS says) and `…/object/public/{bucket}/{path}` (public buckets only). No
 * sign-in: whoever has the URL gets the bytes, as on the platform. In the page the service worker
 * answers them for the page's own requests (an <img>, a fetch, a download link), not for a
 * navigation (msw's worker lets navigations through); the standalone server answers both.
 */
import { http } from 'msw'
import type { StorageObject } from '../../src/api/schemas/storage'
import { PROJECT_NOT_ACTIVE_MESSAGE, STORAGE_MESSAGES } from '../../src/constants'
import type { PlatformContext } from '../context'
import { openProjectDatabase } from '../projects/database-start'
import { StorageRefusal, recordStorageEvent, refusalOfDatabaseError } from './storage-access'
import { parseServedPath, verifyObjectToken } from '../storage/signing'
import { bucketsSql, objectsByNameSql } from '../storage/sql'
import { objectBytesResponse } from './storage-objects'
import { errorResponse } from './util'
import { isActiveProjectStatus } from '../../src/lib/project-gate'

export function storageServeHandlers(ctx: PlatformContext) {
  async function serve(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url)
    const served = parseServedPath(url.pathname)
    if (!served) return undefined
    const begun = performance.now()
    const project = ctx.db.projects.findFirst((q) => q.where({ ref: served.ref }))
    if (!project) return errorResponse(404, 'Project not found')
    let response: Response
    try {
      if (!isActiveProjectStatus(project.status)) throw new StorageRefusal(400, PROJECT_NOT_ACTIVE_MESSAGE(project.status))
      if (served.kind === 'sign') {
        const signed = await verifyObjectToken(served.ref, url.searchParams.get('token') ?? '', Date.now() + ctx.clockOffset)
        if (typeof signed === 'string') throw new StorageRefusal(400, signed)
        if (signed.bucket !== served.bucket || signed.path !== served.path) throw new StorageRefusal(400, STORAGE_MESSAGES.tokenInvalid)
      }
      const { database } = await openProjectDatabase(ctx, project, request)
      const read = async (sql: string) => {
        try {
          return (await database.query(sql)).rows[0]?.['answer']
        } catch (error) {
          throw refusalOfDatabaseError(error) ?? error
        }
      }
      const [bucket] = (await read(bucketsSql(served.bucket))) as { public: boolean }[]
      if (!bucket || (served.kind === 'public' && !bucket.public)) throw new StorageRefusal(400, STORAGE_MESSAGES.bucketNotFound)
      const [object] = (await read(objectsByNameSql(served.bucket, [served.path]))) as StorageObject[]
      if (!object?.id) throw new StorageRefusal(404, STORAGE_MESSAGES.objectNotFound)
      response = await objectBytesResponse(ctx, served.ref, served.bucket, { id: object.id, metadata: object.metadata })
    } catch (error) {
      if (!(error instanceof StorageRefusal)) throw error
      response = errorResponse(error.status, error.message)
    }
    recordStorageEvent(ctx, request, served.ref, { path: `/object/${served.kind}/${served.bucket}/${served.path}`, bucket: served.bucket, object: served.path }, response.status, performance.now() - begun, 'anon')
    return response
  }
  return [http.get('*/projects/:ref/storage/v1/object/*', ({ request }) => serve(request)), http.head('*/projects/:ref/storage/v1/object/*', ({ request }) => serve(request))]
}
