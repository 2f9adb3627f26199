import { useState } from 'react'
import { css } from 'styled-system/css'
import type { PolicyTable, TablePolicy } from '../../../api/schemas'
import { PLATFORM_API_ROLES } from '../../../constants'
import type { CatalogColumn } from '../../../lib/sql/completion'
import { dropPolicySql, ownerColumns, POLICY_COMMANDS, POLICY_TEMPLATES, setRowLevelSecuritySql, takesCheck, takesUsing, type PolicyCommand } from '../../../lib/sql/table-policies'
import { TextField } from '../../../ui/field'
import { Checkbox, gridClass, labelClass, SelectField } from '../../../ui/form-controls'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'
import { SqlCodeEditor } from '../../sql-editor'
import { PolicyEffect } from './PolicyEffect'
import { measuresFor, policyChangeSql, templateDraft, type PolicyDraft } from './policy-draft'

const COMMAND_LABELS: Record<PolicyCommand, string> = { all: 'ALL (every command)', select: 'SELECT (read)', insert: 'INSERT (add)', update: 'UPDATE (change)', delete: 'DELETE (remove)' }

/** What the expression editors complete: the table's columns, and the auth helpers policies call. */
function completionOf(schema: string, table: PolicyTable): () => Promise<CatalogColumn[]> {
  const helpers = ['uid()', 'role()', 'email()', 'jwt()'].map((column) => ({ schema: 'auth', table: 'auth', column, type: 'function' }))
  return async () => [...table.columns.map((column) => ({ schema, table: table.name, column: column.name, type: column.type })), ...helpers]
}

