import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { vaultEnabledQuery, vaultSecretsQuery } from '../../api/queries/vault'
import type { VaultSecret } from '../../api/schemas'
import { DEFAULT_EXTENSION_SCHEMA, ENABLED_ON_EVERY_PROJECT_MESSAGE, PERMISSION_MESSAGE } from '../../constants'
import { formatDisplayDate } from '../../lib/display-date'
import { PermissionAction } from '../../lib/permissions'
import { settings } from '../../lib/settings'
import { deleteSecretSql, enableVaultSql } from '../../lib/sql/vault'
import { Callout } from '../../ui/callout'
import { SearchField } from '../../ui/field'
import { GuardedButton } from '../../ui/guarded-button'
import { SqlPreviewDialog } from '../../ui/sql-preview-dialog'
import { EmptyState, QueryStates } from '../../ui/states'
import { RowActions } from '../../ui/row-actions'
import { useFormDrafts, useListDialog } from '../../ui/use-list-dialogs'
import { DatabaseToolPage, toolCellClass, ToolTable, useProjectDatabase } from '../database'
import { usePermission } from '../permissions'
import { useProjectOrganization } from '../project-shell'
import { SecretDialog } from './SecretDialog'
import { SecretValue } from './SecretValue'
import { emptySecretForm, secretFormFrom, type SecretFormValues } from './secret-form'

type Dialog = { kind: 'add' } | { kind: 'edit'; secret: VaultSecret } | { kind: 'delete'; secret: VaultSecret } | { kind: 'enable' }

/** SPEC §6 secrets read / write, on the project. */
function useSecretsPermission(ref: string, action: string, what: string) {
  const organization = useProjectOrganization(ref)
  return usePermission(action, 'vault', organization ? { organizationSlug: organization.slug, projectRef: ref } : undefined, what)
}

