import { useRef, useState, type KeyboardEvent } from 'react'
import { css } from 'styled-system/css'
import { shortDate, type HistogramBucket } from '../../lib/log-range'

const CHART_HEIGHT = 72

const count = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

/**
 * Events over time, a bar per bucket with its errors in red; a bar is a button that narrows the
 * range to its bucket. One bar is in the tab order; ← and → move between them.
 */
export function LogHistogram({
  buckets,
  loading,
  error,
  hidden = false,
  onPick,
}: {
  buckets: readonly HistogramBucket[] | null
  loading: boolean
  /** Why the bars could not be counted. */
  error: string | null
  /** Nothing to draw (the list below says why). */
  hidden?: boolean
  onPick: (bucket: HistogramBucket) => void
}) {
  const [focused, setFocused] = useState(0)
  const bars = useRef<(HTMLButtonElement | null)[]>([])
  const max = Math.max(1, ...(buckets ?? []).map((b) => b.count))
  const total = (buckets ?? []).reduce((sum, b) => sum + b.count, 0)

  function onKeyDown(event: KeyboardEvent) {
    if (!buckets || buckets.length === 0) return
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : event.key === 'Home' ? -Infinity : event.key === 'End' ? Infinity : 0
    if (step === 0) return
    event.preventDefault()
    const next = Math.max(0, Math.min(buckets.length - 1, focused + step))
    setFocused(next)
    bars.current[next]?.focus()
  }

  if (hidden) return null
  if (error !== null && !buckets) {
    return (
      <p role="alert" className={css({ px: '4', py: '2', fontSize: 'xs', color: 'danger.default', borderBottomWidth: '1px', borderColor: 'border.default' })}>
        The histogram could not be read: {error}
      </p>
    )
  }
  return (
    <section aria-label="Events over time" aria-busy={loading || undefined} className={css({ px: '4', pt: '2', pb: '1', borderBottomWidth: '1px', borderColor: 'border.default', flexShrink: '0' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'xs', color: 'fg.muted', mb: '1' })}>
        {/* While the bars are another filter's (the next count on its way), they are dimmed and say so. */}
        <span>{buckets && !loading ? `${count(total, 'event')} over time` : 'Counting events…'}</span>
        <span>{buckets ? `highest bar ${max.toLocaleString('en-US')}` : ''}</span>
      </div>
      <div role="toolbar" aria-label="Histogram bars: pick one to narrow the range to it" onKeyDown={onKeyDown} style={{ height: CHART_HEIGHT }} className={css({ display: 'flex', alignItems: 'flex-end', gap: '1px', opacity: loading ? 0.6 : 1 })}>
        {(buckets ?? []).map((bucket, index) => {
          const height = bucket.count === 0 ? 0 : Math.max(2, (bucket.count / max) * CHART_HEIGHT)
          const errorHeight = bucket.count === 0 ? 0 : (bucket.errors / bucket.count) * height
          const label = `${shortDate(bucket.start)} to ${shortDate(bucket.end)}: ${count(bucket.count, 'event')}${bucket.errors ? `, ${count(bucket.errors, 'error')}` : ''}`
          return (
            <button
              key={bucket.start.getTime()}
              ref={(element) => void (bars.current[index] = element)}
              type="button"
              aria-label={label}
              title={label}
              tabIndex={index === focused ? 0 : -1}
              onFocus={() => setFocused(index)}
              onClick={() => onPick(bucket)}
              className={css({
                flex: '1',
                minW: '0',
                h: 'full',
                display: 'flex',
                flexDir: 'column',
                justifyContent: 'flex-end',
                cursor: bucket.count ? 'pointer' : 'default',
                borderRadius: '1px',
                _hover: { bg: 'bg.muted' },
                _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '1px' },
              })}
            >
              <span style={{ height: height - errorHeight }} className={css({ display: 'block', bg: 'accent.default', opacity: 0.75 })} />
              <span style={{ height: errorHeight }} className={css({ display: 'block', bg: 'danger.default' })} />
            </button>
          )
        })}
      </div>
      {buckets && buckets.length > 0 ? (
        <div className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'xs', color: 'fg.muted', mt: '1' })}>
          <span>{shortDate(buckets[0]!.start)}</span>
          <span>{shortDate(buckets.at(-1)!.end)}</span>
        </div>
      ) : null}
    </section>
  )
}
