import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { useSearch } from 'wouter'
import { policyTablesQuery } from '../../../api/queries/table-policies'
import type { PolicyTable, TablePolicy } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { Badge } from '../../../ui/badge'
import { Callout } from '../../../ui/callout'
import { GuardedButton } from '../../../ui/guarded-button'
import { RowActions } from '../../../ui/row-actions'
import { EmptyState, QueryStates } from '../../../ui/states'
import { useListDialog } from '../../../ui/use-list-dialogs'
import { DatabaseToolPage, SchemaPicker, ToolTable, toolCellClass, useDatabaseWritePermission, useProjectDatabase, useSchemaParam } from '../../database'
import { DropPolicyDialog, PolicyDialog, RowLevelSecurityDialog } from './PolicyDialogs'
import { policyDraftOf, templateDraft, type PolicyDraft } from './policy-draft'

type Dialog = { kind: 'create'; table: PolicyTable } | { kind: 'edit' | 'drop'; table: PolicyTable; policy: TablePolicy } | { kind: 'rls'; table: PolicyTable }

const monoClass = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word' })

/** One table's row level security and policies. */
function TablePolicies({ table, blocked, focused, onDialog }: { table: PolicyTable; blocked: string | null; focused: boolean; onDialog: (dialog: Dialog) => void }) {
  return (
    <section
      aria-label={`Policies of ${table.name}`}
      aria-current={focused ? 'true' : undefined}
      // The table an advisor finding linked to: brought into view and marked.
      ref={focused ? (element) => element?.scrollIntoView?.({ block: 'start' }) : undefined}
      className={css({ display: 'flex', flexDir: 'column', gap: '2', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3', '&[aria-current=true]': { borderColor: 'accent.default', boxShadow: '0 0 0 1px var(--colors-accent-default)' } })}
    >
      <header className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <h2 className={css({ fontWeight: 'semibold', fontFamily: 'mono', wordBreak: 'break-all' })}>{table.name}</h2>
        {table.partitioned ? <Badge>partitioned</Badge> : null}
        <Badge tone={table.rls_enabled ? 'success' : 'warning'}>{table.rls_enabled ? 'RLS enabled' : 'RLS disabled'}</Badge>
        <span className={css({ flex: '1' })} />
        <GuardedButton size="sm" blockedReason={blocked} disabled={blocked !== null} onClick={() => onDialog({ kind: 'rls', table })}>
          {table.rls_enabled ? 'Disable RLS' : 'Enable RLS'}
        </GuardedButton>
        <GuardedButton size="sm" variant="primary" blockedReason={blocked} disabled={blocked !== null} onClick={() => onDialog({ kind: 'create', table })}>
          Create policy
        </GuardedButton>
      </header>
      {table.rls_enabled && table.policies.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'warning.default' })}>No policy yet: nobody but roles that bypass row level security sees its rows.</p>
      ) : null}
      {!table.rls_enabled ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Row level security is off: every role with a grant reads and writes every row{table.policies.length > 0 ? '; these policies do not count until it is on' : ''}.</p> : null}
      {table.policies.length > 0 ? (
        <ToolTable label={`Policies on ${table.name}`} columns={['Name', 'Command', 'Roles', 'USING', 'WITH CHECK', { hidden: 'Actions' }]}>
          {table.policies.map((policy) => (
            <tr key={policy.name}>
              <td className={toolCellClass}>
                {policy.name}
                {policy.permissive ? null : (
                  <span className={css({ ml: '1.5' })}>
                    <Badge tone="info">restrictive</Badge>
                  </span>
                )}
              </td>
              <td className={toolCellClass}>{policy.command.toUpperCase()}</td>
              <td className={toolCellClass}>{policy.roles.join(', ')}</td>
              <td className={toolCellClass}>
                <code className={monoClass}>{policy.using ?? '—'}</code>
              </td>
              <td className={toolCellClass}>
                <code className={monoClass}>{policy.check ?? '—'}</code>
              </td>
              <td className={toolCellClass}>
                <RowActions name={policy.name} disabled={blocked !== null} onEdit={() => onDialog({ kind: 'edit', table, policy })} onDelete={() => onDialog({ kind: 'drop', table, policy })} />
              </td>
            </tr>
          ))}
        </ToolTable>
      ) : null}
    </section>
  )
}

/** /project/{ref}/auth/policies: a schema's tables with row level security, their policies written here with their effect in view. */
export function PoliciesScreen({ projectRef: ref }: { projectRef: string }) {
  const [schema, setSchema] = useSchemaParam()
  const focusedTable = new URLSearchParams(useSearch()).get('table')
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const tables = useQuery({ ...policyTablesQuery(ref, connectionString, schema), enabled: Boolean(connectionString) })
  const permission = useDatabaseWritePermission(ref, 'policies', PERMISSION_MESSAGE.managePolicies)
  const blocked = permission.allowed ? null : (permission.reason ?? PERMISSION_MESSAGE.checking)
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const [draft, setDraft] = useState<PolicyDraft>(() => templateDraft('custom', '', null))
  // A new policy's draft outlives a Cancel (nothing typed is lost) while it is for the same table.
  const [draftFor, setDraftFor] = useState<string | null>(null)
  const open = (next: Dialog) => {
    if (next.kind === 'create' && draftFor !== `new:${next.table.name}`) {
      setDraft(templateDraft('custom', next.table.name, null))
      setDraftFor(`new:${next.table.name}`)
    }
    if (next.kind === 'edit') {
      setDraft(policyDraftOf(next.policy))
      setDraftFor(null)
    }
    setDialog(next)
  }
  const close = () => setDialog(null)

  return (
    <DatabaseToolPage
      title="Policies"
      description="Row level security: which rows each role may read and write through the API. Each policy’s effect shows for real users before it is saved."
      actions={<SchemaPicker projectRef={ref} schema={schema} onChange={setSchema} />}
    >
      {permission.reason ? <Callout tone="warning" title={permission.reason} /> : null}
      <QueryStates query={tables} loading="Loading policies…" failed="The policies could not be read">
        {(data) => data.length === 0 ? (
          <EmptyState title={`No tables in ${schema}`}>Policies belong to tables: create one in the table editor first.</EmptyState>
        ) : (
          data.map((table) => <TablePolicies key={table.id} table={table} blocked={blocked} focused={table.name === focusedTable} onDialog={open} />)
        )}
      </QueryStates>
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <PolicyDialog
          projectRef={ref}
          connectionString={connectionString}
          schema={schema}
          table={dialog.table}
          editing={dialog.kind === 'edit' ? dialog.policy : null}
          draft={draft}
          onDraft={setDraft}
          run={run}
          onClose={close}
          onDone={() => {
            finish(dialog.kind === 'edit' ? `Policy ${draft.name} saved` : `Policy ${draft.name} created`)
            setDraftFor(null)
          }}
        />
      ) : null}
      {dialog?.kind === 'drop' ? <DropPolicyDialog schema={schema} table={dialog.table} policy={dialog.policy} run={run} onClose={close} onDone={() => finish(`Policy ${dialog.policy.name} deleted`)} /> : null}
      {dialog?.kind === 'rls' ? (
        <RowLevelSecurityDialog schema={schema} table={dialog.table} run={run} onClose={close} onDone={() => finish(`Row level security ${dialog.table.rls_enabled ? 'disabled' : 'enabled'} on ${dialog.table.name}`)} />
      ) : null}
    </DatabaseToolPage>
  )
}
