/**
 * Storage under two served replicas (issue 54): behind a load balancer an upload's chunks reach
 * either replica, and an object stored through one is downloaded through the other.
 */
import { describe, expect, it } from 'vitest'
import { apiAs, ownerOfNewProject } from './testing'
import { useServedRecords } from './records-testing'
import type { StudioServer } from './server'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA_PREFIX = `studio_replstore_test_${process.pid}_`
const DATABASE_PREFIX = 'studio_replstore_test_'

/** One chunk as the dashboard sends it (uploadChunk): raw bytes at an offset. */
async function sendChunk(server: StudioServer, token: string, path: string, offset: number, bytes: Uint8Array<ArrayBuffer>) {
  const answer = await fetch(`${server.url}/api${path}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    body: bytes,
  })
  return { status: answer.status, body: (await answer.json()) as { offset: number; object?: { id: string } } }
}

describe.runIf(databaseUrl)('storage under two replicas (DATABASE_URL)', () => {
  const served = useServedRecords({ schemaPrefix: SCHEMA_PREFIX, databasePrefix: DATABASE_PREFIX })

  it("takes an upload's chunks on either replica, and serves the object from both", () =>
    served.onReplicas(async (a, b) => {
      const { token, as: onA, ref } = await ownerOfNewProject(a, 'Shared files')
      const onB = apiAs(b, token)
      const storage = `/platform/storage/${ref}/buckets`
      expect((await onA.call(storage, { method: 'POST', body: { id: 'docs', public: false } })).status).toBeLessThan(300)

      const bytes = Uint8Array.from({ length: 25_000 }, (_, i) => (i * 13) % 251)
      const started = await onB.call(`${storage}/docs/objects/uploads`, { method: 'POST', body: { path: 'shared/report.bin', size: bytes.length, mimetype: 'application/octet-stream' } })
      expect(started.status).toBe(201)
      const uploads = `${storage}/docs/objects/uploads/${(started.body as { uploadId: string }).uploadId}`
      // Chunks of 10,000 bytes, to A, B, A: each replica finds what the other kept.
      const first = await sendChunk(a, token, uploads, 0, bytes.slice(0, 10_000))
      expect(first).toEqual({ status: 200, body: { offset: 10_000 } })
      // The first chunk again (a retry), now on B: where the upload stands, nothing kept twice.
      expect(await sendChunk(b, token, uploads, 0, bytes.slice(0, 10_000))).toMatchObject({ status: 409, body: { offset: 10_000 } })
      expect((await sendChunk(b, token, uploads, 10_000, bytes.slice(10_000, 20_000))).body).toEqual({ offset: 20_000 })
      const last = await sendChunk(a, token, uploads, 20_000, bytes.slice(20_000))
      expect(last.status).toBe(200)
      expect(last.body.object?.id).toEqual(expect.any(String))

      for (const server of [a, b]) {
        const answer = await fetch(`${server.url}/api${storage}/docs/objects/download`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ path: 'shared/report.bin' }),
        })
        expect(answer.status).toBe(200)
        expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes)
      }
    }), 120_000)
})
