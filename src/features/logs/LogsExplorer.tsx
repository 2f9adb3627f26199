import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { logHistogramQuery } from '../../api/queries/logs'
import { LOGS_SEARCH_DEBOUNCE_MS, type LogSourceId } from '../../constants'
import { histogramBucketSeconds, type LogRange } from '../../lib/log-range'
import { settings } from '../../lib/settings'
import { eventsSinceSql, eventsSql, histogramSql, isLogSourceId, logSource, NO_LOG_FILTERS, type LogFilters } from '../../lib/logs-sql'
import { Button } from '../../ui/button'
import { showToast } from '../../ui/toast'
import { useProjectOrganization } from '../project-shell'
import { EventList } from './EventList'
import { EventsResult } from './EventsResult'
import { EventPanel, type OpenedEvent } from './EventPanel'
import { explorerColumns } from './explorer-columns'
import { ExplorerSidebar } from './ExplorerSidebar'
import { ExplorerToolbar } from './ExplorerToolbar'
import { FilterBar } from './FilterBar'
import { QueryMode } from './QueryMode'
import { deleteSavedQuery, readRecentQueries, readSavedQueries } from './saved-queries'
import { sourceNarrowing, useEventList } from './use-event-list'
import { useLiveRange } from './use-live-range'
import { useLogRange } from './use-log-range'
import { useSettled } from '../../ui/use-settled'
import { RangeOverview } from './RangeOverview'

export const DEFAULT_LOG_SOURCE: LogSourceId = 'api-gateway'
const WIDEST_QUICK_RANGE: LogRange = { kind: 'relative', id: '24h' }

/** The source the address names (`?source=postgres`), else the first. */
function useSourceParam(): [LogSourceId, (source: LogSourceId) => void] {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const named = new URLSearchParams(search).get('source')
  const source = isLogSourceId(named) ? named : DEFAULT_LOG_SOURCE
  return [source, (next) => navigate(`${location}?source=${encodeURIComponent(next)}`)]
}

/**
 * The logs explorer (SPEC §2 /project/{ref}/logs, §3 log sources): one source at a time, a range,
 * search and the source's filters, the histogram of its events, every event of the range in a
 * virtualized list, one event whole with its request's trace, query mode, saved and recent
 * queries, export and live mode.
 */
