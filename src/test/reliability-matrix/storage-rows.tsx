import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { createBucket, storageObjectPagesQuery, type StorageBucket, type StorageObject } from '../../api/queries/storage'
import { queryKeys } from '../../api/queries/keys'
import { STORAGE_EXPLORER_VIEW_KEY } from '../../constants'
import { BucketDialog } from '../../features/storage/BucketDialog'
import { BucketMenu, BucketTable } from '../../features/storage/BucketList'
import { createBucketBody, emptyBucketForm, type BucketFormValues } from '../../features/storage/bucket-form'
import { itemsFromPages } from '../../features/storage/explorer-items'
import { FileExplorer } from '../../features/storage/FileExplorer'
import { PreviewPanel } from '../../features/storage/PreviewPanel'
import { EXPLORER_VIEWS, readExplorerView, resetExplorerView, setExplorerView } from '../../features/storage/view-mode'
import { Providers, type WriteRow } from './harness'
import type { StorageRow } from './rows'
import { REF, projectClient } from './screens'
import type { XssPlace } from './xss-places'

/** The reliability matrix's rows of the storage screens: the explorer's view preference, bucket and folder writes, and what they show of buckets and objects. */

const bucketOf = (name: string, i = 0): StorageBucket => ({
  id: name,
  name,
  owner: null,
  public: i % 2 === 0,
  file_size_limit: i % 3 === 0 ? null : 1024 * (i + 1),
  allowed_mime_types: i % 3 === 0 ? null : [name, 'image/*'],
  created_at: '2026-11-24T10:00:00Z',
  updated_at: '2026-11-24T10:00:00Z',
  type: 'STANDARD',
})
const SAFE_BUCKET = bucketOf('photos')

const objectOf = (name: string, i: number, payload: string): StorageObject => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name,
  bucket_id: SAFE_BUCKET.id,
  owner: null,
  created_at: '2026-11-24T10:00:00Z',
  updated_at: '2026-11-24T10:00:00Z',
  last_accessed_at: null,
  metadata: { size: 10 + i, mimetype: payload, eTag: payload, cacheControl: payload },
})
const folderOf = (name: string): StorageObject => ({ id: null, name, bucket_id: SAFE_BUCKET.id, owner: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: null })

/** An explorer of the bucket's root whose listing is already read. */
function explorer(objects: StorageObject[]) {
  const client = projectClient()
  client.setQueryData(storageObjectPagesQuery(REF, SAFE_BUCKET.id, { path: '' }).queryKey, { pages: [objects], pageParams: [0] })
  return (
    <Providers client={client}>
      <FileExplorer projectRef={REF} bucket={SAFE_BUCKET} folderPath="" onNavigate={() => {}} />
    </Providers>
  )
}

export const STORAGE_EXPLORER_STORAGE_ROWS: StorageRow[] = [
  {
    key: STORAGE_EXPLORER_VIEW_KEY,
    storage: 'local',
    read: () => {
      resetExplorerView()
      return readExplorerView()
    },
    safe: (value) => (EXPLORER_VIEWS as readonly unknown[]).includes(value),
    render: () => {
      resetExplorerView()
      return explorer([folderOf('docs'), objectOf('a.txt', 1, 'text/plain')])
    },
    hostile: [
      { label: 'a view that is not one', raw: '{"view":"grid"}' },
      { label: 'a view keyed like the prototype', raw: '{"__proto__":{"view":"list"}}' },
    ],
    use: () => {
      if (!setExplorerView('list') || readExplorerView() !== 'list') throw new Error('the view chosen was not kept')
      resetExplorerView()
    },
  },
]

export const STORAGE_WRITE_ROWS: WriteRow[] = [
  {
    // A refused bucket keeps the form as typed (the caller's state) and says why in the dialog.
    write: 'create a storage bucket',
    run: async (fault, stub) => {
      let created: unknown = null
      stub(fault, (request, body) => {
        if (request.method === 'POST' && request.url.endsWith(`/platform/storage/${REF}/buckets`)) {
          created = body
          return new Response(JSON.stringify({ name: (body as { id: string }).id }), { status: 201, headers: { 'content-type': 'application/json' } })
        }
        return undefined
      })
      const typed: BucketFormValues = { ...emptyBucketForm(), name: 'invoices 2026', isPublic: true, limitOn: true, limitValue: '20', limitUnit: 'MB', mimeTypes: 'application/pdf' }
      let values = typed
      let saved = false
      render(
        <Providers client={projectClient()}>
          <BucketDialog
            editing={null}
            takenNames={[]}
            values={values}
            onChange={(next) => (values = next)}
            onSave={async (next) => {
              await createBucket(REF, createBucketBody(next))
              saved = true
            }}
            onClose={() => {}}
          />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Create a bucket' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create bucket' }))
      await waitFor(() => expect(saved || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (saved) return JSON.stringify(created) === JSON.stringify(createBucketBody(typed))
      return values === typed && (within(dialog).getByLabelText('Name') as HTMLInputElement).value === typed.name
    },
  },
  {
    // A folder that could not be created keeps its dialog open with the name typed.
    write: 'create a folder in a bucket',
    run: async (fault, stub) => {
      let placeholder = ''
      const requests = stub(fault, (request, body) => {
        if (request.method === 'POST' && request.url.endsWith('/objects/uploads')) {
          placeholder = (body as { path: string }).path
          return new Response(JSON.stringify({ uploadId: 'u1', chunkSize: 1024 }), { status: 201, headers: { 'content-type': 'application/json' } })
        }
        if (request.method === 'PATCH' && request.url.includes('/objects/uploads/u1')) return new Response(JSON.stringify({ offset: 0 }), { headers: { 'content-type': 'application/json' } })
        return undefined
      })
      resetExplorerView()
      render(explorer([objectOf('a.txt', 1, 'text/plain')]))
      fireEvent.click(await screen.findByRole('button', { name: 'New folder' }))
      const dialog = await screen.findByRole('dialog', { name: 'Create a folder' })
      fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'receipts' } })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }))
      // The folder's placeholder was asked for; then its answer (or the fault) settles.
      await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/objects/uploads'))).toBe(true))
      await new Promise((resolve) => setTimeout(resolve, 50))
      if (!dialog.isConnected) return placeholder === 'receipts/.emptyFolderPlaceholder'
      return (within(dialog).getByLabelText('Folder name') as HTMLInputElement).value === 'receipts'
    },
  },
]

export const STORAGE_XSS_PLACES: XssPlace[] = [
  {
    place: 'bucket names, size limits and MIME types (buckets page and side menu)',
    render: (payloads) => {
      const buckets = payloads.map((payload, i) => bucketOf(`${payload}${i}`, i))
      return (
        <Providers client={projectClient()}>
          <BucketTable buckets={buckets} hrefOf={(bucket) => `/project/${REF}/storage/files/buckets/${encodeURIComponent(bucket.id)}`} onRequest={() => {}} />
          <BucketMenu buckets={buckets} current={buckets[0]!.id} hrefOf={(bucket) => `/project/${REF}/storage/buckets/${encodeURIComponent(bucket.id)}`} onRequest={() => {}} />
        </Providers>
      )
    },
  },
  {
    // Object names are the users' own (an upload's file name), their metadata the uploader's.
    place: 'object and folder names with their metadata (files explorer, list and column views)',
    render: (payloads) => {
      const objects = [...payloads.map((payload, i) => folderOf(`${payload}/${i}`)), ...payloads.map((payload, i) => objectOf(`${payload}${i}`, i, payload))]
      localStorage.setItem(STORAGE_EXPLORER_VIEW_KEY, JSON.stringify({ view: 'list' }))
      resetExplorerView()
      return explorer(objects)
    },
  },
  {
    // A file opened: its name, metadata and text content in the preview.
    place: 'a previewed file: name, metadata and text content',
    batch: 1,
    render: ([payload = '']) => {
      const client = projectClient()
      const [item] = itemsFromPages([[{ ...objectOf(`${payload}.txt`, 1, 'text/plain'), metadata: { size: payload.length, mimetype: 'text/plain', eTag: 'e1', cacheControl: payload } }]], payload)
      client.setQueryData([...queryKeys.storageObjects(REF, SAFE_BUCKET.id), 'bytes', item!.path, 'e1'], new Blob([payload], { type: 'text/plain' }))
      return (
        <Providers client={client}>
          <PreviewPanel
            projectRef={REF}
            bucketId={SAFE_BUCKET.id}
            isPublic
            item={item!}
            downloading={false}
            onDownload={() => {}}
            onCopyUrl={() => {}}
            onSignedUrl={() => {}}
            onRename={() => {}}
            onMove={() => {}}
            onDelete={() => {}}
            onClose={() => {}}
          />
        </Providers>
      )
    },
  },
]
