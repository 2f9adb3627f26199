import { useRef } from 'react'
import { css, cx } from 'styled-system/css'
import type { AuthUserRow } from '../../../api/schemas'
import { formatDisplayDate } from '../../../lib/display-date'
import { Badge } from '../../../ui/badge'
import { usePacedRangeReads, useRowVirtualizer } from '../../../ui/virtual-rows'

export const USER_ROW_HEIGHT = 36

/** Whether a ban holds the user now (a ban that ended is history). */
export const isBanned = (user: Pick<AuthUserRow, 'banned_until'>, now = Date.now()) => user.banned_until !== null && Date.parse(user.banned_until) > now

/** A user's state as the list says it: banned, invited, anonymous, waiting for confirmation, or confirmed. */
export function userStateOf(user: AuthUserRow, now = Date.now()): { label: string; tone: 'danger' | 'info' | 'warning' | 'success' | 'neutral' } {
  if (isBanned(user, now)) return { label: 'Banned', tone: 'danger' }
  if (user.is_anonymous) return { label: 'Anonymous', tone: 'neutral' }
  if (user.confirmed_at === null && user.invited_at !== null) return { label: 'Invited', tone: 'info' }
  if (user.confirmed_at === null) return { label: 'Waiting for confirmation', tone: 'warning' }
  return { label: 'Confirmed', tone: 'success' }
}

const COLUMNS = '2.4fr 1.1fr 1fr 1.4fr 1.4fr 1.3fr'
const rowClass = css({ display: 'grid', gridTemplateColumns: COLUMNS, alignItems: 'center', h: `${USER_ROW_HEIGHT}px`, px: '2', fontSize: 'sm', borderBottomWidth: '1px', borderColor: 'border.default' })
/** A row of the virtualized list, placed by its top. */
const placedRowClass = cx(rowClass, css({ position: 'absolute', left: '0', right: '0' }))
const cellClass = css({ px: '2', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const HEADERS = ['Email', 'Phone', 'Provider', 'Created', 'Last sign-in', 'State']

const shortDate = (value: string | null) => (value ? (formatDisplayDate(value)?.replace(/, (\d\d:\d\d):\d\d \(.*\)$/, ', $1') ?? value) : '—')

/**
 * The users as a table of all `count` rows, virtualized (only those in view are in the page, the
 * scrollbar as long as the whole list): 100,000 scroll like 100, and the pages in view are read as
 * they come into it (a row not read yet shows as loading). A row's address opens its panel.
 */
export function UserList({
  count,
  rowAt,
  openId,
  onOpen,
  onRange,
}: {
  count: number
  rowAt: (index: number) => AuthUserRow | undefined
  openId: string | null
  onOpen: (user: AuthUserRow) => void
  /** The rows in view (and a little around them): their pages are wanted. */
  onRange: (from: number, to: number) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useRowVirtualizer({ scroller, count, rowHeight: USER_ROW_HEIGHT, headerHeight: USER_ROW_HEIGHT })
  const rows = virtualizer.getVirtualItems()
  const from = rows[0]?.index ?? 0
  const to = rows.at(-1)?.index ?? 0
  // Not while a fling outruns any read: the pages are asked for where the scroll slows or stops.
  usePacedRangeReads(from, to, count, onRange)

  return (
    <div ref={scroller} className={css({ flex: '1', minH: '0', overflow: 'auto', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' })}>
      <div role="table" aria-label="Users" aria-rowcount={count + 1} className={css({ position: 'relative', minW: '3xl' })} style={{ height: virtualizer.getTotalSize() + USER_ROW_HEIGHT }}>
        <div role="rowgroup" className={css({ position: 'sticky', top: '0', zIndex: '1', bg: 'bg.surface' })}>
          <div role="row" aria-rowindex={1} className={cx(rowClass, css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' }))}>
            {HEADERS.map((header) => (
              <span key={header} role="columnheader" className={cellClass}>
                {header}
              </span>
            ))}
          </div>
        </div>
        <div role="rowgroup">
          {rows.map((row) => {
            const user = rowAt(row.index)
            if (!user)
              return (
                <div key={`loading-${row.index}`} role="row" aria-rowindex={row.index + 2} aria-busy="true" data-index={row.index} className={cx(placedRowClass, css({ color: 'fg.subtle' }))} style={{ top: row.start, height: USER_ROW_HEIGHT }}>
                  <span role="cell" className={cellClass}>
                    Loading…
                  </span>
                </div>
              )
            const state = userStateOf(user)
            const open = user.id === openId
            return (
              <div
                key={user.id}
                role="row"
                aria-rowindex={row.index + 2}
                aria-selected={open}
                data-index={row.index}
                className={cx(placedRowClass, css({ _hover: { bg: 'bg.muted' } }), open ? css({ bg: 'accent.subtle' }) : undefined)}
                style={{ top: row.start, height: USER_ROW_HEIGHT }}
              >
                <span role="cell" className={cellClass}>
                  <button
                    type="button"
                    onClick={() => onOpen(user)}
                    className={css({ maxW: 'full', overflow: 'hidden', textOverflow: 'ellipsis', textAlign: 'left', cursor: 'pointer', _hover: { textDecoration: 'underline' } })}
                    title={user.id}
                  >
                    {user.email ?? (user.is_anonymous ? 'Anonymous user' : user.id)}
                  </button>
                </span>
                <span role="cell" className={cellClass}>
                  {user.phone ?? '—'}
                </span>
                <span role="cell" className={cellClass}>
                  {user.providers.join(', ') || '—'}
                </span>
                <span role="cell" className={cellClass}>
                  {shortDate(user.created_at)}
                </span>
                <span role="cell" className={cellClass}>
                  {user.last_sign_in_at ? shortDate(user.last_sign_in_at) : 'Never'}
                </span>
                <span role="cell" className={cellClass}>
                  <Badge tone={state.tone}>{state.label}</Badge>
                </span>
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
