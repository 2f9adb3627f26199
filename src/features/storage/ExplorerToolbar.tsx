import { Columns3, FolderPlus, List, RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import type { StorageSort } from '../../api/queries/storage'
import type { StorageSortColumn } from '../../constants/storage'
import { Button } from '../../ui/button'
import { inputClass } from '../../ui/field'
import { Menu, MenuItem } from '../../ui/menu'
import { breadcrumbs } from './object-paths'
import type { ExplorerView } from './view-mode'

const SORT_LABELS: Record<StorageSortColumn, string> = {
  name: 'Name',
  size: 'Size',
  created_at: 'Created',
  updated_at: 'Last modified',
  last_accessed_at: 'Last accessed',
}

const toggleClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg.default', bg: 'bg.subtle' },
  '&[aria-pressed=true]': { bg: 'bg.muted', color: 'fg.default' },
})

/** Where the folder is (breadcrumbs), and what to do in it: search, sort, view, new folder, uploads. */
export function ExplorerToolbar({
  bucketId,
  folderPath,
  search,
  onSearch,
  sort,
  onSort,
  view,
  onView,
  onNavigate,
  onNewFolder,
  onRefresh,
  refreshing,
  slot,
}: {
  bucketId: string
  folderPath: string
  search: string
  onSearch: (text: string) => void
  sort: StorageSort
  onSort: (sort: StorageSort) => void
  view: ExplorerView
  onView: (view: ExplorerView) => void
  onNavigate: (folderPath: string) => void
  onNewFolder: () => void
  onRefresh: () => void
  refreshing: boolean
  /** The uploads' button (see ./explorer-seams.ts). */
  slot?: ReactNode
}) {
  const crumbs = breadcrumbs(bucketId, folderPath)
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', flexWrap: 'wrap' })}>
      <nav aria-label="Folder path" className={css({ flex: '1', minW: '0' })}>
        <ol className={css({ display: 'flex', alignItems: 'center', gap: '1', fontSize: 'sm', overflow: 'hidden' })}>
          {crumbs.map((crumb, i) => (
            <li key={crumb.path} className={css({ display: 'flex', alignItems: 'center', gap: '1', minW: '0' })}>
              {i > 0 ? <span aria-hidden className={css({ color: 'fg.subtle' })}>/</span> : null}
              {i === crumbs.length - 1 ? (
                <span aria-current="page" className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
                  {crumb.name}
                </span>
              ) : (
                <button type="button" onClick={() => onNavigate(crumb.path)} className={css({ color: 'fg.muted', cursor: 'pointer', whiteSpace: 'nowrap', _hover: { color: 'fg.default', textDecoration: 'underline' } })}>
                  {crumb.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <input
        type="search"
        aria-label="Search in this folder"
        placeholder="Search in this folder…"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        className={cx(inputClass, css({ w: '56', h: '8' }))}
      />
      <Menu label="Sort by" triggerLabel={`${SORT_LABELS[sort.column]} ${sort.order === 'asc' ? '↑' : '↓'}`} onSelect={(value) => {
        const [column, order] = value.split(':') as [StorageSortColumn, 'asc' | 'desc']
        onSort({ column, order })
      }}>
        {(['name', 'size', 'created_at', 'updated_at'] as const).flatMap((column) =>
          (['asc', 'desc'] as const).map((order) => (
            <MenuItem key={`${column}:${order}`} value={`${column}:${order}`} data-state={sort.column === column && sort.order === order ? 'checked' : undefined}>
              {SORT_LABELS[column]} {order === 'asc' ? '(ascending)' : '(descending)'}
            </MenuItem>
          )),
        )}
      </Menu>
      <div role="group" aria-label="View" className={css({ display: 'inline-flex', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', overflow: 'hidden' })}>
        <button type="button" aria-label="Columns" title="Columns" aria-pressed={view === 'columns'} className={toggleClass} onClick={() => onView('columns')}>
          <Columns3 aria-hidden size={15} />
        </button>
        <button type="button" aria-label="List" title="List" aria-pressed={view === 'list'} className={toggleClass} onClick={() => onView('list')}>
          <List aria-hidden size={15} />
        </button>
      </div>
      <Button size="sm" aria-label="Reload" title="Reload" onClick={onRefresh} loading={refreshing}>
        <RefreshCw aria-hidden size={14} />
      </Button>
      <Button size="sm" onClick={onNewFolder}>
        <FolderPlus aria-hidden size={14} /> New folder
      </Button>
      {slot}
    </div>
  )
}

/** What to do with the checked entries: shown in place of nothing while some are checked. */
export function SelectionBar({ count, busy, onDownload, onMove, onDelete, onClear }: { count: number; busy: boolean; onDownload: () => void; onMove: () => void; onDelete: () => void; onClear: () => void }) {
  return (
    <div role="toolbar" aria-label="Selected files" className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '3', py: '1.5', bg: 'accent.subtle', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm' })}>
      <strong className={css({ flex: '1' })}>{count === 1 ? '1 item selected' : `${count} items selected`}</strong>
      <Button size="sm" onClick={onDownload} loading={busy}>
        Download
      </Button>
      <Button size="sm" onClick={onMove} disabled={busy}>
        Move
      </Button>
      <Button size="sm" variant="danger" onClick={onDelete} disabled={busy}>
        Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  )
}
