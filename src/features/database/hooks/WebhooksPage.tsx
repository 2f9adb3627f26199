import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { databaseWebhooksQuery, enableWebhooks, webhooksEnabledQuery } from '../../../api/queries/database-webhooks'
import type { DatabaseWebhook } from '../../../api/schemas'
import { PERMISSION_MESSAGE, PERMISSION_RESOURCES } from '../../../constants'
import { deleteWebhookSql, setWebhookEnabledSql } from '../../../lib/sql/webhooks'
import { Badge } from '../../../ui/badge'
import { Callout } from '../../../ui/callout'
import { GuardedButton } from '../../../ui/guarded-button'
import { SqlPreviewDialog } from '../../../ui/sql-preview-dialog'
import { EmptyState, QueryStates } from '../../../ui/states'
import { RowActions } from '../../../ui/row-actions'
import { Switch } from '../../../ui/switch'
import { showToast } from '../../../ui/toast'
import { useFormDrafts, useListDialog } from '../../../ui/use-list-dialogs'
import { DatabaseToolPage, toolCellClass, ToolTable } from '../DatabaseToolPage'
import { useDatabaseWritePermission, useProjectDatabase } from '../use-project-database'
import { WebhookCalls } from './WebhookCalls'
import { WebhookDialog } from './WebhookDialog'
import { emptyWebhookForm, webhookFormFrom, type WebhookFormValues } from './webhook-form'
import { errorMessage } from '../../../lib/error-message'

type Dialog = { kind: 'create' } | { kind: 'edit'; hook: DatabaseWebhook } | { kind: 'delete'; hook: DatabaseWebhook }

