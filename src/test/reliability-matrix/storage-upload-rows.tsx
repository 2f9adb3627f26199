import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { executeSql } from '../../api/queries/sql'
import { storageBucketsQuery } from '../../api/queries/storage'
import { storagePoliciesQuery } from '../../api/queries/storage-policies'
import { BYTES_PER_MB } from '../../constants'
import { CreatePolicyDialog } from '../../features/storage/policies/PolicyDialogs'
import { StoragePoliciesScreen } from '../../features/storage/policies/StoragePoliciesPage'
import { StorageSettingsScreen } from '../../features/storage/settings/StorageSettingsPage'
import { platformUploadCalls, UploadQueue, uploadRequests, type UploadRow } from '../../features/storage/uploads/upload-queue'
import { UploadsPanel } from '../../features/storage/uploads/UploadsPanel'
import { Providers, jsonResponse, recordPgMeta, testClient, type WriteRow } from './harness'
import { ALL_PERMISSIONS, ORGANIZATION, REF, projectClient, projectScreen } from './screens'
import type { XssPlace } from './xss-places'

/** The reliability matrix's rows of the uploads, bucket policies and storage settings: each write under each fault, and what they show of names. */

const BUCKET = { id: 'docs', name: 'docs', owner: null, public: false, file_size_limit: null, allowed_mime_types: null, created_at: '2026-11-24T10:00:00Z', updated_at: '2026-11-24T10:00:00Z', type: 'STANDARD' }
const CONFIG = { fileSizeLimit: 50 * BYTES_PER_MB, features: { imageTransformation: { enabled: true }, s3Protocol: { enabled: false } } }
const settled: ReadonlySet<UploadRow['phase']> = new Set(['done', 'failed', 'refused', 'cancelled'])

/** A client that knows the project, its organization (Free) and every permission. */
function storageClient() {
  const client = projectClient()
  client.setQueryData(queryKeys.projectDetail(REF), { ref: REF, name: 'Main app', connectionString: 'encrypted:abc', organization_id: ORGANIZATION.id })
  client.setQueryData(queryKeys.organizations(), [ORGANIZATION])
  client.setQueryData(queryKeys.permissions(), ALL_PERMISSIONS)
  return client
}

export const STORAGE_UPLOAD_WRITE_ROWS: WriteRow[] = [
  {
    // A file is bytes the user chose: uploaded whole, or kept in the panel (failed, with its offset) for Retry.
    write: 'upload a file (chunked)',
    run: async (fault, stub) => {
      const patched: number[] = []
      stub(fault, (request) => {
        const path = new URL(request.url).pathname
        if (request.method === 'GET' && path.endsWith('/buckets/docs')) return jsonResponse(BUCKET)
        if (request.method === 'GET' && path.endsWith('/config/storage')) return jsonResponse(CONFIG)
        if (request.method === 'POST' && path.endsWith('/objects/uploads')) return jsonResponse({ uploadId: 'u1', chunkSize: 4 }, 201)
        if (request.method === 'PATCH' && path.endsWith('/objects/uploads/u1')) {
          const offset = Number(request.headers.get('Upload-Offset'))
          patched.push(offset)
          return jsonResponse({ offset: Math.min(offset + 4, 10) })
        }
        if (request.method === 'DELETE') return new Response(null, { status: 204 })
        return undefined
      })
      const client = testClient()
      const queue = new UploadQueue(platformUploadCalls(REF, client), () => {}, 3, 0)
      queue.add('docs', uploadRequests('notes', [new File(['0123456789'], 'typed.txt', { type: 'text/plain' })]))
      await waitFor(() => expect(settled.has(queue.getRows()[0]!.phase)).toBe(true), { timeout: 5000 })
      const [row] = queue.getRows()
      queue.dispose()
      if (row!.phase === 'done') return patched.at(-1) === 8 && row!.sent === 10
      return row!.phase === 'failed' && row!.path === 'notes/typed.txt'
    },
  },
  {
    write: 'create a bucket policy',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      let done = false
      render(
        <Providers client={storageClient()}>
          <CreatePolicyDialog projectRef={REF} connectionString="encrypted:abc" objects={undefined} bucketId="docs" run={(query) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query })} onDone={() => (done = true)} onClose={() => {}} />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'New policy on docs' })
      fireEvent.change(within(dialog).getByLabelText('Policy name'), { target: { value: 'Typed policy name' } })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create policy' }))
      await waitFor(() => expect(done || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (done) return seen.sql.includes('create policy "Typed policy name"') && seen.sql.includes("bucket_id = 'docs'")
      return (within(dialog).getByLabelText('Policy name') as HTMLInputElement).value === 'Typed policy name'
    },
  },
  {
    write: 'storage upload limit (settings)',
    run: async (fault, stub) => {
      let saved: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'PATCH' || !request.url.endsWith('/config/storage')) return undefined
        saved = body
        return jsonResponse({ ...CONFIG, ...(body as object) })
      })
      const client = storageClient()
      client.setQueryData(queryKeys.storageConfig(REF), CONFIG)
      render(projectScreen(StorageSettingsScreen, client))
      const form = await screen.findByRole('form', { name: 'Upload limit' })
      fireEvent.change(within(form).getByLabelText('Largest file'), { target: { value: '20' } })
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(saved !== null || screen.queryByRole('alert') !== null).toBe(true))
      if (saved) return (saved as { fileSizeLimit?: number }).fileSizeLimit === 20 * BYTES_PER_MB
      return (screen.getByLabelText('Largest file') as HTMLInputElement).value === '20'
    },
  },
]

