import { css } from 'styled-system/css'
import type { RelationPrivileges } from '../../../api/schemas'
import { COLUMN_PRIVILEGE_TYPES } from '../../../constants'
import { privilegeChangesSql, type PrivilegeChange, type PrivilegeTarget } from '../../../lib/sql/column-privileges'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'
import { changeCount, draftChanges, shadowedColumns, type PrivilegeDraft } from './privilege-draft'

const codeClass = css({ fontFamily: 'mono', fontSize: 'xs' })

function describeChange(change: PrivilegeChange): string {
  const verb = change.grant ? 'Grant' : 'Revoke'
  return change.level === 'table' ? `${verb} ${change.privilege} on the whole table` : `${verb} ${change.privilege} on ${change.columns.join(', ')}`
}

/**
 * The batch of a role's unapplied changes on one relation, as the SQL it runs (one text: all of it
 * or none); what stays granted by a table-level grant is said once more before it runs.
 */
export function ApplyPrivilegesDialog({
  target,
  current,
  draft,
  run,
  onDone,
  onClose,
}: StructureDialogProps & { target: PrivilegeTarget; current: RelationPrivileges; draft: PrivilegeDraft }) {
  const changes = draftChanges(current, draft)
  const count = changeCount(current, draft)
  const shadowed = COLUMN_PRIVILEGE_TYPES.map((privilege) => ({ privilege, columns: shadowedColumns(current, draft, privilege) })).filter((s) => s.columns.length > 0)
  const noun = count === 1 ? 'change' : 'changes'
  return (
    <SqlPreviewDialog
      title={`Review ${count} ${noun}`}
      description={
        <>
          For <code className={codeClass}>{target.role}</code> on{' '}
          <code className={codeClass}>
            {target.schema}.{target.table}
          </code>
          . The statements run together: all of them or none.
        </>
      }
      runLabel={`Apply ${count} ${noun}`}
      build={() => {
        if (changes.length === 0) throw new Error('Nothing to run: every change is shadowed by a table-level grant. Revoke the table-level grant first.')
        return privilegeChangesSql(target, changes)
      }}
      run={run}
      onDone={onDone}
      onClose={onClose}
    >
      {changes.length > 0 ? (
        <ul aria-label="Changes" className={css({ fontSize: 'sm', pl: '5', listStyle: 'disc' })}>
          {changes.map((change) => (
            <li key={`${change.level}-${change.privilege}-${String(change.grant)}`}>{describeChange(change)}</li>
          ))}
        </ul>
      ) : null}
      {shadowed.map(({ privilege, columns }) => (
        <p key={privilege} role="note" className={css({ fontSize: 'sm', color: 'warning.default' })}>
          {privilege} stays granted on {columns.join(', ')}: {target.role} has {privilege} on the whole table.
        </p>
      ))}
    </SqlPreviewDialog>
  )
}
