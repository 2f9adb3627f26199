import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { LogEventRow } from '../../api/schemas/logs'
import { LOGS_UI_MESSAGE } from '../../constants'
import { EmptyState, LoadingState } from '../../ui/states'
import { LogsRefusal } from './LogsRefusal'
import type { useEventList } from './use-event-list'

/**
 * What a logs screen shows of its list: why the events cannot be read, their first loading, none
 * (with the screen's own way out), or the events as `children` draws them.
 */
export function EventsResult({
  list,
  organizationSlug,
  emptyAction,
  children,
}: {
  list: ReturnType<typeof useEventList>
  organizationSlug: string | null
  /** Offered under "no events" (e.g. a wider range). */
  emptyAction?: ReactNode
  children: (rows: LogEventRow[]) => ReactNode
}) {
  const rows = list.rows
  if (list.error) return <LogsRefusal message={list.error.message} organizationSlug={organizationSlug} onRetry={list.runAgain} />
  if (rows === null) return <LoadingState label="Reading events…" />
  if (rows.length === 0 && !list.loading) {
    return (
      <div className={css({ p: '4' })}>
        <EmptyState title={LOGS_UI_MESSAGE.empty}>
          {emptyAction ? (
            <span className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '3' })}>
              {LOGS_UI_MESSAGE.emptyHint}
              {emptyAction}
            </span>
          ) : (
            LOGS_UI_MESSAGE.emptyHint
          )}
        </EmptyState>
      </div>
    )
  }
  return children(rows)
}
