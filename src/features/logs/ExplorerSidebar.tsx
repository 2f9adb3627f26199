import { css, cx } from 'styled-system/css'
import { LOG_SOURCES, type LogSourceId } from '../../constants'
import { IconButton } from '../../ui/icon-button'
import { SidePanel, sideListItemStyle, sidePanelHeadingClass, sidePanelNoteClass } from '../../ui/side-panel'
import type { RecentLogQuery, SavedLogQuery } from './saved-queries'

// A source's name wraps; a query's SQL is one line, cut with an ellipsis.
const sourceClass = css(sideListItemStyle, { display: 'block' })
const queryClass = css(sideListItemStyle, { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim()

/** The explorer's left side: the thirteen sources, then the project's saved and recent queries. */
export function ExplorerSidebar({
  source,
  queryMode,
  saved,
  recent,
  onSource,
  onOpenQuery,
  onDeleteSaved,
}: {
  source: LogSourceId
  /** In query mode no source is current: the statement says what it reads. */
  queryMode: boolean
  saved: readonly SavedLogQuery[]
  recent: readonly RecentLogQuery[]
  onSource: (source: LogSourceId) => void
  onOpenQuery: (sql: string) => void
  onDeleteSaved: (query: SavedLogQuery) => void
}) {
  return (
    <SidePanel label="Log sources">
      <h2 className={sidePanelHeadingClass}>Sources</h2>
      <ul>
        {LOG_SOURCES.map((item) => (
          <li key={item.id}>
            <button type="button" aria-current={!queryMode && item.id === source ? 'page' : undefined} className={sourceClass} onClick={() => onSource(item.id)}>
              {item.label}
            </button>
          </li>
        ))}
      </ul>
      <h2 className={sidePanelHeadingClass}>Saved queries</h2>
      {saved.length === 0 ? (
        <p className={sidePanelNoteClass}>None yet: write one in query mode and save it.</p>
      ) : (
        <ul>
          {saved.map((query) => (
            <li key={query.id} className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
              <button type="button" className={cx(queryClass, css({ flex: '1', minW: '0' }))} title={query.sql.slice(0, 500)} onClick={() => onOpenQuery(query.sql)}>
                {query.name}
              </button>
              <IconButton glyph="×" label={`Delete saved query ${query.name}`} size="sm" variant="ghost" onClick={() => onDeleteSaved(query)} />
            </li>
          ))}
        </ul>
      )}
      <h2 className={sidePanelHeadingClass}>Recent queries</h2>
      {recent.length === 0 ? (
        <p className={sidePanelNoteClass}>Queries you run in query mode show here.</p>
      ) : (
        <ul>
          {recent.map((query) => (
            <li key={query.id}>
              <button type="button" className={cx(queryClass, css({ fontFamily: 'mono', fontSize: 'xs' }))} title={query.sql.slice(0, 500)} onClick={() => onOpenQuery(query.sql)}>
                {oneLine(query.sql).slice(0, 120)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SidePanel>
  )
}
