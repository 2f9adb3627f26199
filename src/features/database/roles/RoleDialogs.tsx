import { css } from 'styled-system/css'
import type { DatabaseRole } from '../../../api/schemas'
import { alterRoleSql, createRoleSql, dropRoleSql, type RoleDefinition } from '../../../lib/sql/roles'
import { maskSecrets } from '../../../lib/sql/secret-mask'
import { TextField } from '../../../ui/field'
import { Checkbox, gridClass, labelClass } from '../../../ui/form-controls'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'

export type RoleDraft = Omit<RoleDefinition, 'connectionLimit'> & { connectionLimit: string }
export const emptyRoleDraft = (): RoleDraft => ({ name: '', canLogin: false, password: '', inherit: true, createDb: false, createRole: false, bypassRls: false, connectionLimit: '-1', validUntil: '', memberOf: [] })

export function roleDraftOf(role: DatabaseRole): RoleDraft {
  return {
    name: role.name,
    canLogin: role.can_login,
    password: '',
    inherit: role.inherit,
    createDb: role.create_db,
    createRole: role.create_role,
    bypassRls: role.bypass_rls,
    connectionLimit: String(role.connection_limit),
    validUntil: role.valid_until === null || role.valid_until === 'infinity' ? '' : role.valid_until,
    memberOf: role.member_of,
  }
}

const definitionOf = (draft: RoleDraft): RoleDefinition => ({ ...draft, connectionLimit: draft.connectionLimit.trim() === '' ? -1 : Number(draft.connectionLimit) })

/**
 * Creates a role, or changes one (`editing`: its name, attributes and memberships, granted and
 * revoked to match). The password never shows in the statement on screen: a mask stands for it.
 */
export function RoleDialog({ draft, onDraft, editing, groups, ...props }: { draft: RoleDraft; onDraft: (draft: RoleDraft) => void; editing: DatabaseRole | null; groups: readonly string[] } & StructureDialogProps) {
  const set = (change: Partial<RoleDraft>) => onDraft({ ...draft, ...change })
  const sql = () => (editing ? alterRoleSql({ name: editing.name, memberOf: editing.member_of }, definitionOf(draft)) : createRoleSql(definitionOf(draft)))
  const masked = (text: string) => maskSecrets(text, draft.password === '' ? [] : [{ label: 'the password', value: draft.password }])
  return (
    <SqlPreviewDialog
      {...props}
      wide
      title={editing ? `Edit the role ${editing.name}` : 'Create a role'}
      description="A role is a user (it can log in) or a group of privileges other roles are members of."
      runLabel={editing ? 'Save role' : 'Create role'}
      build={() => masked(sql()).shown}
      run={(text) => props.run(masked(sql()).unmask(text))}
    >
      <div className={gridClass}>
        <TextField label="Name" value={draft.name} spellCheck={false} onChange={(event) => set({ name: event.target.value })} />
        <TextField label="Connection limit (-1 for none)" inputMode="numeric" value={draft.connectionLimit} onChange={(event) => set({ connectionLimit: event.target.value })} />
      </div>
      <Checkbox label="Can log in (a user, not only a group)" checked={draft.canLogin} onChange={(canLogin) => set({ canLogin })} />
      {draft.canLogin ? (
        <div className={gridClass}>
          <TextField label={editing ? 'New password (empty: unchanged)' : 'Password'} type="password" autoComplete="new-password" value={draft.password} onChange={(event) => set({ password: event.target.value })} />
          <TextField label="Password valid until (optional)" placeholder="2027-01-31" value={draft.validUntil} onChange={(event) => set({ validUntil: event.target.value })} />
        </div>
      ) : null}
      <fieldset className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
        <legend className={labelClass}>May</legend>
        <Checkbox label="inherit its groups’ privileges" checked={draft.inherit} onChange={(inherit) => set({ inherit })} />
        <Checkbox label="create databases" checked={draft.createDb} onChange={(createDb) => set({ createDb })} />
        <Checkbox label="create roles" checked={draft.createRole} onChange={(createRole) => set({ createRole })} />
        <Checkbox label="bypass row level security" checked={draft.bypassRls} onChange={(bypassRls) => set({ bypassRls })} />
      </fieldset>
      {groups.length > 0 ? (
        <fieldset className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontFamily: 'mono' })}>
          <legend className={labelClass}>Member of</legend>
          {groups.map((group) => (
            <Checkbox key={group} label={group} checked={draft.memberOf.includes(group)} onChange={(on) => set({ memberOf: on ? [...draft.memberOf, group] : draft.memberOf.filter((g) => g !== group) })} />
          ))}
        </fieldset>
      ) : null}
    </SqlPreviewDialog>
  )
}

export function DropRoleDialog({ role, ...props }: { role: DatabaseRole } & StructureDialogProps) {
  return (
    <SqlPreviewDialog {...props} title={`Delete the role ${role.name}`} description="What it owns in this database becomes yours and its privileges here go; then the role is dropped. Postgres refuses while it still owns objects or holds privileges in another database." runLabel="Delete role" tone="danger" build={() => dropRoleSql(role.name)}>
      {null}
    </SqlPreviewDialog>
  )
}
