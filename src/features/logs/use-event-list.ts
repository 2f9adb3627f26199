import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { logsLiveTailMachine } from '../../../machines/logs-live-tail.machine'
import { logsQueryMachine, type LogsQueryAnswer, type LogsQueryRequest } from '../../../machines/logs-query.machine'
import { readLogs } from '../../api/queries/logs'
import { LogEventsAnswerSchema, type LogEventRow } from '../../api/schemas'
import { LOG_FIRST_READ_ROWS, LOG_QUERY_ROW_LIMIT, LOGS_LIVE_CLOCK_SLACK_MS } from '../../constants'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { filterLoaded, narrows } from '../../lib/log-local-filter'
import type { ResolvedRange } from '../../lib/log-range'
import { logSource } from '../../lib/logs-sql'
import { useInspectedActorRef } from '../../ui/use-inspected-machine'

// Statements remembered for narrowing their answers on screen: the latest few are all that can be on screen.
const ASKED_KEPT = 20

/** What a list shows: statements built for a range, and what they mean for narrowing on screen. */
export interface ListSpec<F> {
  /** Same key: same question (the statement's text may differ only where the key says it does). */
  key: string
  /** The statement with a row limit (the whole range, or its newest rows). */
  sql: (limit: number) => string
  /** Live mode's statement: the events at or after `since`, leaving out those shown. */
  sinceSql: (since: string, shownIds: string[]) => string
  range: ResolvedRange
  filters: F
  /** Narrowing on screen: the events of an earlier answer kept by these filters, when that answer holds all of them. */
  narrow?: { base: string; from: (loaded: F) => boolean; apply: (rows: LogEventRow[]) => LogEventRow[] }
  /**
   * How many events a question (its key, over this range) holds, as the histogram counted them: an
   * answer of exactly the row limit is then known whole when the count says so.
   */
  counted?: { key: string; total: number } | null
}

async function timed(read: () => Promise<LogEventRow[]>): Promise<LogsQueryAnswer> {
  const started = performance.now()
  const rows = await read()
  return { rows, ms: Math.round(performance.now() - started) }
}

/**
 * The list of a logs screen: the query runner reading the spec's statement (after a typing pause
 * when `typing` says the change was a keystroke), live mode putting newer events first, and an
 * answer narrowed on screen at once while the endpoint reads the narrower one.
 */
