import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { queryKeys } from '../../api/queries/keys'
import { createBucket, deleteBucket, emptyBucket, updateBucket, type StorageBucket } from '../../api/queries/storage'
import { ConfirmDialog } from '../../ui/dialog'
import { showToast } from '../../ui/toast'
import { BucketDialog, DeleteBucketDialog } from './BucketDialog'
import { bucketFormFrom, createBucketBody, emptyBucketForm, updateBucketBody, type BucketFormValues } from './bucket-form'
import { errorMessage } from '../../lib/error-message'

export type BucketDialogRequest = { kind: 'create' } | { kind: 'edit' | 'empty' | 'delete'; bucket: StorageBucket }

/**
 * The bucket dialogs both layouts share: create, edit, empty (confirmed), delete (the name typed).
 * `open` asks for one; `element` renders it. A new bucket's form outlives a Cancel.
 */
export function useBucketDialogs(projectRef: string, buckets: readonly StorageBucket[], handlers: { onCreated?: (bucket: string) => void; onDeleted?: (bucket: string) => void } = {}) {
  const queryClient = useQueryClient()
  const [request, setRequest] = useState<BucketDialogRequest | null>(null)
  const [createDraft, setCreateDraft] = useState<BucketFormValues>(emptyBucketForm)
  const [editDraft, setEditDraft] = useState<BucketFormValues>(emptyBucketForm)
  const close = () => setRequest(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.storage(projectRef) })

  const open = (next: BucketDialogRequest) => {
    if (next.kind === 'edit') setEditDraft(bucketFormFrom(next.bucket))
    setRequest(next)
  }

  let element = null
  if (request?.kind === 'create' || request?.kind === 'edit') {
    const editing = request.kind === 'edit' ? request.bucket : null
    element = (
      <BucketDialog
        editing={editing}
        takenNames={buckets.map((bucket) => bucket.name)}
        values={editing ? editDraft : createDraft}
        onChange={editing ? setEditDraft : setCreateDraft}
        onSave={async (values) => {
          if (editing) {
            await updateBucket(projectRef, editing.id, updateBucketBody(values))
            showToast('success', `Bucket ${editing.name} saved`)
          } else {
            await createBucket(projectRef, createBucketBody(values))
            showToast('success', `Bucket ${values.name} created`)
            setCreateDraft(emptyBucketForm())
            handlers.onCreated?.(values.name)
          }
          close()
          await refresh()
        }}
        onClose={close}
      />
    )
  } else if (request?.kind === 'empty') {
    const { bucket } = request
    element = (
      <ConfirmDialog
        open
        title={`Empty bucket ${bucket.name}`}
        confirmLabel="Empty bucket"
        onConfirm={() => {
          close()
          emptyBucket(projectRef, bucket.id).then(
            () => showToast('success', `Bucket ${bucket.name} emptied`),
            (error: unknown) => showToast('error', `Bucket ${bucket.name} could not be emptied`, errorMessage(error)),
          ).finally(() => void refresh())
        }}
        onDismiss={close}
      >
        Every file in the bucket is deleted; the bucket and its settings stay. This cannot be undone.
      </ConfirmDialog>
    )
  } else if (request?.kind === 'delete') {
    const { bucket } = request
    element = (
      <DeleteBucketDialog
        bucket={bucket}
        onConfirm={async () => {
          await deleteBucket(projectRef, bucket.id)
          showToast('success', `Bucket ${bucket.name} deleted`)
          close()
          handlers.onDeleted?.(bucket.id)
          await refresh()
        }}
        onClose={close}
      />
    )
  }
  return { open, element }
}
