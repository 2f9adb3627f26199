import { css, cx } from 'styled-system/css'
import type { LogFacetCountRow } from '../../../api/schemas'
import { LOG_STATUS_GROUPS, UNIFIED_LOG_FACETS, type UnifiedLogFacet } from '../../../constants'
import { isLogSourceId, logSource } from '../../../lib/logs-sql'
import type { UnifiedFilters } from '../../../lib/unified-logs-sql'
import { Button } from '../../../ui/button'
import { SidePanel, sideListItemStyle, sidePanelHeadingClass, sidePanelNoteClass } from '../../../ui/side-panel'
import { Spinner } from '../../../ui/spinner'
import { LoadingState } from '../../../ui/states'

export const FACET_LABEL: Record<UnifiedLogFacet, string> = {
  source: 'Source',
  level: 'Level',
  method: 'Method',
  status: 'Status',
  path: 'Path',
  host: 'Host',
  user: 'User',
}

/** How a facet's value reads: a source by its label, a status group by its ("5xx server error"), anything else as it is. */
export function facetValueLabel(facet: UnifiedLogFacet, value: string): string {
  if (facet === 'source' && isLogSourceId(value)) return logSource(value).label
  if (facet === 'status') return LOG_STATUS_GROUPS.find((group) => group.id === value)?.label ?? value
  return value
}

const valueClass = css(sideListItemStyle, { py: '1' })

/**
 * The unified view's facets (level, method, status, path, host, user, and the source): each
 * facet's most frequent values with their counts under the other filters; a value is a toggle that
 * keeps only its events (several values of one facet: any of them).
 */
export function FacetPanel({
  counts,
  loading,
  error,
  filters,
  onToggle,
  onClear,
}: {
  counts: readonly LogFacetCountRow[] | null
  loading: boolean
  error: string | null
  filters: UnifiedFilters
  onToggle: (facet: UnifiedLogFacet, value: string) => void
  onClear: () => void
}) {
  const chosen = UNIFIED_LOG_FACETS.some((facet) => (filters.facets[facet] ?? []).length > 0)
  return (
    <SidePanel label="Facets" toolbar={chosen ? <div className={css({ p: '2' })}><Button size="sm" variant="ghost" onClick={onClear}>Clear facets</Button></div> : undefined}>
      {error ? (
        <p role="alert" className={cx(sidePanelNoteClass, css({ color: 'danger.default' }))}>
          The counts could not be read: {error}
        </p>
      ) : counts === null ? (
        <LoadingState label="Counting…" />
      ) : (
        UNIFIED_LOG_FACETS.map((facet) => {
          const selected = filters.facets[facet] ?? []
          const listed = counts.filter((row) => row.facet === facet)
          // A chosen value stays listed (to undo it) even when the others' filters leave it none.
          const missing = selected.filter((value) => !listed.some((row) => row.value === value)).map((value) => ({ facet, value, count: 0 }))
          const values = [...listed, ...missing]
          return (
            // While the counts are read again the last ones stay, full strength (dimmed text would be
            // too faint to read), and a small spinner beside the heading says they are being updated.
            <section key={facet} aria-label={FACET_LABEL[facet]} aria-busy={loading || undefined}>
              <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pr: '2' })}>
                <h2 className={sidePanelHeadingClass}>{FACET_LABEL[facet]}</h2>
                {loading ? <Spinner small label={`Counting ${FACET_LABEL[facet].toLowerCase()} again`} /> : null}
              </div>
              {values.length === 0 ? (
                <p className={sidePanelNoteClass}>No {FACET_LABEL[facet].toLowerCase()} in these events.</p>
              ) : (
                <ul>
                  {values.map((row) => (
                    <li key={row.value}>
                      <button type="button" aria-pressed={selected.includes(row.value)} className={valueClass} onClick={() => onToggle(facet, row.value)}>
                        <span className={css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{facetValueLabel(facet, row.value)}</span>{' '}
                        <span className={css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums', fontSize: 'xs' })}>{row.count.toLocaleString('en-US')}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )
        })
      )}
    </SidePanel>
  )
}
