import { useQuery } from '@tanstack/react-query'
import { css, cx } from 'styled-system/css'
import { sidePanel } from 'styled-system/recipes'
import { logEventsQuery, logTraceQuery } from '../../api/queries/logs'
import type { LogEventRow } from '../../api/schemas'
import { LOG_TRACE_WINDOW_MS, type LogSourceId } from '../../constants'
import { formatDisplayDate } from '../../lib/display-date'
import { eventTime } from '../../lib/log-range'
import { eventByIdSql, logSource, requestTraceSql } from '../../lib/logs-sql'
import { CopyButton } from '../../ui/copy-button'
import { IconButton } from '../../ui/icon-button'
import { sideListItemStyle } from '../../ui/side-panel'
import { LoadingState } from '../../ui/states'
import { severityTone } from './EventList'
import { JsonTree } from './JsonTree'

/** An event the panel shows: where it comes from, and its whole row when the list already has it. */
export interface OpenedEvent {
  source: LogSourceId
  id: string
  timestamp: string
  row?: LogEventRow
}


function around(timestamp: string, ms: number) {
  const at = new Date(timestamp).getTime()
  return { start: new Date(at - ms).toISOString(), end: new Date(at + ms + 1).toISOString() }
}

/** The read of a request's trace: every source, around the moment of the event it was opened from. */
export function traceRequest(requestId: string, timestamp: string) {
  return { sql: requestTraceSql(requestId), ...around(timestamp, LOG_TRACE_WINDOW_MS) }
}

const headingClass = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' })

/**
 * One event whole (every column, the metadata as a collapsible tree, copy as JSON) and the other
 * events of its platform request across every source, in time order; one of those opens here.
 */
export function EventPanel({ projectRef, event, onOpen, onClose }: { projectRef: string; event: OpenedEvent; onOpen: (event: OpenedEvent) => void; onClose: () => void }) {
  const hasWholeRow = event.row !== undefined && 'metadata' in event.row
  const read = useQuery({
    ...logEventsQuery(projectRef, { sql: eventByIdSql(event.source, event.id), ...around(event.timestamp, 1000) }),
    enabled: !hasWholeRow,
  })
  const row = hasWholeRow ? event.row! : (read.data?.[0] ?? event.row)
  const requestId = typeof row?.request_id === 'string' && row.request_id !== '' ? row.request_id : null
  const trace = useQuery({
    ...logTraceQuery(projectRef, traceRequest(requestId ?? '', event.timestamp)),
    enabled: requestId !== null,
  })
  const source = logSource(event.source)

  return (
    <aside aria-label="Event details" className={cx(sidePanel({ size: { lg: 'small' } }), css({ flexShrink: '0', display: 'flex', flexDir: 'column', minH: '0', borderLeftWidth: '1px', borderColor: 'border.default', bg: 'bg.surface' }))}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '3', h: '10', borderBottomWidth: '1px', borderColor: 'border.default', flexShrink: '0' })}>
        <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold', mr: 'auto' })}>
          {source.label} event
        </h2>
        {row ? <CopyButton text={JSON.stringify(row, null, 2)} label="Copy JSON" /> : null}
        <IconButton glyph="×" label="Close event details" size="sm" variant="ghost" onClick={onClose} />
      </div>
      <div className={css({ flex: '1', minH: '0', overflowY: 'auto', p: '3', display: 'flex', flexDir: 'column', gap: '4' })}>
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {/* The event's moment in the display format (SPEC §9); the list and trace keep milliseconds to order by. */}
          {formatDisplayDate(event.timestamp) ?? eventTime(event.timestamp)}
          {row?.level ? (
            <>
              {' · '}
              <span data-tone={severityTone(String(row.level))} className={toneText}>
                {String(row.level)}
              </span>
            </>
          ) : null}
        </p>
        {row ? <p className={css({ fontFamily: 'mono', fontSize: 'sm', whiteSpace: 'pre-wrap', wordBreak: 'break-word' })}>{String(row.event_message ?? '')}</p> : null}
        <section aria-label="Request trace" className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <h3 className={headingClass}>Request</h3>
          {requestId === null ? (
            <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>This event belongs to no platform request.</p>
          ) : (
            <>
              <p className={css({ fontSize: 'xs', fontFamily: 'mono', color: 'fg.muted', wordBreak: 'break-all' })}>{requestId}</p>
              {trace.isError ? (
                <p role="alert" className={css({ fontSize: 'xs', color: 'danger.default' })}>
                  {trace.error.message}
                </p>
              ) : !trace.data ? (
                <LoadingState label="Reading the request's events…" />
              ) : (
                <ol aria-label="Events of this request" className={css({ display: 'flex', flexDir: 'column' })}>
                  {trace.data.map((item) => {
                    const current = item.id === event.id && item.source === event.source
                    return (
                      <li key={`${item.source}:${item.id}`}>
                        <button
                          type="button"
                          aria-current={current || undefined}
                          onClick={() => onOpen({ source: item.source, id: item.id, timestamp: item.timestamp })}
                          className={traceItemClass}
                        >
                          <span className={css({ color: 'fg.muted', flexShrink: '0' })}>{eventTime(item.timestamp).slice(11)}</span>
                          <span className={css({ fontWeight: 'medium', flexShrink: '0' })}>{logSource(item.source).label}</span>
                          <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{item.event_message}</span>
                        </button>
                      </li>
                    )
                  })}
                </ol>
              )}
            </>
          )}
        </section>
        <section aria-label="Whole event" className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <h3 className={headingClass}>Whole event</h3>
          {row ? <JsonTree value={row} label="Event fields" /> : read.isError ? <p role="alert">{read.error.message}</p> : <LoadingState label="Reading the event…" />}
        </section>
      </div>
    </aside>
  )
}

const toneText = css({ fontWeight: 'medium', '&[data-tone=error]': { color: 'danger.default' }, '&[data-tone=warning]': { color: 'warning.default' } })
const traceItemClass = css(sideListItemStyle, { py: '1', fontSize: 'xs' })
