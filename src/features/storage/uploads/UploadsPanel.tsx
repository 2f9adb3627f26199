import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { STORAGE_CHUNK_RETRY } from '../../../constants'
import { formatBytes } from '../../../lib/format-bytes'
import { totalProgress } from '../../../lib/storage-uploads'
import { Button } from '../../../ui/button'
import { isFinished, type UploadQueue, type UploadRow } from './upload-queue'
import { FillBar, type FillTone } from '../../../ui/fill-bar'

const ROW_HEIGHT = 52
/** Rows shown before the list scrolls. */
const VISIBLE_ROWS = 5

function percent(sent: number, size: number): number {
  return size === 0 ? 100 : Math.floor((sent / size) * 100)
}

/** What a row says beside its bar: never a silent 0 %. */
export function uploadStatusText(row: UploadRow): string {
  switch (row.phase) {
    case 'queued':
      return 'Waiting for a free slot'
    case 'checking':
      return 'Checking the limits…'
    case 'starting':
      return 'Starting…'
    case 'uploading':
      return `${formatBytes(row.sent)} of ${formatBytes(row.size)} (${percent(row.sent, row.size)} %)`
    case 'retrying':
      return `Retrying (${Math.min(row.attempts, STORAGE_CHUNK_RETRY.attempts)} of ${STORAGE_CHUNK_RETRY.attempts}) after: ${row.error ?? 'a failure'}`
    case 'cancelling':
      return 'Cancelling…'
    case 'done':
      return `Uploaded · ${formatBytes(row.size)}`
    case 'cancelled':
      return 'Cancelled'
    case 'conflict':
    case 'failed':
    case 'refused':
      return row.error ?? 'Failed'
  }
}

const TONE: Partial<Record<UploadRow['phase'], FillTone>> = { failed: 'danger', refused: 'danger', conflict: 'warning', retrying: 'warning' }

function ProgressBar({ label, sent, size, tone = 'accent' }: { label: string; sent: number; size: number; tone?: FillTone }) {
  return <FillBar role="progressbar" label={label} value={percent(sent, size)} tone={tone} />
}

function UploadRowView({ row, queue }: { row: UploadRow; queue: UploadQueue }) {
  const tone = TONE[row.phase]
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '3', alignItems: 'center', h: 'full', px: '3', borderTopWidth: '1px', borderColor: 'border.default' })}>
      <div className={css({ minW: '0', display: 'flex', flexDir: 'column', gap: '1' })}>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'baseline', minW: '0' })}>
          <span title={row.path} className={css({ fontSize: 'sm', fontWeight: 'medium', truncate: true })}>
            {row.path}
          </span>
          <span aria-live={row.phase === 'failed' || row.phase === 'refused' ? 'polite' : undefined} className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true, flex: '1', minW: '0' })} style={tone ? { color: `var(--colors-${tone.replace('.', '-')})` } : undefined} title={uploadStatusText(row)}>
            {uploadStatusText(row)}
          </span>
        </div>
        <ProgressBar label={`${row.path} uploaded`} sent={row.sent} size={row.size} tone={tone} />
      </div>
      <span className={css({ display: 'inline-flex', gap: '1' })}>
        {row.phase === 'conflict' ? (
          <>
            <Button size="sm" onClick={() => queue.resolveConflict('replace', row.id)} aria-label={`Replace ${row.path}`}>
              Replace
            </Button>
            <Button size="sm" onClick={() => queue.resolveConflict('keepBoth', row.id)} aria-label={`Keep both ${row.path}`}>
              Keep both
            </Button>
          </>
        ) : null}
        {row.phase === 'failed' ? (
          <Button size="sm" onClick={() => queue.retry(row.id)} aria-label={`Retry ${row.path}`}>
            Retry
          </Button>
        ) : null}
        {isFinished(row) || row.phase === 'cancelling' ? null : (
          <Button size="sm" variant="ghost" onClick={() => queue.cancel(row.id)} aria-label={`Cancel ${row.path}`}>
            Cancel
          </Button>
        )}
      </span>
    </div>
  )
}

/**
 * The uploads of a project: a bar per file and one for all (bytes acknowledged over bytes to send,
 * refused and cancelled files left out), cancel one or all, retry a failed one, answer name
 * collisions one by one or all at once, clear what finished. Long lists are virtualized.
 */
export function UploadsPanel({ queue, rows }: { queue: UploadQueue; rows: readonly UploadRow[] }) {
  const [collapsed, setCollapsed] = useState(false)
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 6 })
  if (rows.length === 0) return null

  const counting = rows.map((row) => ({ size: row.size, sent: row.phase === 'done' ? row.size : row.sent, counts: row.phase !== 'refused' && row.phase !== 'cancelled' }))
  const total = totalProgress(counting)
  const done = rows.filter((row) => row.phase === 'done').length
  const failed = rows.filter((row) => row.phase === 'failed').length
  const refused = rows.filter((row) => row.phase === 'refused').length
  const conflicts = rows.filter((row) => row.phase === 'conflict').length
  const open = rows.filter((row) => !isFinished(row)).length
  const finished = rows.length - open
  const summary = [
    `${done} of ${rows.length - refused - rows.filter((row) => row.phase === 'cancelled').length} uploaded`,
    `${formatBytes(total.sent)} of ${formatBytes(total.size)}`,
    failed ? `${failed} failed` : null,
    refused ? `${refused} refused` : null,
  ]
    .filter(Boolean)
    .join(' · ')

  return (
    <section aria-label="Uploads" className={css({ borderTopWidth: '1px', borderColor: 'border.default', bg: 'bg.surface', display: 'flex', flexDir: 'column' })}>
      <header className={css({ display: 'flex', flexDir: 'column', gap: '1.5', px: '3', py: '2' })}>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Uploads</h2>
          <span role="status" className={css({ fontSize: 'xs', color: 'fg.muted', flex: '1', minW: '0' })}>
            {summary}
          </span>
          {failed > 1 ? (
            <Button size="sm" onClick={() => queue.retryAllFailed()}>
              Retry failed
            </Button>
          ) : null}
          {open ? (
            <Button size="sm" onClick={() => queue.cancelAll()}>
              Cancel all
            </Button>
          ) : null}
          {finished ? (
            <Button size="sm" onClick={() => queue.clearFinished()}>
              Clear finished
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" aria-expanded={!collapsed} onClick={() => setCollapsed(!collapsed)}>
            {collapsed ? 'Show files' : 'Hide files'}
          </Button>
        </div>
        <ProgressBar label="All uploads" sent={total.sent} size={total.size} />
        {conflicts > 1 ? (
          <div role="group" aria-label="Files that already exist" className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'xs', color: 'warning.default' })}>
            {conflicts} files already exist here.
            <Button size="sm" onClick={() => queue.resolveConflict('replace')}>
              Replace all
            </Button>
            <Button size="sm" onClick={() => queue.resolveConflict('keepBoth')}>
              Keep both for all
            </Button>
          </div>
        ) : null}
      </header>
      {collapsed ? null : (
        <div ref={scroller} className={css({ overflowY: 'auto' })} style={{ maxHeight: ROW_HEIGHT * VISIBLE_ROWS }}>
          <ul aria-label="Files being uploaded" className={css({ position: 'relative', listStyle: 'none' })} style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!
              return (
                <li key={row.id} aria-label={row.path} className={css({ position: 'absolute', insetX: '0' })} style={{ top: item.start, height: ROW_HEIGHT }}>
                  <UploadRowView row={row} queue={queue} />
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </section>
  )
}