export function useEventList<F>(projectRef: string, spec: ListSpec<F>, typing: { current: boolean }, live: boolean) {
  const latest = useRef(spec)
  latest.current = spec
  const runner = useInspectedActorRef(
    logsQueryMachine.provide({
      actors: { readRows: fromPromiseUntilStopped(({ input, signal }) => timed(() => readLogs(projectRef, input, LogEventsAnswerSchema, { signal }))) },
    }),
  )
  const context = useSelector(runner, (snapshot) => snapshot.context)
  const state = useSelector(runner, (snapshot) => snapshot.value)

  // What each statement asked (its spec), so an answer can be narrowed on screen by later filters.
  const asked = useRef(new Map<string, { spec: ListSpec<F>; request: LogsQueryRequest }>())
  const request = useMemo<LogsQueryRequest>(
    () => ({
      sql: spec.sql(LOG_QUERY_ROW_LIMIT),
      limit: LOG_QUERY_ROW_LIMIT,
      firstSql: spec.sql(LOG_FIRST_READ_ROWS),
      firstLimit: LOG_FIRST_READ_ROWS,
      start: spec.range.start.toISOString(),
      end: spec.range.end.toISOString(),
    }),
    // The key says what the question is; the functions are rebuilt at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [spec.key, spec.range.start.getTime(), spec.range.end.getTime()],
  )
  useEffect(() => {
    const asks = asked.current
    asks.set(request.sql + request.start + request.end, { spec: latest.current, request })
    for (const key of asks.keys()) if (asks.size > ASKED_KEPT) asks.delete(key)
    runner.send({ type: typing.current ? 'query.set' : 'query.run', request })
    typing.current = false
  }, [request, runner, typing])

  const liveTail = useInspectedActorRef(
    logsLiveTailMachine.provide({
      actors: {
        readNewer: fromPromiseUntilStopped(async ({ signal }) => {
          const snapshot = runner.getSnapshot()
          if (!snapshot.matches('done')) return 0
          const rows = (snapshot.context.rows ?? []) as LogEventRow[]
          const since = rows[0]?.timestamp ?? latest.current.range.start.toISOString()
          const shown = rows.slice(0, 200).filter((row) => row.timestamp === since).map((row) => row.id)
          const sql = latest.current.sinceSql(since, shown)
          const newer = await readLogs(projectRef, { sql, start: since, end: new Date(Date.now() + LOGS_LIVE_CLOCK_SLACK_MS).toISOString() }, LogEventsAnswerSchema, { signal })
          if (newer.length > 0) runner.send({ type: 'rows.prepend', rows: newer })
          return newer.length
        }),
      },
    }),
  )
  const liveContext = useSelector(liveTail, (snapshot) => snapshot.context)
  const liveState = useSelector(liveTail, (snapshot) => snapshot.value)
  useEffect(() => {
    liveTail.send({ type: live ? 'live.start' : 'live.stop' })
  }, [live, liveTail])
  useEffect(() => {
    const onVisibility = () => liveTail.send({ type: document.hidden ? 'page.hidden' : 'page.visible' })
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [liveTail])

  const loaded = context.rowsRequest ? asked.current.get(context.rowsRequest.sql + context.rowsRequest.start + context.rowsRequest.end) : undefined
  const current = loaded?.request === request
  const rows = context.rows as LogEventRow[] | null
  // Narrowing on screen runs over up to 100,000 events: once per answer and question, not at every render.
  const counted = spec.counted
  const whole = context.complete || (counted !== null && counted !== undefined && counted.key === loaded?.spec.key && rows?.length === counted.total)
  const narrowable =
    !current && rows !== null && loaded !== undefined && whole && spec.narrow !== undefined && loaded.spec.narrow?.base === spec.narrow.base &&
    loaded.request.start === request.start && loaded.request.end === request.end && spec.narrow.from(loaded.spec.filters)
  const narrowWith = useRef(spec.narrow)
  narrowWith.current = spec.narrow
  const narrowed = useMemo(
    () => (narrowable && rows ? narrowWith.current!.apply(rows) : null),
    // The spec's key says what the narrowing keeps; its functions are rebuilt at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [narrowable, rows, spec.key],
  )

  const sameBase = loaded !== undefined && loaded.spec.narrow?.base === spec.narrow?.base
  return {
    /** The rows to show: this request's, narrowed earlier ones, or (dimmed) the previous answer of the same base; null while none. */
    rows: current ? rows : (narrowed ?? (sameBase ? rows : null)),
    /** The rows are an earlier answer while this one loads. */
    stale: !current && narrowed === null && sameBase && rows !== null,
    loading: typeof state === 'object' || state === 'debouncing',
    partial: current && context.partial,
    /** Cut at the row limit: older events of the range are not shown. */
    truncated: current && !context.partial && (rows?.length ?? 0) >= LOG_QUERY_ROW_LIMIT && !(spec.counted?.key === spec.key && spec.counted.total === rows?.length),
    error: state === 'failed' ? context.error : null,
    ms: current ? context.ms : null,
    runAgain: () => runner.send({ type: 'query.run', request }),
    live: { on: liveState !== 'off', paused: typeof liveState === 'object' && 'on' in liveState && liveState.on === 'paused', added: liveContext.added, error: liveContext.error },
  }
}

/** The explorer's narrowing: the same source, and filters that only narrow the loaded ones. */
export function sourceNarrowing<F extends Parameters<typeof narrows>[1]>(sourceId: Parameters<typeof logSource>[0], filters: F): ListSpec<F>['narrow'] {
  const source = logSource(sourceId)
  return { base: sourceId, from: (loaded) => narrows(filters, loaded), apply: (rows) => filterLoaded(rows, source, filters) }
}
