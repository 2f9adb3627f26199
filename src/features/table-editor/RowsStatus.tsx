import { useSyncExternalStore } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../ui/button'
import type { RowWindowStore } from './row-windows'

/*
 * The parts of the data view that show what the row store knows (the count, a failed read). Each
 * subscribes to the one value it shows, so a page of rows arriving redraws the grid and nothing
 * else: the toolbar, the header and its menus stay as they are.
 */

const useRowCount = (store: RowWindowStore) => useSyncExternalStore(store.subscribe, () => store.count)
const useReadError = (store: RowWindowStore) => useSyncExternalStore(store.subscribe, () => store.error)

/** The toolbar's row count: the estimate (≈) until counted, with Count exactly beside it. */
export function RowCountStatus({ store }: { store: RowWindowStore }) {
  const count = useRowCount(store)
  const label = count ? `${count.exact ? '' : '≈ '}${count.value.toLocaleString()} ${count.value === 1 ? 'row' : 'rows'}` : 'Counting…'
  return (
    <>
      <span role="status" aria-label="Row count" className={css({ fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>
        {label}
      </span>
      {count && !count.exact ? (
        <Button size="sm" variant="ghost" onClick={() => void store.countExactly()}>
          Count exactly
        </Button>
      ) : null}
    </>
  )
}

/** A failed read of rows, with Retry; or, when the rows are all there and there are none, why. */
export function RowsNotice({ store, filtered, readOnly }: { store: RowWindowStore; filtered: boolean; readOnly: boolean }) {
  const count = useRowCount(store)
  const error = useReadError(store)
  if (error) {
    return (
      <div role="alert" className={css({ px: '3', py: '2', bg: 'danger.subtle', color: 'danger.default', fontSize: 'sm', display: 'flex', gap: '3', alignItems: 'center' })}>
        <span className={css({ flex: '1' })}>Failed to read rows: {error.message}</span>
        <Button size="sm" onClick={() => store.retry()}>
          Retry
        </Button>
      </div>
    )
  }
  if (!count || count.value > 0) return null
  return (
    <p className={css({ p: '6', color: 'fg.muted', fontSize: 'sm', textAlign: 'center' })}>
      {filtered ? 'No rows match these filters.' : readOnly ? 'No rows.' : 'This table has no rows yet. Insert one or import a CSV file.'}
    </p>
  )
}
