import { useMemo, useState, useSyncExternalStore } from 'react'
import { css } from 'styled-system/css'
import { formatDisplayDate } from '../../lib/display-date'
import { formatDuration } from '../../lib/duration'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { dataTable } from '../../ui/data-table'
import { ConfirmDialog } from '../../ui/dialog'
import { EmptyState } from '../../ui/states'
import { clearRunHistory, readRunHistory, runHistoryVersion, subscribeToRunHistory, type PastRun } from './run-history'
import { TableHead } from '../../ui/table-head'

/** One line of a statement, for the list (the whole text is copied or put back). */
const oneLine = (sql: string) => {
  const line = sql.replace(/\s+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

/**
 * The project's past runs in the SQL editor, newest first: the statement, when it ran, how long it
 * took and its rows, or how it ended. "Insert" puts a run's text back at the editor's cursor (as one
 * undoable edit: nothing typed is lost).
 */
export function RunHistory({ projectRef, onInsert }: { projectRef: string; onInsert: (sql: string) => void }) {
  const version = useSyncExternalStore(subscribeToRunHistory, runHistoryVersion)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says when the stored list changed
  const runs = useMemo(() => readRunHistory(projectRef), [projectRef, version])
  const [confirmClear, setConfirmClear] = useState(false)

  if (runs.length === 0) {
    return (
      <div className={css({ p: '4' })}>
        <EmptyState title="No runs yet">Each query you run in this project is listed here: what ran, when, how long it took and its rows.</EmptyState>
      </div>
    )
  }
  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>
      <div className={css({ flex: '1', minH: '0', overflow: 'auto', bg: 'bg.surface' })}>
        <table aria-label="Past runs" className={dataTable({ density: 'compact' })}>
          <TableHead columns={['Statement', 'When', { label: 'Duration', className: numberClass }, { label: 'Rows', className: numberClass }, { hidden: 'Actions' }]} />
          <tbody>
            {runs.map((run) => (
              <RunRow key={run.id} run={run} onInsert={onInsert} />
            ))}
          </tbody>
        </table>
      </div>
      <div className={css({ px: '3', py: '1.5', borderTopWidth: '1px', borderColor: 'border.default', display: 'flex', alignItems: 'center', gap: '2', fontSize: 'xs', color: 'fg.muted' })}>
        <span className={css({ flex: '1' })}>
          {runs.length.toLocaleString()} {runs.length === 1 ? 'run' : 'runs'}, kept in this browser
        </span>
        <Button size="sm" variant="ghost" onClick={() => setConfirmClear(true)}>
          Clear history
        </Button>
      </div>
      <ConfirmDialog
        open={confirmClear}
        title="Clear this project’s run history?"
        confirmLabel="Clear history"
        onConfirm={() => {
          clearRunHistory(projectRef)
          setConfirmClear(false)
        }}
        onDismiss={() => setConfirmClear(false)}
      >
        The list of past runs in this browser is emptied. Snippets and their text are not touched.
      </ConfirmDialog>
    </div>
  )
}

function RunRow({ run, onInsert }: { run: PastRun; onInsert: (sql: string) => void }) {
  const line = oneLine(run.sql)
  return (
    <tr>
      <td className={css({ maxW: '0', w: 'full' })}>
        <span className={css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0' })}>
          {run.outcome === 'failed' ? <Badge tone="danger">Failed</Badge> : run.outcome === 'cancelled' ? <Badge tone="warning">Cancelled</Badge> : null}
          <code title={run.error ?? undefined} className={css({ fontFamily: 'mono', fontSize: 'xs', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: '0' })}>
            {line}
          </code>
        </span>
      </td>
      <td className={css({ whiteSpace: 'nowrap', fontSize: 'xs', color: 'fg.muted' })}>{formatDisplayDate(run.ranAt)}</td>
      <td className={numberClass}>{run.durationMs === null ? '—' : formatDuration(run.durationMs)}</td>
      <td className={numberClass}>{run.rows === null ? '—' : run.rows.toLocaleString()}</td>
      <td className={css({ whiteSpace: 'nowrap' })}>
        <span className={css({ display: 'flex', gap: '1' })}>
          <Button
            size="sm"
            variant="ghost"
            disabled={run.cut}
            title={run.cut ? 'Too long to keep whole: only its beginning was kept' : 'Put this statement at the editor’s cursor'}
            aria-label={`Insert “${line.slice(0, 60)}” into the editor`}
            onClick={() => onInsert(run.sql)}
          >
            Insert
          </Button>
          <CopyButton text={run.sql} subject={`statement run ${formatDisplayDate(run.ranAt)}`} size="sm" variant="ghost" />
        </span>
      </td>
    </tr>
  )
}

const numberClass = css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })
