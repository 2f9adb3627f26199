import { css } from 'styled-system/css'
import { LOG_QUERY_ROW_LIMIT, LOGS_UI_MESSAGE } from '../../constants'
import { countOf } from '../../lib/sentence'
import { Spinner } from '../../ui/spinner'
import type { useEventList } from './use-event-list'

/** One line above the list: how many events, how long the read took, what is still loading, live mode's news. */
export function ListStatus({ list, count }: { list: ReturnType<typeof useEventList>; count: number | null }) {
  const parts: string[] = []
  if (count !== null) parts.push(countOf(count, 'event'))
  if (list.ms !== null && !list.loading) parts.push(`read in ${list.ms.toLocaleString('en-US')} ms`)
  if (list.partial) parts.push('reading the rest of the range…')
  else if (list.loading && count !== null) parts.push('updating…')
  if (list.live.on) parts.push(list.live.paused ? 'live: paused while this tab is hidden' : `live: ${countOf(list.live.added, 'new event')}`)
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '4', h: '8', flexShrink: '0', fontSize: 'xs', color: 'fg.muted', borderBottomWidth: '1px', borderColor: 'border.default' })}>
      {list.loading ? <Spinner label="Reading events" /> : null}
      <span role="status">{parts.join(' · ')}</span>
      {list.truncated ? <span className={css({ color: 'warning.default' })}>{LOGS_UI_MESSAGE.truncated(LOG_QUERY_ROW_LIMIT)}</span> : null}
      {list.live.error ? (
        <span role="alert" className={css({ color: 'danger.default' })}>
          Live mode could not read new events: {list.live.error}
        </span>
      ) : null}
    </div>
  )
}
