import { css } from 'styled-system/css'
import { formatDisplayDate } from '../../lib/display-date'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { sidePanelNoteClass } from '../../ui/side-panel'
import type { HistoryEntry } from './history-store'

/** What names a run in the list: the operation it ran by name, else its first line that is not a comment (less an opening brace). */
export function historyTitle(entry: HistoryEntry): string {
  if (entry.operationName) return entry.operationName
  const line = entry.query.split('\n').find((text) => text.trim() !== '' && !text.trim().startsWith('#'))
  const title = (line ?? entry.query).trim().replace(/\s+/g, ' ').replace(/\s*\{$/, '')
  return title.length > 80 ? `${title.slice(0, 79)}…` : title || '(empty query)'
}

/** The project's past runs, newest first: one opens its query, variables and role again. */
export function HistoryList({ entries, onOpen, onClear }: { entries: readonly HistoryEntry[]; onOpen: (entry: HistoryEntry) => void; onClear: () => void }) {
  if (entries.length === 0) return <p className={sidePanelNoteClass}>Runs of this project’s explorer appear here.</p>
  return (
    <div className={css({ display: 'flex', flexDir: 'column', minH: '0', flex: '1' })}>
      <ul aria-label="Past runs" className={css({ flex: '1', overflowY: 'auto', fontSize: 'sm' })}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              onClick={() => onOpen(entry)}
              className={css({ w: 'full', textAlign: 'left', px: '2', py: '1.5', borderTopWidth: '1px', borderColor: 'border.default', display: 'flex', flexDir: 'column', gap: '1', cursor: 'pointer', _hover: { bg: 'bg.muted' } })}
            >
              <span className={css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word' })}>{historyTitle(entry)}</span>
              <span className={css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted', fontSize: 'xs' })}>
                <Badge>{entry.role}</Badge>
                {formatDisplayDate(entry.ranAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className={css({ p: '2', borderTopWidth: '1px', borderColor: 'border.default' })}>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear history
        </Button>
      </div>
    </div>
  )
}
