import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import type { StorageSort } from '../../api/queries/storage'
import { formatBytes } from '../../lib/format-bytes'
import { formatDisplayDate } from '../../lib/display-date'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { EntryGrid, EntryName, type EntryColumn, type EntrySelection } from './EntryGrid'
import { itemKey, type ExplorerItem } from './explorer-items'
import { millerColumns } from './miller-columns'
import { baseName, parentPath } from './object-paths'
import { useFolderListing } from './use-folder-listing'

/** What both views need from the explorer: where, how sorted and searched, what is open and checked, and what to do. */
export interface ViewProps {
  projectRef: string
  bucketId: string
  folderPath: string
  search: string
  sort: StorageSort
  onSort: (sort: StorageSort) => void
  openFile: ExplorerItem | null
  selection: EntrySelection
  /** The current folder's entries as loaded (for selection ranges and the toolbar). */
  onItems: (items: readonly ExplorerItem[]) => void
  onOpen: (item: ExplorerItem) => void
  onNavigate: (folderPath: string) => void
  onDelete: (item: ExplorerItem) => void
  focusColumn: number | null
  onFocusTaken: () => void
  setFocusColumn: (column: number) => void
}

const dim = css({ color: 'fg.muted', fontSize: 'xs' })

const LIST_COLUMNS: EntryColumn[] = [
  { id: 'name', label: 'Name', width: null, render: (item) => <EntryName item={item} />, sortBy: 'name' },
  { id: 'size', label: 'Size', width: 100, render: (item) => <span className={dim}>{item.object?.metadata?.size === undefined ? '—' : formatBytes(item.object.metadata.size)}</span>, sortBy: 'size' },
  { id: 'type', label: 'Type', width: 150, render: (item) => <span className={dim}>{item.kind === 'folder' ? 'Folder' : (item.object?.metadata?.mimetype ?? '—')}</span> },
  {
    id: 'updated',
    label: 'Last modified',
    width: 230,
    render: (item) => <span className={dim}>{item.object?.updated_at ? formatDisplayDate(item.object.updated_at) : '—'}</span>,
    sortBy: 'updated_at',
  },
]
const COLUMN_COLUMNS: EntryColumn[] = [{ id: 'name', label: 'Name', width: null, render: (item) => <EntryName item={item} chevron /> }]

