import { Handle, Position, useStore, type Node, type NodeProps, type ReactFlowState } from '@xyflow/react'
import { ArrowUpRight, Diamond, KeyRound, type LucideIcon } from 'lucide-react'
import { memo } from 'react'
import { Link } from 'wouter'
import { css, cx } from 'styled-system/css'
import { CARD_HEADER_HEIGHT, CARD_ROW_HEIGHT, type DiagramTable } from './diagram-model'

export type TableCardNode = Node<{ table: DiagramTable; editorPath: string }, 'table'>

/**
 * Below this zoom a card's columns would be text too small to read: cards show their name only and
 * the lines meet their headers. Measured on 500 tables fitted in view (bench): panning at 37 fps with
 * every column drawn, 60 with names only.
 */
export const NAMES_ONLY_BELOW_ZOOM = 0.45
export const namesOnly = (state: ReactFlowState) => state.transform[2] < NAMES_ONLY_BELOW_ZOOM

/** A foreign key's ends: a column's row, by its place (names are the user's), or the header for a column not drawn. */
export const columnHandle = (table: DiagramTable, column: string, side: 'in' | 'out', onlyNames = false) => {
  const index = onlyNames ? -1 : table.columns.findIndex((c) => c.name === column)
  return index === -1 ? `header-${side}` : `c${index}-${side}`
}

const KIND_LABEL = { table: null, view: 'view', materialized_view: 'materialized view', foreign_table: 'foreign table' } as const
const MARK: Record<NonNullable<DiagramTable['columns'][number]['mark']>, { Icon: LucideIcon; label: string }> = {
  primary: { Icon: KeyRound, label: 'primary key' },
  foreign: { Icon: ArrowUpRight, label: 'foreign key' },
  unique: { Icon: Diamond, label: 'unique' },
}

// The edge is a ring, not a border: a border would take from the height the rows are placed by.
const cardClass = css({
  bg: 'bg.surface',
  borderRadius: 'md',
  boxShadow: '0 0 0 1px token(colors.border.strong), 0 1px 2px rgb(0 0 0 / 0.08)',
  fontSize: 'xs',
  color: 'fg.default',
  overflow: 'hidden',
  '.selected > &': { boxShadow: '0 0 0 2px token(colors.accent.default)' },
})
const headerClass = css({ display: 'flex', alignItems: 'center', gap: '2', px: '3', bg: 'bg.muted', borderBottomWidth: '1px', borderColor: 'border.default' })
const rowClass = css({ position: 'relative', display: 'flex', alignItems: 'center', gap: '2', px: '2.5', borderTopWidth: '1px', borderColor: 'border.subtle', _first: { borderTopWidth: '0' } })
const handleClass = css({ opacity: '0', pointerEvents: 'none', w: '1px!', h: '1px!', minW: '0!', minH: '0!', border: 'none!' })
const truncate = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

/** A key's mark; a foreign key says where it points (a large schema's lines are a picture only: DiagramLinks). */
function MarkIcon({ mark, pointsTo }: { mark: keyof typeof MARK; pointsTo: string | null }) {
  const { Icon, label } = MARK[mark]
  return (
    <>
      <Icon aria-hidden size={13} strokeWidth={2.25} />
      <span className={css({ srOnly: true })}>{mark === 'foreign' && pointsTo ? `${label} to ${pointsTo}` : label}</span>
    </>
  )
}

/** One table (or view) on the diagram: its name opens it in the table editor, its columns show type and keys. */
export const TableCard = memo(function TableCard({ data }: NodeProps<TableCardNode>) {
  const { table, editorPath } = data
  const kind = KIND_LABEL[table.type]
  const onlyName = useStore(namesOnly)
  return (
    <div className={cardClass} style={{ width: table.width, height: table.height }}>
      <div className={headerClass} style={{ height: CARD_HEADER_HEIGHT }}>
        <Handle type="target" position={Position.Left} id="header-in" isConnectable={false} className={handleClass} />
        <Link href={editorPath} className={cx('nodrag', truncate, css({ fontWeight: 'semibold', fontSize: 'sm', color: 'fg.default', textDecoration: 'none', _hover: { textDecoration: 'underline' } }))} title={table.comment ?? undefined}>
          {table.name}
        </Link>
        {kind ? <span className={css({ ml: 'auto', flexShrink: '0', color: 'info.default', fontSize: 'xs' })}>{kind}</span> : null}
        <Handle type="source" position={Position.Right} id="header-out" isConnectable={false} className={handleClass} />
      </div>
      {onlyName ? null : <ul aria-label={`Columns of ${table.name}`}>
        {table.columns.map((column, index) => (
          <li key={index} className={rowClass} style={{ height: CARD_ROW_HEIGHT }}>
            <Handle type="target" position={Position.Left} id={`c${index}-in`} isConnectable={false} className={handleClass} />
            <span className={css({ w: '4', flexShrink: '0', display: 'flex', justifyContent: 'center', color: column.mark === 'foreign' ? 'info.default' : 'warning.default' })}>
              {column.mark ? <MarkIcon mark={column.mark} pointsTo={column.references ?? column.elsewhere} /> : null}
            </span>
            <span className={cx(truncate, css({ flex: '1', minW: '0', fontFamily: 'mono' }))} title={column.elsewhere ? `${column.name} → ${column.elsewhere}` : column.name}>
              {column.name}
            </span>
            <span className={cx(truncate, css({ maxW: '45%', color: 'fg.muted', fontFamily: 'mono' }))} title={column.nullable ? column.type : `${column.type}, not null`}>
              {column.type}
              {column.nullable ? null : <span className={css({ srOnly: true })}>, not null</span>}
            </span>
            <Handle type="source" position={Position.Right} id={`c${index}-out`} isConnectable={false} className={handleClass} />
          </li>
        ))}
        {table.hiddenColumns > 0 ? (
          <li className={cx(rowClass, css({ color: 'fg.muted', pl: '8' }))} style={{ height: CARD_ROW_HEIGHT }}>
            {table.hiddenColumns} more columns
          </li>
        ) : null}
        {table.columns.length === 0 && table.hiddenColumns === 0 ? (
          <li className={cx(rowClass, css({ color: 'fg.muted', pl: '8' }))} style={{ height: CARD_ROW_HEIGHT }}>
            No columns
          </li>
        ) : null}
      </ul>}
    </div>
  )
})
