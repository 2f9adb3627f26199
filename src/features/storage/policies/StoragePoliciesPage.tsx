import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { storageBucketsQuery } from '../../../api/queries/storage'
import { storagePoliciesQuery } from '../../../api/queries/storage-policies'
import { policiesForBucket, type StoragePolicy } from '../../../lib/sql/storage-policies'
import { Badge } from '../../../ui/badge'
import { Callout } from '../../../ui/callout'
import { GuardedButton } from '../../../ui/guarded-button'
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states'
import { showToast } from '../../../ui/toast'
import { policyTablesQuery } from '../../../api/queries/table-policies'
import { DatabaseToolPage, toolCellClass, ToolTable, useDatabaseWritePermission, useProjectDatabase } from '../../database'
import { CreatePolicyDialog, DeletePolicyDialog } from './PolicyDialogs'
import { RowDeleteButton } from '../../../ui/row-actions'

type Dialog = { kind: 'create'; bucketId: string } | { kind: 'delete'; policyName: string }

const codeClass = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word', whiteSpace: 'pre-wrap' })

function PolicyRows({ policies, canWrite, onDelete }: { policies: (StoragePolicy & { scope: 'bucket' | 'all' })[]; canWrite: boolean; onDelete: (name: string) => void }) {
  return (
    <ToolTable columns={['Policy', 'Operation', 'Roles', 'Condition', { hidden: 'Actions' }]}>
      {policies.map((policy) => (
        <tr key={policy.name} aria-label={policy.name}>
          <td className={toolCellClass}>
            <div className={css({ fontWeight: 'medium', wordBreak: 'break-word' })}>{policy.name}</div>
            <div className={css({ display: 'flex', gap: '1', mt: '0.5' })}>
              {policy.scope === 'all' ? <Badge tone="info">every bucket</Badge> : null}
              {policy.permissive ? null : <Badge tone="warning">restrictive</Badge>}
            </div>
          </td>
          <td className={toolCellClass}>
            <span className={codeClass}>{policy.command}</span>
          </td>
          <td className={toolCellClass}>
            <span className={codeClass}>{policy.roles.join(', ')}</span>
          </td>
          <td className={toolCellClass}>
            {policy.using_expression ? <div className={codeClass}>using {policy.using_expression}</div> : null}
            {policy.check_expression ? <div className={codeClass}>with check {policy.check_expression}</div> : null}
          </td>
          <td className={toolCellClass}>
            <RowDeleteButton name={policy.name} disabled={!canWrite} onClick={() => onDelete(policy.name)} />
          </td>
        </tr>
      ))}
    </ToolTable>
  )
}

/** /project/{ref}/storage/policies: who may do what with each bucket's files (RLS on storage.objects). */
export function StoragePoliciesScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const buckets = useQuery(storageBucketsQuery(ref))
  const policies = useQuery({ ...storagePoliciesQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const write = useDatabaseWritePermission(ref, 'policies', 'create or delete storage policies')
  const [dialog, setDialog] = useState<Dialog | null>(null)
  // storage.objects as the policies screen reads a table: what the effect view measures a new policy on.
  const storageTables = useQuery({ ...policyTablesQuery(ref, connectionString, 'storage'), enabled: Boolean(connectionString) && dialog?.kind === 'create' })

  const finish = (message: string) => {
    setDialog(null)
    showToast('success', message)
    void refresh()
  }

  const loading = buckets.isPending || policies.isPending
  const failure = buckets.error ?? policies.error
  return (
    <DatabaseToolPage
      title="Storage policies"
      description="Row-level security on storage.objects: which roles may list, download, upload, change or delete each bucket's files. The dashboard itself uses the service role and sees everything."
    >
      {write.reason ? <Callout tone="warning" title={write.reason} /> : null}
      {loading ? (
        <LoadingState label="Loading policies…" />
      ) : failure ? (
        <ErrorState title="The policies could not be read" message={failure.message} onRetry={() => void Promise.all([buckets.refetch(), policies.refetch()])} />
      ) : buckets.data!.length === 0 ? (
        <EmptyState title="No buckets yet">Create a bucket in Files first; its policies are written here.</EmptyState>
      ) : (
        buckets.data!.map((bucket) => {
          const shown = policiesForBucket(policies.data!, bucket.id)
          return (
            <section key={bucket.id} aria-label={`Policies of ${bucket.id}`} className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
              <header className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                <h2 className={css({ fontSize: 'md', fontWeight: 'semibold', wordBreak: 'break-word' })}>{bucket.id}</h2>
                {bucket.public ? <Badge tone="warning">public</Badge> : <Badge>private</Badge>}
                <span className={css({ flex: '1' })} />
                <GuardedButton size="sm" blockedReason={write.reason} disabled={!write.allowed} onClick={() => setDialog({ kind: 'create', bucketId: bucket.id })} aria-label={`New policy on ${bucket.id}`}>
                  New policy
                </GuardedButton>
              </header>
              {bucket.public ? (
                <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>Anyone can download its files by public URL; listing, uploads and deletes still follow the policies below.</p>
              ) : null}
              {shown.length === 0 ? (
                <p className={css({ fontSize: 'sm', color: 'fg.muted', p: '3', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.default', borderRadius: 'md' })}>
                  No policies: with row-level security on, only the service role can reach its files.
                </p>
              ) : (
                <PolicyRows policies={shown} canWrite={write.allowed} onDelete={(policyName) => setDialog({ kind: 'delete', policyName })} />
              )}
            </section>
          )
        })
      )}
      {dialog?.kind === 'create' ? <CreatePolicyDialog projectRef={ref} connectionString={connectionString} objects={storageTables.data?.find((t) => t.name === 'objects')} bucketId={dialog.bucketId} run={run} onDone={() => finish('Policy created')} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? <DeletePolicyDialog policyName={dialog.policyName} run={run} onDone={() => finish('Policy deleted')} onClose={() => setDialog(null)} /> : null}
    </DatabaseToolPage>
  )
}
