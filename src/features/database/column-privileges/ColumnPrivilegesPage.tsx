import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { columnPrivilegesQuery, privilegeRelationsQuery, privilegeRolesQuery } from '../../../api/queries/database-privileges'
import type { PrivilegeRelation, RelationPrivileges } from '../../../api/schemas'
import { COLUMN_PRIVILEGE_TYPES, PERMISSION_MESSAGE, RELATION_KIND_LABELS, type ColumnPrivilegeType } from '../../../constants'
import type { PrivilegeTarget } from '../../../lib/sql/column-privileges'
import { sqlIdent } from '../../../lib/sql/quote'
import { Button } from '../../../ui/button'
import { Callout } from '../../../ui/callout'
import { fieldLabelClass, inputClass, ValueOptions } from '../../../ui/field'
import { EmptyState, ErrorState } from '../../../ui/states'
import { showToast } from '../../../ui/toast'
import { QueryLoadingState } from '../../retries'
import { DatabaseToolPage } from '../DatabaseToolPage'
import { useDatabaseWritePermission, useProjectDatabase } from '../use-project-database'
import { ApplyPrivilegesDialog } from './ApplyPrivilegesDialog'
import { PrivilegesGrid } from './PrivilegesGrid'
import { EMPTY_DRAFT, changeCount, resolveShadow, shadowedColumns, tableWanted, toggleCell, toggleTable, type PrivilegeDraft } from './privilege-draft'
import { chooseTarget, completeTarget, relationSchemas, relationsIn, targetKey, type TargetChoice } from './target-choice'

/** /project/{ref}/database/column-privileges: what each role may do with each column (SPEC §2, behind its preview). */
export function ColumnPrivilegesScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const enabled = Boolean(connectionString)
  const roles = useQuery({ ...privilegeRolesQuery(ref, connectionString), enabled })
  const relations = useQuery({ ...privilegeRelationsQuery(ref, connectionString), enabled })
  const permission = useDatabaseWritePermission(ref, 'column_privileges', PERMISSION_MESSAGE.manageColumnPrivileges)
  const [chosen, setChosen] = useState<TargetChoice>({ role: null, schema: null, table: null })
  // Unapplied changes are kept per role and relation: looking at another table loses none of them.
  const [drafts, setDrafts] = useState<ReadonlyMap<string, PrivilegeDraft>>(new Map())
  const roleNames = useMemo(() => roles.data?.map((role) => role.name) ?? [], [roles.data])
  const shown = chooseTarget(roleNames, relations.data ?? [], chosen)
  const target = completeTarget(shown)

  const lists = roles.isPending || relations.isPending ? 'pending' : roles.isError || relations.isError ? 'error' : 'ready'
  return (
    <DatabaseToolPage
      title="Column privileges"
      description="What each database role may read, insert, update and reference, column by column. Every change is shown as SQL before it runs."
    >
      {permission.reason ? <Callout tone="warning" title={permission.reason} /> : null}
      {lists === 'pending' ? (
        <QueryLoadingState label="Loading roles and tables…" queryKey={privilegeRolesQuery(ref, connectionString).queryKey} />
      ) : lists === 'error' ? (
        <ErrorState
          title="The roles and tables could not be read"
          message={(roles.error ?? relations.error)?.message ?? ''}
          onRetry={() => void Promise.all([roles.refetch(), relations.refetch()])}
        />
      ) : (
        <>
          <TargetPicker roles={roleNames} relations={relations.data ?? []} shown={shown} onChoose={setChosen} />
          {target === null ? (
            <EmptyState title={shown.role === null ? 'No role to grant to' : 'No table to grant on'}>
              {shown.role === null ? 'Create a role (CREATE ROLE) to grant it column privileges.' : 'Create a table first.'}
            </EmptyState>
          ) : (
            <TargetPrivileges
              key={targetKey(target)}
              projectRef={ref}
              connectionString={connectionString}
              target={target}
              disabled={!permission.allowed}
              draft={drafts.get(targetKey(target)) ?? EMPTY_DRAFT}
              onDraft={(next) =>
                setDrafts((previous) => {
                  const key = targetKey(target)
                  const updated = new Map(previous)
                  updated.set(key, next(previous.get(key) ?? EMPTY_DRAFT))
                  return updated
                })
              }
              run={run}
              refresh={refresh}
            />
          )}
        </>
      )}
    </DatabaseToolPage>
  )
}

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId()
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1', minW: '44' })}>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <select id={id} className={cx(inputClass, css({ w: 'auto' }))} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  )
}

function TargetPicker({
  roles,
  relations,
  shown,
  onChoose,
}: {
  roles: string[]
  relations: readonly PrivilegeRelation[]
  shown: TargetChoice
  onChoose: (choice: TargetChoice) => void
}) {
  return (
    <div role="group" aria-label="Role and table" className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'flex-end' })}>
      <Select label="Role" value={shown.role ?? ''} onChange={(role) => onChoose({ ...shown, role })}>
        <ValueOptions values={roles} />
      </Select>
      <Select label="Schema" value={shown.schema ?? ''} onChange={(schema) => onChoose({ ...shown, schema, table: null })}>
        <ValueOptions values={relationSchemas(relations)} />
      </Select>
      <Select label="Table" value={shown.table ?? ''} onChange={(table) => onChoose({ ...shown, table })}>
        {relationsIn(relations, shown.schema).map((relation) => (
          <option key={relation.name} value={relation.name}>
            {relation.kind === 'table' ? relation.name : `${relation.name} (${RELATION_KIND_LABELS[relation.kind]})`}
          </option>
        ))}
      </Select>
    </div>
  )
}

