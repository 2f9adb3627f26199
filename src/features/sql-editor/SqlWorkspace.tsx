import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { sqlRunMachine, type SqlRunOutcome, type StatementResult } from '../../../machines/sql-run.machine'
import { explainInEditor } from '../../api/queries/explain'
import { executeTimedSql, readCatalog } from '../../api/queries/sql'
import { DEFAULT_SQL_ROW_LIMIT, EXCLUDED_SCHEMAS, SQL_EDITOR_APPLICATION_NAME, SQL_ROW_LIMITS } from '../../constants'
import { formatDuration } from '../../lib/duration'
import { isMacPlatform, MODIFIER_LABEL } from '../../lib/keyboard'
import { catalogQuery } from '../../lib/sql/completion'
import { changesCatalog } from '../../lib/sql/statements'
import { refreshCatalogQueries } from '../../api/queries/table-editor'
import { Button } from '../../ui/button'
import { compactChoiceClass } from '../../ui/compact-choice'
import { inputClass } from '../../ui/field'
import { registerSqlEditor } from '../assistant'
import { RunAsPicker, useRunAsChoice } from '../run-as'
import { describeRunAs, runAsPrefix } from '../../lib/sql/run-as'
import { DatabaseStartNote } from './DatabaseStartNote'
import { DestructiveQueryDialog } from './DestructiveQueryDialog'
import { PlanView } from './PlanView'
import { recordSqlRun } from './run-history'
import { RunHistory } from './RunHistory'
import { errorMessage } from '../../lib/error-message'
import { ResultsGrid } from './ResultsGrid'
import { runScript } from './run-script'
import { SqlCodeEditor, type SqlCodeEditorHandle } from './SqlCodeEditor'
import { readResultsShare, writeResultsShare } from './workspace-split'
import { WorkspaceSplitter } from './WorkspaceSplitter'
import { getSession } from '../../api/session'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

