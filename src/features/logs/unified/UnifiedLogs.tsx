import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { logFacetCountsQuery, logHistogramQuery } from '../../../api/queries/logs'
import { LOGS_SEARCH_DEBOUNCE_MS, type UnifiedLogFacet } from '../../../constants'
import { matchesUnified, narrowsUnified } from '../../../lib/log-local-filter'
import { histogramBucketSeconds } from '../../../lib/log-range'
import { isLogSourceId, logSource } from '../../../lib/logs-sql'
import { settings } from '../../../lib/settings'
import { NO_UNIFIED_FILTERS, unifiedEventsSinceSql, unifiedEventsSql, unifiedFacetCountsSql, unifiedHistogramSql, type UnifiedFilters } from '../../../lib/unified-logs-sql'
import { EventsResult } from '../EventsResult'
import { EventList, fieldColumn, timeColumn, type EventColumn } from '../EventList'
import { EventPanel, type OpenedEvent } from '../EventPanel'
import { ExplorerToolbar } from '../ExplorerToolbar'
import { useEventList } from '../use-event-list'
import { QueryMode } from '../QueryMode'
import { useLiveRange } from '../use-live-range'
import { useLogRange } from '../use-log-range'
import { useSettled } from '../../../ui/use-settled'
import { FacetPanel } from './FacetPanel'
import { RangeOverview } from '../RangeOverview'

const COLUMNS: EventColumn[] = [
  timeColumn,
  {
    id: 'source',
    label: 'Source',
    width: 130,
    value: (row) => (isLogSourceId(row['source']) ? logSource(row['source']).label : String(row['source'] ?? '')),
  },
  fieldColumn('level', 'Level', 72, true),
  fieldColumn('status', 'Status', 64, true),
  fieldColumn('method', 'Method', 72),
  fieldColumn('path', 'Path', 160),
  fieldColumn('event_message', 'Message', null),
]

const unifiedKey = (row: { id: string; [key: string]: unknown }) => `${String(row['source'])}:${row.id}`

function toggled(filters: UnifiedFilters, facet: UnifiedLogFacet, value: string): UnifiedFilters {
  const values = filters.facets[facet] ?? []
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value]
  return { ...filters, facets: { ...filters.facets, [facet]: next } }
}

/**
 * The unified logs (SPEC §3 preview "new Logs interface"): every source in one timeline, facets
 * with counts to filter by, the timeline's bars, and a chosen event's trace across services by its
 * request id.
 */