function ExpressionField({ label, hint, value, onChange, catalog, revision }: { label: string; hint: string; value: string; onChange: (value: string) => void; catalog: () => Promise<CatalogColumn[]>; revision: number }) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
      <span className={labelClass}>{label}</span>
      <div className={css({ h: '20', display: 'flex', flexDir: 'column', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', overflow: 'hidden' })}>
        {/* Monaco takes its text once: a template chosen anew (revision) mounts it again with the template's. */}
        <SqlCodeEditor key={revision} label={label} initialValue={value} onChange={onChange} onRun={() => {}} onReady={() => {}} loadCatalog={catalog} />
      </div>
      <span className={css({ fontSize: 'xs', color: 'fg.subtle' })}>{hint}</span>
    </div>
  )
}

/**
 * Creates a policy on a table (from a template or from scratch) or edits one, with its effect in view
 * before it is saved (PolicyEffect): the statement shown is the one that runs.
 */
export function PolicyDialog({
  projectRef,
  connectionString,
  schema,
  table,
  editing,
  draft,
  onDraft,
  ...props
}: {
  projectRef: string
  connectionString: string | null | undefined
  schema: string
  table: PolicyTable
  editing: TablePolicy | null
  draft: PolicyDraft
  onDraft: (draft: PolicyDraft) => void
} & StructureDialogProps) {
  const owners = ownerColumns(table.columns)
  const [template, setTemplate] = useState('custom')
  const [owner, setOwner] = useState<string | null>(owners[0] ?? null)
  const [revision, setRevision] = useState(0)
  const set = (change: Partial<PolicyDraft>) => onDraft({ ...draft, ...change })
  const choose = (templateId: string, ownerColumn: string | null) => {
    setTemplate(templateId)
    setOwner(ownerColumn)
    onDraft(templateDraft(templateId, table.name, ownerColumn))
    setRevision((r) => r + 1)
  }
  const chosen = POLICY_TEMPLATES.find((t) => t.id === template)
  const catalog = completionOf(schema, table)
  const change = () => policyChangeSql(schema, table, draft, editing)
  return (
    <SqlPreviewDialog
      {...props}
      wide
      title={editing ? `Edit the policy ${editing.name}` : `Create a policy on ${table.name}`}
      description="A policy says which rows a role may read or write. Permissive policies add rows (any may let one through); restrictive ones narrow them (every one must)."
      runLabel={editing ? 'Save policy' : 'Create policy'}
      build={change}
    >
      {editing ? null : (
        <div className={gridClass}>
          <SelectField label="Start from" value={template} onChange={(id) => choose(id, owner)}>
            {POLICY_TEMPLATES.map((t) => (
              <option key={t.id} value={t.id} disabled={t.needsOwner && owners.length === 0}>
                {t.label}
                {t.needsOwner && owners.length === 0 ? ' (needs a uuid column)' : ''}
              </option>
            ))}
          </SelectField>
          {chosen?.needsOwner ? (
            <SelectField label="Owner column (matched to the user’s id)" value={owner ?? ''} onChange={(column) => choose(template, column)}>
              {owners.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </SelectField>
          ) : (
            <p className={css({ fontSize: 'xs', color: 'fg.muted', alignSelf: 'end' })}>{chosen?.description}</p>
          )}
        </div>
      )}
      <div className={gridClass}>
        <TextField label="Name" value={draft.name} spellCheck={false} onChange={(event) => set({ name: event.target.value })} />
        <SelectField label="Command" value={draft.command} onChange={(command) => set({ command: command as PolicyCommand })}>
          {POLICY_COMMANDS.map((command) => (
            <option key={command} value={command}>
              {COMMAND_LABELS[command]}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'center' })}>
        <legend className={labelClass}>Roles (none ticked: every role)</legend>
        {PLATFORM_API_ROLES.map((role) => (
          <Checkbox key={role} label={role} checked={draft.roles.includes(role)} onChange={(on) => set({ roles: on ? [...draft.roles, role] : draft.roles.filter((r) => r !== role) })} />
        ))}
        <Checkbox label="Restrictive (narrows what the permissive policies let through)" checked={!draft.permissive} onChange={(restrictive) => set({ permissive: !restrictive })} />
      </fieldset>
      {takesUsing(draft.command) ? (
        <ExpressionField label="USING: which existing rows it lets through" hint="A boolean expression over the row, e.g. (select auth.uid()) = user_id." value={draft.using} onChange={(using) => set({ using })} catalog={catalog} revision={revision} />
      ) : null}
      {takesCheck(draft.command) ? (
        <ExpressionField label="WITH CHECK: which new or changed rows it accepts" hint="Checked on each row written; an update must pass it after the change." value={draft.check} onChange={(check) => set({ check })} catalog={catalog} revision={revision} />
      ) : null}
      <PolicyEffect
        projectRef={projectRef}
        connectionString={connectionString}
        schema={schema}
        table={table}
        change={change}
        measures={measuresFor(draft.command)}
      />
    </SqlPreviewDialog>
  )
}

export function DropPolicyDialog({ schema, table, policy, ...props }: { schema: string; table: PolicyTable; policy: TablePolicy } & StructureDialogProps) {
  const last = table.rls_enabled && table.policies.length === 1
  return (
    <SqlPreviewDialog
      {...props}
      title={`Delete the policy ${policy.name}`}
      description={last ? `It is the last policy on ${table.name}: with row level security on, nobody but roles that bypass it will see its rows.` : 'The rows it let through are no longer let through by it.'}
      runLabel="Delete policy"
      tone="danger"
      build={() => dropPolicySql(schema, table.name, policy.name)}
    >
      {null}
    </SqlPreviewDialog>
  )
}

/** Turns row level security on or off, saying what that means for who sees the rows. */
export function RowLevelSecurityDialog({ schema, table, ...props }: { schema: string; table: PolicyTable } & StructureDialogProps) {
  const enabling = !table.rls_enabled
  const description = enabling
    ? table.policies.length === 0
      ? `${table.name} has no policy: once this runs, nobody but roles that bypass row level security (the project’s own role, service_role) will see or change its rows through the API. Add a policy to let some through.`
      : `Its ${table.policies.length === 1 ? 'policy decides' : `${table.policies.length} policies decide`} which rows each role sees and changes.`
    : `Every role with a grant on ${table.name} sees and changes every row: its policies stop counting until it is on again.`
  return (
    <SqlPreviewDialog {...props} title={`${enabling ? 'Enable' : 'Disable'} row level security on ${table.name}`} description={description} runLabel={enabling ? 'Enable RLS' : 'Disable RLS'} tone={enabling ? 'primary' : 'danger'} build={() => setRowLevelSecuritySql(schema, table.name, enabling)}>
      {null}
    </SqlPreviewDialog>
  )
}