/** The editor, its toolbar and the results of the last run, for one snippet's text. */
export function SqlWorkspace({
  projectRef,
  connectionString,
  title,
  initialSql,
  onChange,
  notice,
  headerExtra,
}: {
  projectRef: string
  connectionString: string | null
  title: string
  initialSql: string
  onChange: (sql: string) => void
  notice: ReactNode
  headerExtra: ReactNode
}) {
  const editor = useRef<SqlCodeEditorHandle | null>(null)
  const [editorReady, setEditorReady] = useState(false)
  const [sql, setSql] = useState(initialSql)
  const latest = useRef({ sql: initialSql, title })
  latest.current = { sql, title }
  const [limit, setLimit] = useState<number | null>(DEFAULT_SQL_ROW_LIMIT)
  const [activeResult, setActiveResult] = useState(0)
  const workspace = useRef<HTMLDivElement>(null)
  // Whoever is signed in finds the split they left (the session cannot change under an open editor).
  const [userId] = useState(() => getSession()?.user.id ?? 'signed-out')
  const [resultsShare, setResultsShare] = useState(() => readResultsShare(userId))
  const queryClient = useQueryClient()
  const { runAs } = useRunAsChoice(projectRef)
  const runAsNow = useRef(runAs)
  runAsNow.current = runAs
  const machine = useMemo(
    () =>
      sqlRunMachine.provide({
        actors: {
          execute: fromPromiseUntilStopped(({ input, signal }) =>
            keptInHistory(projectRef, input.sql, signal, queryClient, () =>
              runScript(
                input,
                (query, abort, onRows) =>
                  executeTimedSql({ ref: projectRef, connectionString, query, signal: abort, applicationName: SQL_EDITOR_APPLICATION_NAME }, { onRows }),
                signal,
                // Who the run is as: read when it starts, so a change of mind mid-run waits for the next.
                { onProgress: input.onProgress, prefix: (statement) => runAsPrefix(runAsNow.current, statement), ranAs: describeRunAs(runAsNow.current) },
              ),
            ),
          ),
        },
      }),
    [projectRef, connectionString, queryClient],
  )
  const [snapshot, send] = useInspectedMachine(machine)
  const { outcome, failure, pending, cancelled, progress } = snapshot.context
  const running = snapshot.matches('running')

  // Explain measures one statement (EXPLAIN ANALYZE, rolled back); its plan shows in place of the results until the next run.
  const explain = useMutation({ mutationFn: (target: { text: string; offset: number }) => explainInEditor({ ref: projectRef, connectionString, ...target }) })
  const { mutate: measure } = explain
  const [showing, setShowing] = useState<'results' | 'plan' | 'history'>('results')
  const startExplain = useCallback(() => {
    const target = editor.current?.explainTarget()
    if (!target) return
    setShowing('plan')
    measure(target)
  }, [measure])

  const run = useCallback(
    (text: string, offset: number) => {
      editor.current?.clearMarks()
      setActiveResult(0)
      setShowing('results')
      send({ type: 'run', request: { sql: text, offset, limit } })
    },
    [send, limit],
  )

  useEffect(() => {
    if (failure) editor.current?.markError(failure.offset, failure.message)
  }, [failure])

  // The assistant panel reads this snippet (its context chip) and inserts SQL at the cursor.
  useEffect(() => {
    if (!editorReady) return
    return registerSqlEditor({
      snippet: () => ({ label: latest.current.title, sql: latest.current.sql }),
      insert: (text) => editor.current?.insert(text),
    })
  }, [editorReady])

  // A big result shows as it arrives; until its first part, the last run's stays.
  const results = failure?.results ?? (running ? progress : null) ?? outcome?.results ?? []
  const shown = results[Math.min(activeResult, results.length - 1)]
  // The result arriving in parts, while one does: the last of those so far.
  const arriving = running ? (progress?.at(-1) ?? null) : null

  return (
    <div ref={workspace} className={css({ display: 'flex', flexDir: 'column', flex: '1', minW: '0', minH: '0' })}>
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: '2',
          px: '4',
          py: '2',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
          bg: 'bg.surface',
        })}
      >
        <h1 className={css({ fontWeight: 'semibold', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{title}</h1>
        <div className={css({ flex: '1', minW: '0' })}>{headerExtra}</div>
        <RunAsPicker projectRef={projectRef} connectionString={connectionString} />
        <label className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'xs', color: 'fg.muted' })}>
          Row limit
          <select
            aria-label="Row limit"
            className={cx(inputClass, css({ w: '28', h: '8' }))}
            value={limit === null ? 'none' : String(limit)}
            onChange={(e) => setLimit(e.target.value === 'none' ? null : Number(e.target.value))}
          >
            {SQL_ROW_LIMITS.map((option) => (
              <option key={String(option)} value={option === null ? 'none' : String(option)}>
                {option === null ? 'No limit' : option}
              </option>
            ))}
          </select>
        </label>
        <Button
          onClick={() =>
            void import('sql-formatter').then(({ format }) => editor.current?.format((text) => format(text, { language: 'postgresql', keywordCase: 'lower' })))
          }
        >
          Format
        </Button>
        <Button onClick={startExplain} disabled={sql.trim() === '' || explain.isPending} title={`Measure the statement at the cursor with EXPLAIN ANALYZE, rolled back (${MODIFIER_LABEL}+Shift+Enter)`}>
          Explain
        </Button>
        {running ? (
          <Button variant="danger" onClick={() => send({ type: 'cancel' })}>
            Cancel
          </Button>
        ) : (
          <Button variant="primary" onClick={() => run(sql, 0)} disabled={sql.trim() === ''} title={`Run (${MODIFIER_LABEL}+Enter)`}>
            Run <kbd className={css({ fontSize: 'xs', opacity: 0.8 })}>{isMacPlatform ? '⌘↵' : 'Ctrl ↵'}</kbd>
          </Button>
        )}
      </div>
      {notice}
      <SqlCodeEditor
        initialValue={initialSql}
        onChange={(text) => {
          setSql(text)
          onChange(text)
        }}
        onRun={run}
        onExplain={startExplain}
        onReady={(handle) => {
          editor.current = handle
          setEditorReady(true)
        }}
        loadCatalog={() => readCatalog({ ref: projectRef, connectionString, query: catalogQuery(EXCLUDED_SCHEMAS) })}
      />
      <WorkspaceSplitter container={workspace} share={resultsShare} onChange={setResultsShare} onCommit={(share) => writeResultsShare(userId, share)} />
      <section
        aria-label="Results"
        className={css({ flexShrink: '0', display: 'flex', flexDir: 'column', bg: 'bg.canvas' })}
        style={{ height: `${resultsShare * 100}%` }}
      >
        <div
          className={css({
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: '3',
            rowGap: '1',
            px: '4',
            py: '1.5',
            fontSize: 'xs',
            color: 'fg.muted',
            borderBottomWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          <div role="tablist" aria-label="Results, plan or history" className={css({ display: 'flex', gap: '1' })}>
            {(explain.isIdle ? (['results', 'history'] as const) : (['results', 'plan', 'history'] as const)).map((view) => (
              <button key={view} type="button" role="tab" aria-selected={showing === view} onClick={() => setShowing(view)} className={compactChoiceClass}>
                {VIEW_LABEL[view]}
              </button>
            ))}
          </div>
          {showing === 'results' && results.length > 1 ? (
            <div role="tablist" aria-label="Statement results" className={css({ display: 'flex', gap: '1' })}>
              {results.map((_, index) => (
                <button
                  key={index}
                  role="tab"
                  aria-selected={index === activeResult}
                  onClick={() => setActiveResult(index)}
                  className={compactChoiceClass}
                >
                  Result {index + 1}
                </button>
              ))}
            </div>
          ) : null}
          <DatabaseStartNote projectRef={projectRef} runStartupMs={outcome?.startupMs ?? null} />
          {/* On a narrow screen the summary takes a line of its own rather than a column of words. */}
          <span role="status" className={css({ flex: '1 1 16rem', minW: '0' })}>
            {showing === 'history'
              ? ''
              : showing === 'plan'
              ? explain.isPending
                ? 'Measuring the statement…'
                : explain.data
                  ? `Plan of: ${explain.data.statement.replace(/\s+/g, ' ').slice(0, 120)}`
                  : ''
              : runStatus({ running, cancelled, failed: failure !== null, outcome, shown, arriving })}
          </span>
        </div>
        {showing === 'history' ? (
          <RunHistory projectRef={projectRef} onInsert={(text) => editor.current?.insert(text)} />
        ) : showing === 'plan' ? (
          explain.isError ? (
            <div role="alert" className={css({ p: '4', fontSize: 'sm', color: 'danger.default' })}>
              <strong>Could not explain it:</strong> {explain.error.message}
            </div>
          ) : explain.data ? (
            <PlanView measured={explain.data} />
          ) : null
        ) : failure ? (
          <div
            role="alert"
            className={css({ p: '4', fontFamily: 'mono', fontSize: 'sm', color: 'danger.default', display: 'flex', flexDir: 'column', gap: '1' })}
          >
            <strong>ERROR: {failure.message}</strong>
            {failure.code ? <span>SQLSTATE {failure.code}</span> : null}
            {failure.offset !== undefined ? <span>{describePosition(sql, failure.offset)}</span> : null}
            {failure.hint ? <span>HINT: {failure.hint}</span> : null}
          </div>
        ) : null}
        {showing === 'results' && !failure && shown?.sampled ? (
          <p role="note" className={css({ px: '3', py: '1.5', fontSize: 'xs', bg: 'info.subtle', color: 'info.default' })}>
            Sample rows from the mock platform: {shown.sampled.join(', ')} {shown.sampled.length === 1 ? 'belongs' : 'belong'} to a wrapper without a handler here, so the service was not called.
          </p>
        ) : null}
        {showing === 'results' && !failure && shown && shown.columns.length > 0 ? <ResultsGrid columns={shown.columns} rows={shown.rows} fileName={title} arriving={arriving === shown} /> : null}
      </section>
      <DestructiveQueryDialog
        open={snapshot.matches('confirming')}
        findings={pending}
        onConfirm={() => send({ type: 'confirm' })}
        onDismiss={() => send({ type: 'dismiss' })}
      />
    </div>
  )
}

const VIEW_LABEL = { results: 'Results', plan: 'Plan', history: 'History' } as const

/**
 * Runs `run` and keeps it in the project's run history, however it ends. A script that may have
 * changed the catalogue has the screens that read it (table list, diagram, database tools) read it
 * again, even when it failed part way: the statements before the failure stay done.
 */
async function keptInHistory(projectRef: string, sql: string, signal: AbortSignal, queryClient: QueryClient, run: () => Promise<SqlRunOutcome>): Promise<SqlRunOutcome> {
  const ranAt = Date.now()
  try {
    const outcome = await run()
    const times = outcome.results.map((result) => result.executionMs)
    // The statements' own times when the server gave them all; else the run as waited for.
    const durationMs = times.length > 0 && times.every((ms) => ms !== null) ? times.reduce((a, b) => a! + b!, 0)! : outcome.elapsedMs
    recordSqlRun(projectRef, { sql, ranAt, durationMs, rows: outcome.results.reduce((sum, result) => sum + result.rows.length, 0), outcome: 'succeeded', error: null })
    return outcome
  } catch (error) {
    const cancelled = signal.aborted
    recordSqlRun(projectRef, { sql, ranAt, durationMs: Date.now() - ranAt, rows: null, outcome: cancelled ? 'cancelled' : 'failed', error: cancelled ? null : errorMessage(error) })
    throw error
  } finally {
    if (changesCatalog(sql)) void refreshCatalogQueries(queryClient, projectRef)
  }
}

/** The one-line summary above the results. */
function runStatus({
  running,
  cancelled,
  failed,
  outcome,
  shown,
  arriving,
}: {
  running: boolean
  cancelled: boolean
  failed: boolean
  outcome: SqlRunOutcome | null
  shown: StatementResult | undefined
  /** The result arriving in parts, while one does. */
  arriving: StatementResult | null
}): string {
  if (arriving) return `Running… ${arriving.rows.length.toLocaleString()} ${arriving.rows.length === 1 ? 'row' : 'rows'} so far`
  if (running) return 'Running…'
  if (cancelled) return 'Query cancelled.'
  if (failed) return 'Query failed.'
  if (!outcome) return `Run a query with ${MODIFIER_LABEL}+Enter: the selection, or everything when nothing is selected.`
  // The statement's own time on the database; only without one the round trip, and named so.
  const time = `${shown?.executionMs != null ? formatDuration(shown.executionMs) : `${formatDuration(outcome.elapsedMs)} round trip`}${outcome.ranAs ? ` · ${outcome.ranAs}` : ''}`
  if (!shown || shown.rows.length === 0) return `Success. No rows returned · ${time}`
  const count = `${shown.rows.length.toLocaleString()} ${shown.rows.length === 1 ? 'row' : 'rows'}`
  return `${count}${shown.hasMore ? ` (limited to ${shown.limit})` : ''} · ${time}`
}

/** 'Line 2, column 8' for an offset into the editor text. */
function describePosition(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n')
  return `Line ${before.length}, column ${before.at(-1)!.length + 1}`
}