/** /project/{ref}/database/hooks: database webhooks (SPEC §2), each a trigger calling supabase_functions.http_request. */
export function WebhooksScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const enabled = useQuery({ ...webhooksEnabledQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const hooks = useQuery({ ...databaseWebhooksQuery(ref, connectionString), enabled: Boolean(connectionString) && enabled.data === true })
  const permission = useDatabaseWritePermission(ref, PERMISSION_RESOURCES.triggers, PERMISSION_MESSAGE.manageWebhooks)
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  // The new webhook's form outlives a Cancel (nothing typed is lost); an edit starts from the webhook each time.
  const drafts = useFormDrafts<WebhookFormValues>(emptyWebhookForm, dialog?.kind === 'edit')
  const edit = (hook: DatabaseWebhook) => {
    drafts.startEdit(webhookFormFrom(hook))
    setDialog({ kind: 'edit', hook })
  }
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const turnOn = useMutation({ mutationFn: () => enableWebhooks(ref), onSuccess: () => refresh() })

  const selected = hooks.data?.find((hook) => hook.id === selectedId) ?? hooks.data?.[0] ?? null
  const toggle = async (hook: DatabaseWebhook, on: boolean) => {
    try {
      await run(setWebhookEnabledSql(hook, on))
      showToast('success', `Webhook ${hook.name} ${on ? 'enabled' : 'disabled'}`)
    } catch (error) {
      showToast('error', `Webhook ${hook.name} was not ${on ? 'enabled' : 'disabled'}`, errorMessage(error))
    }
    void refresh()
  }

  const createButton = (
    <GuardedButton
      variant="primary"
      blockedReason={permission.reason}
      disabled={!permission.allowed || enabled.data !== true}
      onClick={() => setDialog({ kind: 'create' })}
    >
      Create a webhook
    </GuardedButton>
  )

  return (
    <DatabaseToolPage
      title="Database webhooks"
      description="Send a row's changes to a URL: each webhook is a trigger on a table that calls it for every insert, update or delete."
      actions={enabled.data ? createButton : undefined}
    >
      {permission.reason ? <Callout tone="warning" title={permission.reason} /> : null}
      <QueryStates query={enabled} loading="Loading webhooks…" failed="Webhooks could not be read">
        {(data) => !data ? (
          <EmptyState title="Database webhooks are off">
            <span className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'center' })}>
              Turning them on installs pg_net and the supabase_functions schema that webhooks call through.
              <GuardedButton variant="primary" blockedReason={permission.reason} disabled={!permission.allowed} loading={turnOn.isPending} onClick={() => turnOn.mutate()}>
                Enable webhooks
              </GuardedButton>
              {turnOn.isError ? <span role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })}>{turnOn.error.message}</span> : null}
            </span>
          </EmptyState>
        ) : (
          <QueryStates query={hooks} loading="Loading webhooks…" failed="Webhooks could not be read">
            {(data) => data.length === 0 ? (
              <EmptyState title="No webhooks yet">Create one to call a URL whenever rows of a table change.</EmptyState>
            ) : (
              <>
                <ToolTable columns={['Name', 'Table', 'Events', 'Request', { hidden: 'Enabled' }, { hidden: 'Actions' }]}>
                  {data.map((hook) => {
                    const [url = '', method = 'POST'] = hook.args
                    return (
                      <tr key={hook.id} aria-label={hook.name} aria-selected={selected?.id === hook.id} className={css({ bg: selected?.id === hook.id ? 'bg.muted' : undefined })}>
                        <td className={toolCellClass}>
                          <button type="button" onClick={() => setSelectedId(hook.id)} className={css({ fontWeight: 'medium', textAlign: 'left', cursor: 'pointer', _hover: { textDecoration: 'underline' } })}>
                            {hook.name}
                          </button>
                        </td>
                        <td className={toolCellClass}>
                          <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>
                            {hook.schema}.{hook.table}
                          </span>
                        </td>
                        <td className={toolCellClass}>
                          <span className={css({ display: 'inline-flex', gap: '1' })}>
                            {hook.on_insert ? <Badge>INSERT</Badge> : null}
                            {hook.on_update ? <Badge>UPDATE</Badge> : null}
                            {hook.on_delete ? <Badge>DELETE</Badge> : null}
                          </span>
                        </td>
                        <td className={toolCellClass}>
                          <span className={css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' })}>
                            {method} {url}
                          </span>
                        </td>
                        <td className={toolCellClass}>
                          <Switch
                            checked={hook.enabled}
                            disabled={!permission.allowed}
                            onCheckedChange={(on) => void toggle(hook, on)}
                            label={<span className={css({ srOnly: true })}>{`${hook.name} enabled`}</span>}
                          />
                        </td>
                        <td className={toolCellClass}>
                          <RowActions name={hook.name} disabled={!permission.allowed} onEdit={() => edit(hook)} onDelete={() => setDialog({ kind: 'delete', hook })} />
                        </td>
                      </tr>
                    )
                  })}
                </ToolTable>
                {selected ? <WebhookCalls key={selected.id} projectRef={ref} connectionString={connectionString} hook={selected} /> : null}
              </>
            )}
          </QueryStates>
        )}
      </QueryStates>
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <WebhookDialog
          projectRef={ref}
          connectionString={connectionString}
          editing={dialog.kind === 'edit' ? dialog.hook : undefined}
          values={drafts.values}
          onChange={drafts.set}
          run={run}
          onDone={() => {
            finish(`Webhook ${drafts.values.name.trim()} ${dialog.kind === 'edit' ? 'saved' : 'created'}`)
            drafts.saved()
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <SqlPreviewDialog
          title={`Delete webhook ${dialog.hook.name}`}
          description={`Rows of ${dialog.hook.schema}.${dialog.hook.table} no longer call ${dialog.hook.args[0] ?? 'its URL'}. Its past calls stay recorded.`}
          runLabel="Delete webhook"
          tone="danger"
          build={() => deleteWebhookSql(dialog.hook)}
          run={run}
          onDone={() => finish(`Webhook ${dialog.hook.name} deleted`)}
          onClose={() => setDialog(null)}
        >
          {null}
        </SqlPreviewDialog>
      ) : null}
    </DatabaseToolPage>
  )
}