/** /project/{ref}/settings/vault/secrets: the project's vault (SPEC §2). */
export function VaultSecretsScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const enabled = useQuery({ ...vaultEnabledQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const secrets = useQuery({ ...vaultSecretsQuery(ref, connectionString), enabled: Boolean(connectionString) && enabled.data === true })
  const read = useSecretsPermission(ref, PermissionAction.SECRETS_READ, PERMISSION_MESSAGE.readSecrets)
  const write = useSecretsPermission(ref, PermissionAction.SECRETS_WRITE, PERMISSION_MESSAGE.writeSecrets)
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  // The new secret's form outlives a Cancel and a refused save; an edit starts from the secret.
  const drafts = useFormDrafts<SecretFormValues>(emptySecretForm, dialog?.kind === 'edit')
  const edit = (secret: VaultSecret) => {
    drafts.startEdit(secretFormFrom(secret))
    setDialog({ kind: 'edit', secret })
  }
  const [search, setSearch] = useState('')

  const shown = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean)
    return (secrets.data ?? []).filter((secret) => words.every((word) => `${secret.name ?? ''} ${secret.description}`.toLowerCase().includes(word)))
  }, [secrets.data, search])

  return (
    <DatabaseToolPage
      title="Vault"
      description={`Secrets kept encrypted in the project's database, for its functions, wrappers and jobs to read.${settings.isPlatform ? ` ${ENABLED_ON_EVERY_PROJECT_MESSAGE.vault}` : ''}`}
      actions={
        enabled.data ? (
          <GuardedButton variant="primary" blockedReason={write.reason} disabled={!write.allowed} onClick={() => setDialog({ kind: 'add' })}>
            Add a secret
          </GuardedButton>
        ) : undefined
      }
    >
      {write.reason ? <Callout tone="warning" title={write.reason}>{read.reason ? 'Values stay hidden too: revealing one needs the permission to read secrets.' : null}</Callout> : null}
      <QueryStates query={enabled} loading="Loading the vault…" failed="The vault could not be read">
        {(data) => !data ? (
          <EmptyState title="Vault is not enabled">
            <span className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'center' })}>
              It comes with the supabase_vault extension (and pgcrypto, which it encrypts with).
              <GuardedButton variant="primary" blockedReason={write.reason} disabled={!write.allowed} onClick={() => setDialog({ kind: 'enable' })}>
                Enable Vault
              </GuardedButton>
            </span>
          </EmptyState>
        ) : (
          <QueryStates query={secrets} loading="Loading secrets…" failed="The secrets could not be read">
            {(data) => data.length === 0 ? (
              <EmptyState title="No secrets yet">Add API keys and other credentials here instead of writing them into SQL.</EmptyState>
            ) : (
              <>
                <div role="search">
                  <SearchField label="Search secrets" placeholder="Search secrets…" value={search} onChange={setSearch} className={css({ maxW: 'sm' })} />
                </div>
                {shown.length === 0 ? (
                  <EmptyState title="No secret matches">Try another name or word of its description.</EmptyState>
                ) : (
                  <ToolTable columns={['Name', 'Value', 'Key id', 'Updated', { hidden: 'Actions' }]}>
                    {shown.map((secret) => (
                      <tr key={secret.id} aria-label={secret.name ?? secret.id}>
                        <td className={toolCellClass}>
                          <div className={css({ fontWeight: 'medium', wordBreak: 'break-word' })}>{secret.name ?? '(no name)'}</div>
                          {secret.description ? <div className={css({ color: 'fg.muted', fontSize: 'xs', wordBreak: 'break-word' })}>{secret.description}</div> : null}
                        </td>
                        <td className={toolCellClass}>
                          <SecretValue projectRef={ref} connectionString={connectionString} secret={secret} blockedReason={read.reason} />
                        </td>
                        <td className={toolCellClass}>
                          <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{secret.key_id ?? '—'}</span>
                        </td>
                        <td className={toolCellClass}>
                          <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })} title={`Created ${formatDisplayDate(secret.created_at) ?? ''}`}>
                            {formatDisplayDate(secret.updated_at)}
                          </span>
                        </td>
                        <td className={toolCellClass}>
                          <RowActions name={secret.name ?? 'secret'} disabled={!write.allowed} onEdit={() => edit(secret)} onDelete={() => setDialog({ kind: 'delete', secret })} />
                        </td>
                      </tr>
                    ))}
                  </ToolTable>
                )}
              </>
            )}
          </QueryStates>
        )}
      </QueryStates>
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <SecretDialog
          editing={dialog.kind === 'edit' ? dialog.secret : null}
          others={secrets.data ?? []}
          values={drafts.values}
          onChange={drafts.set}
          run={run}
          onDone={() => {
            finish(`Secret ${drafts.values.name.trim()} ${dialog.kind === 'edit' ? 'saved' : 'added'}`)
            drafts.saved()
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <SqlPreviewDialog
          title={`Delete secret ${dialog.secret.name ?? ''}`}
          description="What reads it (a function, a wrapper, a cron job) stops finding it. This cannot be undone."
          runLabel="Delete secret"
          tone="danger"
          build={() => deleteSecretSql(dialog.secret.id)}
          run={run}
          onDone={() => finish(`Secret ${dialog.secret.name ?? ''} deleted`)}
          onClose={() => setDialog(null)}
        >
          {null}
        </SqlPreviewDialog>
      ) : null}
      {dialog?.kind === 'enable' ? (
        <SqlPreviewDialog
          title="Enable Vault"
          description="Installs the supabase_vault extension, and pgcrypto with it."
          runLabel="Enable Vault"
          build={() => enableVaultSql(DEFAULT_EXTENSION_SCHEMA)}
          run={run}
          onDone={() => finish('Vault enabled')}
          onClose={() => setDialog(null)}
        >
          {null}
        </SqlPreviewDialog>
      ) : null}
    </DatabaseToolPage>
  )
}
