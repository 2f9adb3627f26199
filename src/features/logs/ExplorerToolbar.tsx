import { css, cx } from 'styled-system/css'
import type { LogEventRow } from '../../api/schemas'
import type { LogRange, ResolvedRange } from '../../lib/log-range'
import { Button } from '../../ui/button'
import { inputClass } from '../../ui/field'
import { Switch } from '../../ui/switch'
import { ExportMenu } from './ExportMenu'
import { RangePicker } from './RangePicker'

/** The explorer's top bar: what is shown, search, range, live mode, refresh, query mode and export. */
export function ExplorerToolbar(props: {
  title: string
  search: string
  onSearch: (search: string) => void
  searchDisabled: boolean
  range: LogRange
  resolved: ResolvedRange
  onRange: (range: LogRange) => void
  live: boolean
  liveDisabled: boolean
  onLive: (live: boolean) => void
  onRefresh: () => void
  /** Absent where there is no query mode. */
  mode?: 'explore' | 'query'
  onMode?: (mode: 'explore' | 'query') => void
  /** What leaving query mode returns to. */
  exploreLabel?: string
  exportRows: readonly LogEventRow[]
  exportName: string
}) {
  const columns = props.exportRows.length > 0 ? Object.keys(props.exportRows[0]!) : []
  return (
    <header className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', px: '4', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', flexShrink: '0' })}>
      <div className={css({ minW: '0', mr: 'auto' })}>
        <h1 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>Logs</h1>
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{props.title}</p>
      </div>
      {props.mode !== 'query' ? (
        <input
          type="search"
          aria-label="Search event messages"
          placeholder="Search event messages…"
          className={cx(inputClass, css({ h: '8', w: { base: '48', xl: '64' }, fontSize: 'sm' }))}
          value={props.search}
          disabled={props.searchDisabled}
          onChange={(event) => props.onSearch(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && props.onSearch('')}
        />
      ) : null}
      <RangePicker range={props.range} resolved={props.resolved} onChange={props.onRange} />
      {props.mode !== 'query' ? (
        <div>
          <Switch checked={props.live} disabled={props.liveDisabled} onCheckedChange={props.onLive} label="Live" />
        </div>
      ) : null}
      <Button size="sm" onClick={props.onRefresh}>
        Refresh
      </Button>
      {props.onMode ? (
        <Button size="sm" onClick={() => props.onMode?.(props.mode === 'query' ? 'explore' : 'query')}>
          {props.mode === 'query' ? (props.exploreLabel ?? 'Back to explorer') : 'Query mode'}
        </Button>
      ) : null}
      {props.mode !== 'query' ? <ExportMenu rows={props.exportRows} columns={columns} fileName={props.exportName} /> : null}
    </header>
  )
}
