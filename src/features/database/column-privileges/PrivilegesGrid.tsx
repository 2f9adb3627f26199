import { toolCellClass, toolHeadClass, toolTableClass } from '../DatabaseToolPage'
import { css, cx } from 'styled-system/css'
import type { ColumnGrants, RelationPrivileges } from '../../../api/schemas'
import { COLUMN_PRIVILEGE_TYPES, type ColumnPrivilegeType } from '../../../constants'
import { cellSource, cellWanted, isCellChanged, isTableChanged, tableWanted, type PrivilegeDraft } from './privilege-draft'

// A privilege the whole table grants: its column is shaded, as no box in it can take the privilege away.
const coveredClass = css({ bg: 'bg.muted' })
const changedClass = css({ boxShadow: 'inset 3px 0 0 token(colors.accent.default)' })
const checkboxClass = css({ w: '4', h: '4', accentColor: 'token(colors.accent.default)', cursor: 'pointer', _disabled: { cursor: 'not-allowed' } })
const captionClass = css({ fontSize: '2xs', color: 'fg.subtle', whiteSpace: 'nowrap' })

const CAPTIONS = {
  both: { text: 'own grant too', title: 'Granted on this column as well: it stays once the table-level grant is revoked.' },
  inherited: { text: 'inherited', title: 'Granted to PUBLIC or to a role this role belongs to: not changed here.' },
} as const

export interface PrivilegesGridProps {
  current: RelationPrivileges
  draft: PrivilegeDraft
  /** Why the boxes cannot change (read-only member), or null. */
  disabled: boolean
  onToggleCell: (column: string, privilege: ColumnPrivilegeType) => void
  onToggleTable: (privilege: ColumnPrivilegeType) => void
}

/**
 * One row per column and a first row for the whole table; a box per privilege. A box shows what
 * the role will be granted once the changes run; the shade says the whole table grants it.
 */
export function PrivilegesGrid({ current, draft, disabled, onToggleCell, onToggleTable }: PrivilegesGridProps) {
  const otherTablePrivileges = current.table_privileges.filter((privilege) => !(COLUMN_PRIVILEGE_TYPES as readonly string[]).includes(privilege))
  return (
    <table
      aria-label="Privileges per column"
      className={toolTableClass}
    >
      <thead>
        <tr>
          <th className={toolHeadClass}>Column</th>
          <th className={toolHeadClass}>Type</th>
          {COLUMN_PRIVILEGE_TYPES.map((privilege) => (
            <th key={privilege} className={cx(toolHeadClass, css({ textAlign: 'center', w: '28' }))}>
              {privilege}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr aria-label="Whole table" className={css({ bg: 'bg.canvas' })}>
          <td className={toolCellClass} colSpan={2}>
            <div className={css({ fontWeight: 'medium' })}>Whole table</div>
            <div className={css({ fontSize: 'xs', color: 'fg.muted' })}>
              A table-level grant covers every column, now and added later.
              {otherTablePrivileges.length > 0 ? ` Also granted on the table: ${otherTablePrivileges.join(', ')}.` : null}
            </div>
          </td>
          {COLUMN_PRIVILEGE_TYPES.map((privilege) => {
            const changed = isTableChanged(current, draft, privilege)
            return (
              <td key={privilege} className={cx(toolCellClass, css({ textAlign: 'center' }), changed && changedClass)}>
                <input
                  type="checkbox"
                  className={checkboxClass}
                  aria-label={`${privilege} on the whole table`}
                  checked={tableWanted(current, draft, privilege)}
                  disabled={disabled}
                  onChange={() => onToggleTable(privilege)}
                />
                {changed ? <div className={captionClass}>unapplied</div> : null}
              </td>
            )
          })}
        </tr>
        {current.columns.map((column) => (
          <ColumnRow key={column.name} current={current} draft={draft} column={column} disabled={disabled} onToggle={onToggleCell} />
        ))}
      </tbody>
    </table>
  )
}

function ColumnRow({
  current,
  draft,
  column,
  disabled,
  onToggle,
}: {
  current: RelationPrivileges
  draft: PrivilegeDraft
  column: ColumnGrants
  disabled: boolean
  onToggle: (column: string, privilege: ColumnPrivilegeType) => void
}) {
  return (
    <tr aria-label={column.name}>
      <td className={toolCellClass}>
        <span className={css({ fontFamily: 'mono', fontWeight: 'medium', wordBreak: 'break-all' })}>{column.name}</span>
      </td>
      <td className={toolCellClass}>
        <span className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted', wordBreak: 'break-all' })}>{column.type}</span>
      </td>
      {COLUMN_PRIVILEGE_TYPES.map((privilege) => {
        const table = tableWanted(current, draft, privilege)
        const wanted = cellWanted(current, draft, column, privilege)
        const changed = isCellChanged(current, draft, column, privilege)
        const source = cellSource(current, draft, column, privilege)
        const shadowed = table && !wanted
        const caption = shadowed
          ? { text: 'still granted', title: 'The table-level grant still gives this column the privilege.' }
          : source === 'both' || source === 'inherited'
            ? CAPTIONS[source]
            : changed
              ? { text: 'unapplied', title: 'Runs with the other changes once reviewed.' }
              : null
        return (
          <td key={privilege} className={cx(toolCellClass, css({ textAlign: 'center' }), table && coveredClass, changed && changedClass)}>
            <input
              type="checkbox"
              className={checkboxClass}
              aria-label={`${privilege} on ${column.name}`}
              title={source === 'table' ? 'Granted by the table-level grant' : caption?.title}
              checked={wanted}
              disabled={disabled}
              onChange={() => onToggle(column.name, privilege)}
            />
            {caption ? (
              <div className={cx(captionClass, shadowed && css({ color: 'warning.default' }))} title={caption.title}>
                {caption.text}
              </div>
            ) : null}
          </td>
        )
      })}
    </tr>
  )
}