export function UnifiedLogs({ projectRef, organizationSlug }: { projectRef: string; organizationSlug: string | null }) {
  const { range, resolved, changeRange, reanchor } = useLogRange()
  const [filters, setFilters] = useState<UnifiedFilters>(NO_UNIFIED_FILTERS)
  const typing = useRef(false)
  const [live, setLive] = useState(false)
  const [opened, setOpened] = useState<OpenedEvent | null>(null)
  const [mode, setMode] = useState<'explore' | 'query'>('explore')
  // The statement query mode opens on; each opening (even of the same text) starts it afresh.
  const [queryOpening, setQueryOpening] = useState({ sql: '', n: 0 })

  const settled = useSettled(filters, LOGS_SEARCH_DEBOUNCE_MS)
  const span = {
    start: resolved.start.toISOString(),
    end: resolved.end.toISOString(),
  }
  const bucketSeconds = histogramBucketSeconds(resolved.end.getTime() - resolved.start.getTime())
  const exploring = mode === 'explore'
  const histogram = useQuery({
    ...logHistogramQuery(projectRef, {
      sql: unifiedHistogramSql(settled, resolved.start, bucketSeconds),
      ...span,
    }),
    enabled: exploring,
    placeholderData: keepPreviousData,
  })
  const facets = useQuery({
    ...logFacetCountsQuery(projectRef, {
      sql: unifiedFacetCountsSql(settled),
      ...span,
    }),
    enabled: exploring,
    placeholderData: keepPreviousData,
  })
  const counted =
    histogram.data && !histogram.isPlaceholderData
      ? {
          key: JSON.stringify(settled),
          total: histogram.data.reduce((sum, b) => sum + b.count, 0),
        }
      : null

  const list = useEventList(
    projectRef,
    {
      key: JSON.stringify(filters),
      sql: (limit) => unifiedEventsSql(filters, limit),
      sinceSql: (since, shown) => unifiedEventsSinceSql(filters, since, shown),
      range: resolved,
      filters,
      narrow: {
        base: 'unified',
        from: (loaded) => narrowsUnified(filters, loaded),
        apply: (rows) => rows.filter((row) => matchesUnified(row, filters)),
      },
      counted,
    },
    typing,
    live && exploring,
  )

  const change = (next: UnifiedFilters, byTyping: boolean) => {
    typing.current = byTyping
    setFilters(next)
  }
  const openQuery = (sql: string) => {
    setQueryOpening((current) => ({ sql, n: current.n + 1 }))
    setMode('query')
    setLive(false)
    setOpened(null)
  }
  const rows = list.rows
  // Live mode's new events extend the range shown and its bars.
  const shown = useLiveRange(histogram.data, rows, resolved, bucketSeconds, live && exploring)

  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex' })}>
      {exploring ? (
        <FacetPanel
          counts={facets.data ?? null}
          loading={facets.isFetching}
          error={facets.isError ? facets.error.message : null}
          filters={filters}
          onToggle={(facet, value) => change(toggled(filters, facet, value), false)}
          onClear={() => change({ ...NO_UNIFIED_FILTERS, search: filters.search }, false)}
        />
      ) : null}
      <div
        className={css({
          flex: '1',
          minW: '0',
          display: 'flex',
          flexDir: 'column',
        })}
      >
        <ExplorerToolbar
          title={exploring ? 'Every source, one timeline' : 'Logs query'}
          search={filters.search}
          onSearch={(search) => change({ ...filters, search }, true)}
          searchDisabled={!exploring}
          range={range}
          resolved={shown.range}
          onRange={changeRange}
          live={live}
          liveDisabled={!exploring}
          onLive={setLive}
          onRefresh={() => (range.kind === 'relative' ? reanchor() : list.runAgain())}
          mode={mode}
          // The SQL of the timeline as it is filtered: the statement the list reads.
          onMode={(next) => (next === 'query' ? openQuery(unifiedEventsSql(filters)) : setMode('explore'))}
          exploreLabel="Back to timeline"
          exportRows={exploring ? rows ?? [] : []}
          exportName="logs-all-sources"
        />
        {!exploring ? (
          <QueryMode
            key={queryOpening.n}
            projectRef={projectRef}
            initialSql={queryOpening.sql}
            range={resolved}
            organizationSlug={organizationSlug}
            // Saved and recent queries are listed in the explorer's sidebar (the same project's).
            onStored={() => {}}
            onNew={() => openQuery(settings.customContent['logs:default_query'])}
          />
        ) : (
          <>
            <RangeOverview buckets={shown.buckets} histogram={histogram} stale={settled !== filters} list={list} onRange={changeRange} />
            <EventsResult list={list} organizationSlug={organizationSlug}>
              {(events) => (
                <EventList
                  label="Events of every source"
                  rows={events}
                  columns={COLUMNS}
                  dimmed={list.stale}
                  rowKey={unifiedKey}
                  selectedId={opened ? `${opened.source}:${opened.id}` : null}
                  onSelect={(row) => isLogSourceId(row['source']) && setOpened({ source: row['source'], id: row.id, timestamp: row.timestamp })}
                />
              )}
            </EventsResult>
          </>
        )}
      </div>
      {opened ? <EventPanel key={`${opened.source}:${opened.id}`} projectRef={projectRef} event={opened} onOpen={setOpened} onClose={() => setOpened(null)} /> : null}
    </div>
  )
}