/** One role on one relation: the grid, its unapplied changes, the shadowing warnings and the review. */
function TargetPrivileges({
  projectRef: ref,
  connectionString,
  target,
  disabled,
  draft,
  onDraft,
  run,
  refresh,
}: {
  projectRef: string
  connectionString: string | null | undefined
  target: PrivilegeTarget
  disabled: boolean
  draft: PrivilegeDraft
  onDraft: (next: (previous: PrivilegeDraft) => PrivilegeDraft) => void
  run: (sql: string) => Promise<unknown>
  refresh: () => Promise<void>
}) {
  const query = columnPrivilegesQuery(ref, connectionString, target)
  const privileges = useQuery({ ...query, enabled: Boolean(connectionString) })
  const [reviewing, setReviewing] = useState(false)

  if (privileges.isPending) return <QueryLoadingState label="Loading privileges…" queryKey={query.queryKey} />
  if (privileges.isError) return <ErrorState title="The privileges could not be read" message={privileges.error.message} onRetry={() => void privileges.refetch()} />
  const current = privileges.data
  if (current === null) {
    return (
      <ErrorState
        title="This role or table is gone"
        message="It was dropped or renamed since the list was read."
        onRetry={() => void refresh()}
      />
    )
  }
  const count = changeCount(current, draft)
  const change = (next: (current: RelationPrivileges, draft: PrivilegeDraft) => PrivilegeDraft) => onDraft((previous) => next(current, previous))

  return (
    <>
      {current.schema_usage ? null : (
        <Callout tone="info" title={`${target.role} cannot use the schema ${target.schema}`}>
          Without USAGE on the schema the role reaches none of its tables, whatever is granted here. Grant it in the SQL editor:{' '}
          <code className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{`grant usage on schema ${sqlIdent(target.schema)} to ${sqlIdent(target.role)};`}</code>
        </Callout>
      )}
      {COLUMN_PRIVILEGE_TYPES.map((privilege) => (
        <ShadowWarning
          key={privilege}
          target={target}
          privilege={privilege}
          columns={shadowedColumns(current, draft, privilege)}
          disabled={disabled}
          onFix={() => {
            change((c, d) => resolveShadow(c, d, privilege))
            setReviewing(true)
          }}
        />
      ))}
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' })}>
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {current.kind === 'table' ? '' : `A ${RELATION_KIND_LABELS[current.kind]}. `}
          {COLUMN_PRIVILEGE_TYPES.some((privilege) => tableWanted(current, draft, privilege))
            ? 'A shaded column is granted on the whole table.'
            : 'Each ticked box is granted on its column alone.'}
        </p>
        <div className={css({ display: 'flex', gap: '2' })}>
          <Button size="sm" variant="ghost" disabled={count === 0} onClick={() => onDraft(() => EMPTY_DRAFT)}>
            Discard changes
          </Button>
          <Button size="sm" variant="primary" disabled={count === 0 || disabled} onClick={() => setReviewing(true)}>
            {count === 0 ? 'No changes' : `Review and apply ${count} ${count === 1 ? 'change' : 'changes'}`}
          </Button>
        </div>
      </div>
      <PrivilegesGrid
        current={current}
        draft={draft}
        disabled={disabled}
        onToggleCell={(column, privilege) => change((c, d) => toggleCell(c, d, column, privilege))}
        onToggleTable={(privilege) => change((c, d) => toggleTable(c, d, privilege))}
      />
      {reviewing ? (
        <ApplyPrivilegesDialog
          target={target}
          current={current}
          draft={draft}
          run={run}
          onDone={() => {
            setReviewing(false)
            onDraft(() => EMPTY_DRAFT)
            showToast('success', `Privileges of ${target.role} on ${target.schema}.${target.table} changed`)
            void refresh()
          }}
          onClose={() => setReviewing(false)}
        />
      ) : null}
    </>
  )
}

/** SPEC §2: a column revoke does nothing while the whole table grants the privilege; the fix is offered, as SQL first. */
function ShadowWarning({
  target,
  privilege,
  columns,
  disabled,
  onFix,
}: {
  target: PrivilegeTarget
  privilege: ColumnPrivilegeType
  columns: string[]
  disabled: boolean
  onFix: () => void
}) {
  if (columns.length === 0) return null
  const names = columns.join(', ')
  return (
    <Callout tone="warning" title={`${privilege} on ${names} is still granted by the table`}>
      <p>
        {target.role} has {privilege} on the whole of {target.schema}.{target.table}, so unticking {columns.length === 1 ? 'a column' : 'columns'} changes nothing
        until the table-level {privilege} is revoked.
      </p>
      <div className={css({ mt: '2' })}>
        <Button size="sm" disabled={disabled} onClick={onFix}>
          Revoke table-level {privilege} and grant it on every other column
        </Button>
      </div>
    </Callout>
  )
}