/** The states of a folder around its grid: loading, failed, empty, or the entries. */
function FolderEntries({
  listing,
  search,
  children,
}: {
  listing: ReturnType<typeof useFolderListing>
  search: string
  children: React.ReactNode
}) {
  const { query, items } = listing
  if (query.isPending)
    return (
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', p: '3', color: 'fg.muted', fontSize: 'sm' })}>
        <Spinner label="Loading the folder" /> Loading…
      </div>
    )
  if (query.isError && items.length === 0)
    return (
      <div role="alert" className={css({ p: '3', display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start', fontSize: 'sm' })}>
        <strong>The folder could not be read</strong>
        <span className={dim}>{query.error.message}</span>
        <Button size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  if (items.length === 0)
    return <p className={css({ p: '3', color: 'fg.muted', fontSize: 'sm' })}>{search ? `Nothing here matches “${search}”.` : 'This folder is empty. Create a folder, or upload files.'}</p>
  return (
    <>
      {children}
      {query.isError ? (
        <div role="alert" className={css({ p: '2', fontSize: 'xs', display: 'flex', gap: '2', alignItems: 'center', borderTopWidth: '1px', borderColor: 'border.default' })}>
          The next entries could not be read: {query.error.message}
          <Button size="sm" onClick={() => void query.fetchNextPage()}>
            Try again
          </Button>
        </div>
      ) : null}
    </>
  )
}

/** Hands the current folder's loaded entries up (for selection ranges and the toolbar's counts). */
function useReportItems(items: readonly ExplorerItem[], onItems: (items: readonly ExplorerItem[]) => void, active: boolean) {
  useEffect(() => {
    if (active) onItems(items)
  }, [items, onItems, active])
}

/** The list view: the current folder as one table, sortable by its headers. */
export function ListView(props: ViewProps) {
  const { projectRef, bucketId, folderPath, search, sort } = props
  const listing = useFolderListing(projectRef, bucketId, folderPath, { search, sort })
  useReportItems(listing.items, props.onItems, true)
  return (
    <FolderEntries listing={listing} search={search}>
      <EntryGrid
        label={`Files in ${folderPath || bucketId}`}
        items={listing.items}
        columns={LIST_COLUMNS}
        activeKey={props.openFile ? itemKey(props.openFile) : null}
        selection={props.selection}
        sort={sort}
        onSort={props.onSort}
        hasMore={listing.query.hasNextPage}
        loadingMore={listing.query.isFetchingNextPage}
        onReached={listing.reached}
        onOpen={props.onOpen}
        onParent={folderPath ? () => props.onNavigate(parentPath(folderPath)) : undefined}
        onDelete={props.onDelete}
        wantsFocus={props.focusColumn !== null}
        onFocusTaken={props.onFocusTaken}
      />
    </FolderEntries>
  )
}

/** One column of the column view: a folder of the open path. */
function FolderColumn({ index, folderPath, openName, last, props }: { index: number; folderPath: string; openName: string | null; last: boolean; props: ViewProps }) {
  const { projectRef, bucketId, sort } = props
  const search = last ? props.search : ''
  const listing = useFolderListing(projectRef, bucketId, folderPath, { search, sort })
  useReportItems(listing.items, props.onItems, last)
  const openItem = openName === null ? null : listing.items.find((item) => item.name === openName && (last ? item.kind === 'file' : item.kind === 'folder'))
  return (
    <section
      aria-label={folderPath ? `Folder ${baseName(folderPath)}` : `Bucket ${bucketId}`}
      className={css({ w: '64', flexShrink: '0', display: 'flex', flexDir: 'column', minH: '0', borderRightWidth: '1px', borderColor: 'border.default' })}
    >
      <FolderEntries listing={listing} search={search}>
        <EntryGrid
          label={`Files in ${folderPath || bucketId}`}
          showHeader={false}
          items={listing.items}
          columns={COLUMN_COLUMNS}
          activeKey={openItem ? itemKey(openItem) : null}
          selection={last ? props.selection : undefined}
          hasMore={listing.query.hasNextPage}
          loadingMore={listing.query.isFetchingNextPage}
          onReached={listing.reached}
          onOpen={(item) => {
            if (item.kind === 'folder') props.setFocusColumn(index + 1)
            props.onOpen(item)
          }}
          // ← moves to the column on the left, its open folder focused; this column stays until another is opened.
          onParent={index > 0 ? () => props.setFocusColumn(index - 1) : undefined}
          onDelete={props.onDelete}
          wantsFocus={props.focusColumn === index}
          onFocusTaken={props.onFocusTaken}
        />
      </FolderEntries>
    </section>
  )
}

/** The column (Miller) view: the root and each folder of the open path side by side, the newest on the right. */
export function ColumnView(props: ViewProps) {
  const columns = millerColumns(props.folderPath, props.openFile?.name ?? null)
  const strip = useRef<HTMLDivElement>(null)
  // The folder just opened comes into view.
  useEffect(() => {
    if (strip.current) strip.current.scrollLeft = strip.current.scrollWidth
  }, [columns.length])
  return (
    <div ref={strip} className={css({ flex: '1', minW: '0', display: 'flex', overflowX: 'auto', minH: '0' })}>
      {columns.map((column, index) => (
        <FolderColumn key={`${index}:${column.folderPath}`} index={index} folderPath={column.folderPath} openName={column.openName} last={index === columns.length - 1} props={props} />
      ))}
    </div>
  )
}
