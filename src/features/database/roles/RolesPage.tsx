import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { databaseRoleListQuery } from '../../../api/queries/database-objects'
import type { DatabaseRole } from '../../../api/schemas'
import { PERMISSION_MESSAGE, PLATFORM_DATABASE_ROLES } from '../../../constants'
import { Badge } from '../../../ui/badge'
import { Callout } from '../../../ui/callout'
import { GuardedButton } from '../../../ui/guarded-button'
import { RowActions } from '../../../ui/row-actions'
import { QueryStates } from '../../../ui/states'
import { useFormDrafts, useListDialog } from '../../../ui/use-list-dialogs'
import { DatabaseToolPage, ToolTable, toolCellClass, toolMonoClass } from '../DatabaseToolPage'
import { useDatabaseWritePermission, useProjectDatabase } from '../use-project-database'
import { DropRoleDialog, emptyRoleDraft, RoleDialog, roleDraftOf } from './RoleDialogs'

type Dialog = { kind: 'create' } | { kind: 'edit' | 'drop'; role: DatabaseRole }

/** Why a role is not for changing here, or null: the platform's, or the one this connection runs as. */
export function protectedRoleReason(role: DatabaseRole): string | null {
  if ((PLATFORM_DATABASE_ROLES as readonly string[]).includes(role.name)) return 'The platform’s role: the API, auth and the dashboard rely on it.'
  if (role.is_current) return 'The role this dashboard runs your SQL as.'
  if (role.is_project_role) return 'The platform’s role for this project: members who may only read run SQL as it.'
  return null
}

function attributesOf(role: DatabaseRole): string[] {
  return [
    role.superuser ? 'superuser' : null,
    role.can_login ? 'login' : null,
    role.create_db ? 'create databases' : null,
    role.create_role ? 'create roles' : null,
    role.bypass_rls ? 'bypass RLS' : null,
    role.replication ? 'replication' : null,
    role.inherit ? null : 'no inherit',
  ].filter((a): a is string => a !== null)
}

/** /project/{ref}/database/roles: the roles the project's database sees; the user's own made, changed and dropped here. */
export function RolesScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const roles = useQuery({ ...databaseRoleListQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const permission = useDatabaseWritePermission(ref, 'roles', PERMISSION_MESSAGE.manageRoles)
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const close = () => setDialog(null)
  const editing = dialog?.kind === 'edit'
  const drafts = useFormDrafts(emptyRoleDraft, editing)
  const edit = (role: DatabaseRole) => {
    drafts.startEdit(roleDraftOf(role))
    setDialog({ kind: 'edit', role })
  }
  // On a shared server the project's own role may not make roles: Postgres would refuse, so say it first.
  const current = roles.data?.find((r) => r.is_current && r.can_login)
  const databaseRefuses = current !== undefined && !current.superuser && !current.create_role ? `The role your SQL runs as here (${current.name}) may not create or change roles on this server.` : null
  const blocked = permission.reason ?? databaseRefuses
  const mayChange = permission.allowed && databaseRefuses === null
  // Groups a role may join: every other role that does not log in, the platform's API roles included.
  const groups = (roles.data ?? []).filter((r) => !r.can_login && !r.superuser && (dialog?.kind !== 'edit' || r.name !== dialog.role.name)).map((r) => r.name)

  return (
    <DatabaseToolPage
      title="Roles"
      description="Who may connect and what they may do: users that log in, and groups whose privileges members inherit."
      actions={
        <GuardedButton variant="primary" blockedReason={blocked} disabled={!mayChange} onClick={() => setDialog({ kind: 'create' })}>
          Create role
        </GuardedButton>
      }
    >
      {permission.reason ? <Callout tone="warning" title={permission.reason} /> : null}
      {databaseRefuses ? <Callout tone="info" title={databaseRefuses} /> : null}
      <QueryStates query={roles} loading="Loading roles…" failed="The roles could not be read">
        {(data) => (
          <ToolTable label="Roles" columns={['Name', 'May', 'Member of', 'Connections', { hidden: 'Actions' }]}>
            {data.map((role) => {
              const reason = protectedRoleReason(role)
              return (
                <tr key={role.id}>
                  <td className={toolCellClass}>
                    <span className={toolMonoClass}>{role.name}</span>
                    <span className={css({ display: 'flex', gap: '1', flexWrap: 'wrap', mt: '1' })}>
                      {reason ? <Badge tone="info">{role.is_current ? 'You' : 'Platform'}</Badge> : null}
                    </span>
                  </td>
                  <td className={toolCellClass}>{attributesOf(role).join(', ') || '—'}</td>
                  <td className={toolCellClass}>
                    <span className={toolMonoClass}>{role.member_of.join(', ') || '—'}</span>
                  </td>
                  <td className={toolCellClass}>{role.connection_limit === -1 ? 'No limit' : role.connection_limit}</td>
                  <td className={toolCellClass}>
                    {reason ? (
                      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{reason}</span>
                    ) : (
                      <RowActions name={role.name} disabled={!mayChange} onEdit={() => edit(role)} onDelete={() => setDialog({ kind: 'drop', role })} />
                    )}
                  </td>
                </tr>
              )
            })}
          </ToolTable>
        )}
      </QueryStates>
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <RoleDialog
          draft={drafts.values}
          onDraft={drafts.set}
          editing={dialog.kind === 'edit' ? dialog.role : null}
          groups={groups}
          run={run}
          onClose={close}
          onDone={() => {
            finish(`Role ${drafts.values.name} ${editing ? 'saved' : 'created'}`)
            drafts.saved()
          }}
        />
      ) : null}
      {dialog?.kind === 'drop' ? <DropRoleDialog role={dialog.role} run={run} onClose={close} onDone={() => finish(`Role ${dialog.role.name} deleted`)} /> : null}
    </DatabaseToolPage>
  )
}