const PHASES: UploadRow['phase'][] = ['uploading', 'refused', 'conflict', 'failed', 'retrying', 'done', 'queued']

export const STORAGE_UPLOAD_XSS_PLACES: XssPlace[] = [
  {
    // File names are the user's (and a folder picker's relative paths); refusal messages repeat them.
    place: 'file names and messages (uploads panel)',
    render: (payloads) => {
      const queue = new UploadQueue(platformUploadCalls(REF, testClient()), () => {})
      const rows: UploadRow[] = payloads.map((payload, i) => ({
        id: i + 1,
        bucketId: 'docs',
        path: `${payload}/${payload}`,
        name: payload,
        size: 10 + i,
        sent: i,
        phase: PHASES[i % PHASES.length]!,
        error: payload,
        attempts: 1,
      }))
      return <UploadsPanel queue={queue} rows={rows} />
    },
  },
  {
    // Bucket ids and policy names, roles and expressions are the user's (written in the SQL editor, too).
    place: 'bucket and policy names, roles and conditions (storage policies screen)',
    render: (payloads) => {
      const client = storageClient()
      client.setQueryData(
        storageBucketsQuery(REF).queryKey,
        payloads.slice(0, 8).map((payload, i) => ({ ...BUCKET, id: `${payload}${i}`, name: `${payload}${i}`, public: i % 2 === 0 })),
      )
      client.setQueryData(
        storagePoliciesQuery(REF, 'encrypted:abc').queryKey,
        payloads.map((payload, i) => ({
          name: `${payload}#${i}`,
          command: i % 2 ? 'SELECT' : payload,
          roles: [payload],
          permissive: i % 3 !== 0,
          using_expression: i % 2 ? `(bucket_id = '${`${payloads[i % 8]}${i % 8}`.replaceAll("'", "''")}'::text)` : payload,
          check_expression: payload,
        })),
      )
      return projectScreen(StoragePoliciesScreen, client)
    },
  },
  {
    // What the user types into the policy form, shown back in its fields and the SQL preview.
    place: 'bucket policy form fields and its SQL preview',
    batch: 2,
    render: ([bucket = '']) => (
      <Providers client={storageClient()}>
        <CreatePolicyDialog projectRef={REF} connectionString="encrypted:abc" objects={undefined} bucketId={bucket} run={async () => {}} onDone={() => {}} onClose={() => {}} />
      </Providers>
    ),
  },
]