export function LogsExplorer({ projectRef }: { projectRef: string }) {
  const [sourceId, setSourceId] = useSourceParam()
  const source = logSource(sourceId)
  const organization = useProjectOrganization(projectRef)
  const organizationSlug = organization?.slug ?? null
  const { range, resolved, changeRange, reanchor } = useLogRange()
  const [filters, setFilters] = useState<LogFilters>(NO_LOG_FILTERS)
  const typing = useRef(false)
  const [mode, setMode] = useState<'explore' | 'query'>('explore')
  // The statement query mode opens on; each opening (even of the same text) starts it afresh.
  const [queryOpening, setQueryOpening] = useState({ sql: '', n: 0 })
  const [live, setLive] = useState(false)
  const [opened, setOpened] = useState<OpenedEvent | null>(null)
  const [stored, setStored] = useState(0)
  const saved = useMemo(() => readSavedQueries(projectRef), [projectRef, stored]) // eslint-disable-line react-hooks/exhaustive-deps -- `stored` says when the browser storage changed
  const recent = useMemo(() => readRecentQueries(projectRef), [projectRef, stored]) // eslint-disable-line react-hooks/exhaustive-deps -- as above

  // The histogram and the list are read apart; its count of the settled filters tells whether a list of exactly the row limit is whole.
  // The histogram is asked one render after the list's first read: a store that answers one read at a
  // time (a page opened cold on the logs) then shows the events first.
  const [listAsked, setListAsked] = useState(false)
  useEffect(() => setListAsked(true), [])
  const settledFilters = useSettled(filters, LOGS_SEARCH_DEBOUNCE_MS)
  const bucketSeconds = histogramBucketSeconds(resolved.end.getTime() - resolved.start.getTime())
  const histogram = useQuery({
    ...logHistogramQuery(projectRef, {
      sql: histogramSql(sourceId, settledFilters, resolved.start, resolved.end, bucketSeconds),
      start: resolved.start.toISOString(),
      end: resolved.end.toISOString(),
    }),
    enabled: mode === 'explore' && listAsked,
    placeholderData: keepPreviousData,
  })
  const counted = histogram.data && !histogram.isPlaceholderData ? { key: `${sourceId}|${JSON.stringify(settledFilters)}`, total: histogram.data.reduce((sum, b) => sum + b.count, 0) } : null

  const list = useEventList(
    projectRef,
    {
      key: `${sourceId}|${JSON.stringify(filters)}`,
      sql: (limit) => eventsSql(sourceId, filters, limit),
      sinceSql: (since, shown) => eventsSinceSql(sourceId, filters, since, shown),
      range: resolved,
      filters,
      narrow: sourceNarrowing(sourceId, filters),
      counted,
    },
    typing,
    live && mode === 'explore',
  )

  const changeFilters = (next: LogFilters, byTyping: boolean) => {
    typing.current = byTyping
    setFilters(next)
  }
  const chooseSource = (next: LogSourceId) => {
    setMode('explore')
    setOpened(null)
    // Filters of one source may name columns another lacks: only the search carries over.
    setFilters((current) => ({ ...NO_LOG_FILTERS, search: current.search }))
    setSourceId(next)
  }
  const openQuery = (sql: string) => {
    setQueryOpening((current) => ({ sql, n: current.n + 1 }))
    setMode('query')
    setLive(false)
  }
  const columns = explorerColumns(source)
  const rows = list.rows
  // Live mode's new events extend the range shown and its bars.
  const shown = useLiveRange(histogram.data, rows, resolved, bucketSeconds, live && mode === 'explore')

  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex' })}>
      <ExplorerSidebar
        source={sourceId}
        queryMode={mode === 'query'}
        saved={saved}
        recent={recent}
        onSource={chooseSource}
        onOpenQuery={openQuery}
        onDeleteSaved={(query) => {
          if (!deleteSavedQuery(projectRef, query.id)) showToast('error', 'This browser refused to change its saved queries.')
          setStored((n) => n + 1)
        }}
      />
      <div className={css({ flex: '1', minW: '0', display: 'flex', flexDir: 'column' })}>
        <ExplorerToolbar
          title={mode === 'query' ? 'Logs query' : source.label}
          search={filters.search}
          onSearch={(search) => changeFilters({ ...filters, search }, true)}
          searchDisabled={mode === 'query'}
          range={range}
          resolved={shown.range}
          onRange={changeRange}
          live={live}
          liveDisabled={mode === 'query'}
          onLive={setLive}
          onRefresh={() => (range.kind === 'relative' ? reanchor() : list.runAgain())}
          mode={mode}
          onMode={(next) => {
            if (next === 'query') openQuery(eventsSql(sourceId, filters))
            else setMode('explore')
          }}
          exportRows={mode === 'explore' ? (rows ?? []) : []}
          exportName={`logs-${source.table}`}
        />
        {mode === 'query' ? (
          <QueryMode
            key={queryOpening.n}
            projectRef={projectRef}
            initialSql={queryOpening.sql}
            range={resolved}
            organizationSlug={organizationSlug}
            onStored={() => setStored((n) => n + 1)}
            onNew={() => openQuery(settings.customContent['logs:default_query'])}
          />
        ) : (
          <>
            <FilterBar source={source} filters={filters} onChange={changeFilters} />
            <RangeOverview buckets={shown.buckets} histogram={histogram} stale={settledFilters !== filters} list={list} onRange={changeRange} />
            <EventsResult
              list={list}
              organizationSlug={organizationSlug}
              emptyAction={range.kind !== 'relative' || range.id !== '24h' ? <Button onClick={() => changeRange(WIDEST_QUICK_RANGE)}>Show the last 24 hours</Button> : null}
            >
              {(events) => (
                <EventList
                  label={`${source.label} events`}
                  rows={events}
                  columns={columns}
                  dimmed={list.stale}
                  selectedId={opened?.source === sourceId ? opened.id : null}
                  onSelect={(row) => setOpened({ source: sourceId, id: row.id, timestamp: row.timestamp, row })}
                />
              )}
            </EventsResult>
          </>
        )}
      </div>
      {opened ? (
        <EventPanel
          key={`${opened.source}:${opened.id}`}
          projectRef={projectRef}
          event={opened}
          onOpen={(event) => setOpened(event.source === sourceId ? { ...event, row: rows?.find((row) => row.id === event.id) } : event)}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </div>
  )
}
