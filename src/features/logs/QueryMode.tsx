import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { logsQueryMachine, type LogsQueryAnswer } from '../../../machines/logs-query.machine'
import { readLogs } from '../../api/queries/logs'
import { LogsAnswerSchema } from '../../api/schemas'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { MODIFIER_LABEL } from '../../lib/keyboard'
import type { ResolvedRange } from '../../lib/log-range'
import { Button } from '../../ui/button'
import { PromptDialog } from '../../ui/prompt-dialog'
import { EmptyState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { useInspectedMachine } from '../../ui/use-inspected-machine'
import { ResultsGrid, SqlCodeEditor } from '../sql-editor'
import { LogsRefusal } from './LogsRefusal'
import { recordRecentQuery, saveQuery, savedNameProblem } from './saved-queries'

/**
 * Query mode (SPEC §2 logs): the SQL that produced the view, editable on our Monaco, run with
 * ⌘/Ctrl+Enter (the selection, or all) over the range picked above. Any single SELECT over the
 * log tables runs; the answer is a grid of whatever it selected. A run is kept in the project's
 * recent queries; Save keeps it under a name. The grid copies and exports (CSV, JSON) the answer.
 */
export function QueryMode({
  projectRef,
  initialSql,
  range,
  organizationSlug,
  onStored,
  onNew,
}: {
  projectRef: string
  initialSql: string
  range: ResolvedRange
  organizationSlug: string | null
  /** Saved or recent queries changed. */
  onStored: () => void
  /** Opens the default query (SPEC §3 custom content `logs:default_query`). */
  onNew: () => void
}) {
  const text = useRef(initialSql)
  const [naming, setNaming] = useState(false)
  const [snapshot, send] = useInspectedMachine(
    logsQueryMachine.provide({
      actors: {
        readRows: fromPromiseUntilStopped(async ({ input, signal }): Promise<LogsQueryAnswer> => {
          const started = performance.now()
          const rows = await readLogs(projectRef, input, LogsAnswerSchema, { signal })
          return { rows, ms: Math.round(performance.now() - started) }
        }),
      },
    }),
  )
  const { rows, error, ms } = snapshot.context
  const running = snapshot.matches('loading')

  const ask = (sql: string) => send({ type: 'query.run', request: { sql, start: range.start.toISOString(), end: range.end.toISOString() } })
  function run(sql: string) {
    if (sql.trim() === '') return
    ask(sql)
    if (!recordRecentQuery(projectRef, sql)) showToast('error', 'This browser refused to keep the query in its recent queries.')
    onStored()
  }
  // Opened on a statement (the view's, or a saved one): its answer shows at once; only the user's own runs are recent queries.
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current || initialSql.trim() === '') return
    opened.current = true
    ask(initialSql)
  })

  const columns = rows && rows.length > 0 ? Object.keys(rows[0]!) : []
  return (
    <section aria-label="Query" className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>
      <div className={css({ h: '44', flexShrink: '0', display: 'flex', flexDir: 'column', borderBottomWidth: '1px', borderColor: 'border.default' })}>
        <SqlCodeEditor
          label="Logs query"
          initialValue={initialSql}
          onChange={(sql) => (text.current = sql)}
          onRun={(sql) => run(sql)}
          onReady={(handle) => handle.focus()}
        />
      </div>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '4', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', flexShrink: '0' })}>
        <Button variant="primary" size="sm" loading={running} onClick={() => run(text.current)} aria-keyshortcuts="Control+Enter Meta+Enter">
          Run <span className={css({ fontSize: 'xs' })}>{MODIFIER_LABEL}↵</span>
        </Button>
        {running ? (
          <Button size="sm" variant="ghost" onClick={() => send({ type: 'query.cancel' })}>
            Cancel
          </Button>
        ) : null}
        <Button size="sm" onClick={() => setNaming(true)}>
          Save query
        </Button>
        <Button size="sm" variant="ghost" onClick={onNew}>
          New query
        </Button>
        <span role="status" className={css({ fontSize: 'xs', color: 'fg.muted', mr: 'auto' })}>
          {snapshot.matches('done') && rows ? `${rows.length.toLocaleString('en-US')} row${rows.length === 1 ? '' : 's'} in ${ms} ms` : snapshot.matches('cancelled') ? 'Cancelled' : ''}
        </span>
      </div>
      {error ? (
        <LogsRefusal message={error.message} organizationSlug={organizationSlug} />
      ) : running && !rows ? (
        <LoadingState label="Running the query…" />
      ) : rows === null ? (
        <p className={css({ p: '4', color: 'fg.muted', fontSize: 'sm' })}>Write a SELECT over the log tables ({'edge_logs'}, {'postgres_logs'}, …) and run it with {MODIFIER_LABEL}+Enter.</p>
      ) : rows.length === 0 ? (
        <div className={css({ p: '4' })}>
          <EmptyState title="No rows">The query ran over the range above and found nothing.</EmptyState>
        </div>
      ) : (
        <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>
          <ResultsGrid columns={columns} rows={rows} fileName="logs-query" />
        </div>
      )}
      <PromptDialog
        open={naming}
        title="Save query"
        label="Name"
        submitLabel="Save"
        validate={(name) => savedNameProblem(projectRef, name)}
        onSubmit={(name) => {
          setNaming(false)
          if (saveQuery(projectRef, { name, sql: text.current })) showToast('success', `Saved query ${name}`)
          else showToast('error', 'The query was not saved: this browser refused to keep it (or 100 are saved already).')
          onStored()
        }}
        onDismiss={() => setNaming(false)}
      />
    </section>
  )
}
