import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { css } from 'styled-system/css'
import { Link, Redirect, useLocation, useParams, useSearch } from 'wouter'
import { storageBucketsQuery, type StorageBucket } from '../../api/queries/storage'
import { PREVIEW } from '../../constants'
import { Button } from '../../ui/button'
import { SidePanel } from '../../ui/side-panel'
import { EmptyState, ErrorState, LoadingState } from '../../ui/states'
import { DatabaseToolPage } from '../database'
import { usePreviewCheck } from '../previews'
import { AccessBadge, BucketActions, BucketMenu, BucketTable, mimeTypesText, sizeLimitText } from './BucketList'
import { useBucketDialogs } from './BucketDialogs'
import { FileExplorer } from './FileExplorer'
import { bucketIdFromParam, folderFromSearch, isNewStorageLocation, storageLocation } from './storage-routes'
import { useExplorerSeams } from './use-explorer-seams'

/**
 * Storage (SPEC §2): …/storage/buckets without the new Storage interface preview, …/storage/files with
 * it; the other address redirects to the one that applies, keeping the bucket and folder. Old layout:
 * the buckets in a side menu beside the explorer. New layout: a page of buckets, then a bucket's files.
 */
export default function StoragePage() {
  const { ref, bucket: bucketParam } = useParams<{ ref: string; bucket?: string }>()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const previewOn = usePreviewCheck()
  const newStorage = previewOn(PREVIEW.newStorage)
  const bucketId = bucketIdFromParam(bucketParam)
  const folderPath = folderFromSearch(search)
  const buckets = useQuery(storageBucketsQuery(ref))
  const hrefOf = (bucket: StorageBucket) => storageLocation(ref, newStorage, bucket.id)
  const dialogs = useBucketDialogs(ref, buckets.data ?? [], {
    onCreated: (id) => navigate(storageLocation(ref, newStorage, id)),
    onDeleted: (id) => {
      if (id === bucketId) navigate(storageLocation(ref, newStorage))
    },
  })
  const seams = useExplorerSeams(ref)

  if (isNewStorageLocation(location) !== newStorage) return <Redirect to={storageLocation(ref, newStorage, bucketId, folderPath)} replace />

  const bucket = bucketId === null ? null : (buckets.data?.find((b) => b.id === bucketId) ?? null)
  const explorer =
    buckets.isPending ? (
      <LoadingState label="Loading buckets…" />
    ) : buckets.isError ? (
      <div className={css({ p: '4' })}>
        <ErrorState title="The buckets could not be read" message={buckets.error.message} onRetry={() => void buckets.refetch()} />
      </div>
    ) : bucketId !== null && !bucket ? (
      <div className={css({ p: '4' })}>
        <EmptyState title={`There is no bucket named “${bucketId}”`}>
          <Link href={storageLocation(ref, newStorage)} className={css({ color: 'accent.default' })}>
            See the buckets
          </Link>
        </EmptyState>
      </div>
    ) : bucket ? (
      <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>
        <header className={css({ display: 'flex', alignItems: 'center', gap: '3', px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', flexWrap: 'wrap' })}>
          {newStorage ? (
            <Link href={storageLocation(ref, true)} aria-label="All buckets" title="All buckets" className={css({ color: 'fg.muted', _hover: { color: 'fg.default' } })}>
              <ArrowLeft aria-hidden size={16} />
            </Link>
          ) : null}
          <h1 className={css({ fontSize: 'md', fontWeight: 'semibold', wordBreak: 'break-word' })}>{bucket.name}</h1>
          <AccessBadge bucket={bucket} />
          <span className={css({ fontSize: 'xs', color: 'fg.muted', flex: '1', minW: '0' })}>
            {bucket.file_size_limit === null ? 'No size limit' : `Files up to ${sizeLimitText(bucket)}`} · {mimeTypesText(bucket)}
          </span>
          <BucketActions bucket={bucket} onRequest={dialogs.open} />
        </header>
        <FileExplorer key={bucket.id} projectRef={ref} bucket={bucket} folderPath={folderPath} onNavigate={(path) => navigate(storageLocation(ref, newStorage, bucket.id, path))} seams={seams} />
      </div>
    ) : null

  if (newStorage) {
    return (
      <>
        {bucket || bucketId !== null || !buckets.isSuccess ? (
          <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>{explorer}</div>
        ) : (
          <DatabaseToolPage
            title="Files"
            description="Buckets of files, each public or private, with their size and type limits."
            actions={
              <Button variant="primary" onClick={() => dialogs.open({ kind: 'create' })}>
                New bucket
              </Button>
            }
          >
            {buckets.data.length === 0 ? (
              <EmptyState title="No buckets yet">A bucket holds files: images, documents, backups. Create one to upload into it.</EmptyState>
            ) : (
              <BucketTable buckets={buckets.data} hrefOf={hrefOf} onRequest={dialogs.open} />
            )}
          </DatabaseToolPage>
        )}
        {dialogs.element}
      </>
    )
  }

  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex' })}>
      <SidePanel
        label="Buckets"
        onNarrow={bucketId === null ? 'fill' : 'hide'}
        toolbar={
          <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: '3', py: '2' })}>
            <h1 className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>Buckets</h1>
            <Button size="sm" onClick={() => dialogs.open({ kind: 'create' })}>
              New bucket
            </Button>
          </div>
        }
      >
        {buckets.data ? buckets.data.length === 0 ? <p className={css({ px: '2', color: 'fg.muted' })}>No buckets yet.</p> : <BucketMenu buckets={buckets.data} current={bucketId} hrefOf={hrefOf} onRequest={dialogs.open} /> : null}
      </SidePanel>
      <div className={css({ flex: '1', minW: '0', minH: '0', display: { base: bucketId === null ? 'none' : 'flex', md: 'flex' }, flexDir: 'column' })}>
        {bucketId === null && buckets.isSuccess ? (
          <div className={css({ p: '6' })}>
            <EmptyState title={buckets.data.length === 0 ? 'No buckets yet' : 'Choose a bucket'}>
              {buckets.data.length === 0 ? 'A bucket holds files: images, documents, backups. Create one to upload into it.' : 'Its files open here.'}
            </EmptyState>
          </div>
        ) : (
          explorer
        )}
      </div>
      {dialogs.element}
    </div>
  )
}
