import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { TableHead, type TableColumn } from '../../ui/table-head'

/**
 * The frame of a database tool's screen inside the project shell: a title and what it is, then the
 * tool, in a column that scrolls on its own (the shell never scrolls the page).
 */
export function DatabaseToolPage({ title, description, actions, children }: { title: string; description: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className={css({ flex: '1', minH: '0', overflowY: 'auto' })}>
      <div className={css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' }, py: '6', display: 'flex', flexDir: 'column', gap: '4' })}>
        <header className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap' })}>
          <div className={css({ flex: '1', minW: '0' })}>
            <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{title}</h1>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{description}</p>
          </div>
          {actions}
        </header>
        {children}
      </div>
    </div>
  )
}

/** The database tools' tables: a bordered surface, muted headings, a rule between rows. */
export const toolTableClass = css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default' })
export const toolHeadClass = css({ px: '3', py: '2', textAlign: 'left', fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted', whiteSpace: 'nowrap' })
export const toolCellClass = css({ px: '3', py: '2', verticalAlign: 'middle', borderTopWidth: '1px', borderColor: 'border.default' })
/** The database tools' monospaced text in a cell: names, signatures, definitions. */
export const toolMonoClass = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word' })

/** A tool table's head: its column names, a name in `{ hidden }` read by screen readers only (a column of buttons). */
export function ToolTableHead({ columns }: { columns: readonly TableColumn[] }) {
  return <TableHead columns={columns} cellClass={toolHeadClass} />
}

/** A tool's table: its name for screen readers (where the page has more than one, or a schema in it), the head, and the rows given. */
export function ToolTable({ label, columns, children }: { label?: string; columns: readonly TableColumn[]; children: ReactNode }) {
  return (
    <table className={toolTableClass} aria-label={label}>
      <ToolTableHead columns={columns} />
      <tbody>{children}</tbody>
    </table>
  )
}
