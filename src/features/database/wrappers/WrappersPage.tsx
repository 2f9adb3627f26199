import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { databaseWrappersQuery } from '../../../api/queries/database-wrappers'
import type { DatabaseWrapper } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { VAULT_SECRETS_TABLE, WRAPPER_SECRETS_TABLE, dropWrapperSql } from '../../../lib/sql/wrappers'
import { vaultEnabledQuery } from '../../../api/queries/vault'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { Callout } from '../../../ui/callout'
import { GuardedButton } from '../../../ui/guarded-button'
import { SqlPreviewDialog } from '../../../ui/sql-preview-dialog'
import { EmptyState, QueryStates } from '../../../ui/states'
import { useListDialog, useNewItemDraft } from '../../../ui/use-list-dialogs'
import { DatabaseToolPage } from '../DatabaseToolPage'
import { useDatabaseWritePermission, useProjectDatabase } from '../use-project-database'
import { CreateWrapperDialog } from './CreateWrapperDialog'
import { ForeignRowsPreview } from './ForeignRowsPreview'
import { emptyWrapperForm, kindOfWrapper, secretIdsOf, type WrapperFormValues } from './wrapper-form'
import { RowDeleteButton } from '../../../ui/row-actions'

type Dialog = { kind: 'create' } | { kind: 'delete'; wrapper: DatabaseWrapper }

const cardClass = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '4', display: 'flex', flexDir: 'column', gap: '3' })
const monoClass = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' })

/** A server option as shown: a secret's id stands for the secret, which is never read back here. */
function shownOption(option: string): string {
  const at = option.indexOf('=')
  const name = option.slice(0, at)
  return name.endsWith('_id') && /^[0-9a-f-]{36}$/i.test(option.slice(at + 1)) ? `${name.slice(0, -3)} = •••••••• (kept apart)` : `${name} = ${option.slice(at + 1)}`
}

/** /project/{ref}/database/wrappers: foreign data wrappers to other services (SPEC §1, §2). */
export function WrappersScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const wrappers = useQuery({ ...databaseWrappersQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const permission = useDatabaseWritePermission(ref, 'wrappers', PERMISSION_MESSAGE.manageWrappers)
  // Secrets go to vault where the project has it (encrypted), else to the platform's own table.
  const vault = useQuery({ ...vaultEnabledQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const secretsTable = vault.data ? VAULT_SECRETS_TABLE : WRAPPER_SECRETS_TABLE
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const newWrapper = useNewItemDraft<WrapperFormValues>(emptyWrapperForm)
  const [preview, setPreview] = useState<{ schema: string; name: string } | null>(null)

  return (
    <DatabaseToolPage
      title="Wrappers"
      description="Read other services' data as Postgres tables, through foreign data wrappers."
      actions={
        <GuardedButton variant="primary" blockedReason={permission.reason} disabled={!permission.allowed} onClick={() => setDialog({ kind: 'create' })}>
          Connect a service
        </GuardedButton>
      }
    >
      {permission.reason ? <Callout tone="warning" title={permission.reason} /> : null}
      <QueryStates query={wrappers} loading="Loading wrappers…" failed="The wrappers could not be read">
        {(data) => data.length === 0 ? (
          <EmptyState title="No wrappers yet">Connect Stripe, Firebase, S3 and other services to query their data with SQL.</EmptyState>
        ) : (
          data.map((wrapper) => {
            const kind = kindOfWrapper(wrapper)
            return (
              <section key={wrapper.id} aria-label={wrapper.name} className={cardClass}>
                <header className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                  <h2 className={css({ fontWeight: 'semibold' })}>{wrapper.name}</h2>
                  <Badge tone="info">{kind?.name ?? 'Custom'}</Badge>
                  {wrapper.handler ? (
                    <span className={monoClass}>handler {wrapper.handler}</span>
                  ) : (
                    <Badge tone="warning">Sample rows: no handler in this database</Badge>
                  )}
                  <span className={css({ flex: '1' })} />
                  <RowDeleteButton name={wrapper.name} disabled={!permission.allowed} onClick={() => setDialog({ kind: 'delete', wrapper })} />
                </header>
                {wrapper.servers.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>No server yet.</p> : null}
                {wrapper.servers.map((server) => (
                  <div key={server.id} className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
                    <div className={css({ fontSize: 'sm' })}>
                      Server <span className={monoClass}>{server.name}</span>
                      {server.options.length > 0 ? (
                        <ul className={css({ listStyle: 'none', mt: '1', color: 'fg.muted' })}>
                          {server.options.map((option) => (
                            <li key={option} className={monoClass}>
                              {shownOption(option)}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </div>
                    <ul aria-label={`Foreign tables of ${server.name}`} className={css({ listStyle: 'none', display: 'flex', flexDir: 'column', gap: '1' })}>
                      {server.tables.map((table) => (
                        <li key={table.id} className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', fontSize: 'sm' })}>
                          <span className={monoClass}>
                            {table.schema}.{table.name}
                          </span>
                          <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>{table.options.join(', ')}</span>
                          <Button size="sm" aria-label={`Preview rows of ${table.schema}.${table.name}`} onClick={() => setPreview({ schema: table.schema, name: table.name })}>
                            Preview rows
                          </Button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </section>
            )
          })
        )}
      </QueryStates>
      {preview ? <ForeignRowsPreview projectRef={ref} connectionString={connectionString} table={preview} onClose={() => setPreview(null)} /> : null}
      {dialog?.kind === 'create' ? (
        <CreateWrapperDialog
          existing={wrappers.data ?? []}
          secretsTable={secretsTable}
          values={newWrapper.draft}
          onChange={newWrapper.setDraft}
          run={run}
          onDone={() => {
            finish(`Wrapper ${newWrapper.draft.wrapperName.trim()} created`)
            newWrapper.made()
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <SqlPreviewDialog
          title={`Delete wrapper ${dialog.wrapper.name}`}
          description="Drops the wrapper with its servers and their foreign tables, and forgets its secrets. The service's own data is not touched."
          runLabel="Delete wrapper"
          tone="danger"
          build={() => dropWrapperSql(dialog.wrapper.name, secretIdsOf(dialog.wrapper), vault.data ? [WRAPPER_SECRETS_TABLE, VAULT_SECRETS_TABLE] : [WRAPPER_SECRETS_TABLE])}
          run={run}
          onDone={() => finish(`Wrapper ${dialog.wrapper.name} deleted`)}
          onClose={() => setDialog(null)}
        >
          {dialog.wrapper.servers.some((server) => server.tables.length > 0) ? (
            <ul aria-label="Foreign tables dropped" className={css({ fontFamily: 'mono', fontSize: 'xs', bg: 'bg.muted', p: '2', borderRadius: 'md', listStyle: 'none' })}>
              {dialog.wrapper.servers.flatMap((server) =>
                server.tables.map((table) => (
                  <li key={table.id}>
                    {table.schema}.{table.name}
                  </li>
                )),
              )}
            </ul>
          ) : null}
        </SqlPreviewDialog>
      ) : null}
    </DatabaseToolPage>
  )
}
