import { useCallback, useMemo, useState, type DragEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { DEFAULT_STORAGE_SORT, type StorageBucket, type StorageSort } from '../../api/queries/storage'
import { STORAGE_SEARCH_DEBOUNCE } from '../../constants'
import { PromptDialog } from '../../ui/prompt-dialog'
import { useSettled } from '../../ui/use-settled'
import { ExplorerToolbar, SelectionBar } from './ExplorerToolbar'
import { DeleteEntriesDialog, SignedUrlDialog } from './ExplorerDialogs'
import { ColumnView, ListView, type ViewProps } from './ExplorerViews'
import { destinationFolder, destinationProblem, entryNameProblem } from './entry-names'
import { itemKey, type ExplorerItem } from './explorer-items'
import type { ExplorerSeams } from './explorer-seams'
import { isWithin, joinPath, parentPath } from './object-paths'
import { PreviewPanel } from './PreviewPanel'
import { EMPTY_SELECTION, pruneSelection, selectionState, toggleAll, toggleSelection, type Selection } from './selection'
import { useExplorerActions } from './use-explorer-actions'
import { setExplorerView, useExplorerView } from './view-mode'

type ExplorerDialog =
  | { kind: 'new-folder' }
  | { kind: 'rename'; item: ExplorerItem }
  | { kind: 'move'; items: ExplorerItem[] }
  | { kind: 'delete'; items: ExplorerItem[] }
  | { kind: 'signed-url'; item: ExplorerItem }

/**
 * A bucket's files: the folder shown comes from the address (`folderPath`); the open file, the checked
 * entries and the search belong to that folder and are dropped when another is shown.
 */
export function FileExplorer({
  projectRef,
  bucket,
  folderPath,
  onNavigate,
  seams = {},
}: {
  projectRef: string
  bucket: StorageBucket
  folderPath: string
  onNavigate: (folderPath: string) => void
  seams?: ExplorerSeams
}) {
  const bucketId = bucket.id
  const place = `${bucketId}/${folderPath}`
  const view = useExplorerView()
  const actions = useExplorerActions(projectRef, bucketId)
  const [sort, setSort] = useState<StorageSort>(DEFAULT_STORAGE_SORT)
  const [searchState, setSearchState] = useState({ place, text: '' })
  const searchText = searchState.place === place ? searchState.text : ''
  const search = useSettled(searchText.trim(), STORAGE_SEARCH_DEBOUNCE)
  const [openState, setOpenState] = useState<{ place: string; item: ExplorerItem } | null>(null)
  const openFile = openState?.place === place ? openState.item : null
  const [selectionState_, setSelectionState] = useState<{ place: string; selection: Selection }>({ place, selection: EMPTY_SELECTION })
  const [items, setItems] = useState<readonly ExplorerItem[]>([])
  const orderedKeys = useMemo(() => items.map(itemKey), [items])
  const selection = pruneSelection(selectionState_.place === place ? selectionState_.selection : EMPTY_SELECTION, orderedKeys)
  const selectedItems = items.filter((item) => selection.keys.has(itemKey(item)))
  const [dialog, setDialog] = useState<ExplorerDialog | null>(null)
  const [focusColumn, setFocusColumn] = useState<number | null>(null)
  const [dropping, setDropping] = useState(false)

  const onItems = useCallback((next: readonly ExplorerItem[]) => setItems(next), [])
  const onFocusTaken = useCallback(() => setFocusColumn(null), [])
  const setSelection = (next: Selection) => setSelectionState({ place, selection: next })

  const open = (item: ExplorerItem) => {
    if (item.kind === 'folder') onNavigate(item.path)
    else {
      // A file of another column of the column view: its folder becomes the one shown.
      const folder = parentPath(item.path)
      setOpenState({ place: `${bucketId}/${folder}`, item })
      if (folder !== folderPath) onNavigate(folder)
    }
  }
  const askDelete = (item: ExplorerItem) => setDialog({ kind: 'delete', items: selection.keys.has(itemKey(item)) ? selectedItems : [item] })

  const viewProps: ViewProps = {
    projectRef,
    bucketId,
    folderPath,
    search,
    sort,
    onSort: setSort,
    openFile,
    selection: {
      keys: selection.keys,
      state: selectionState(selection, orderedKeys),
      onToggle: (item, range) => setSelection(toggleSelection(selection, orderedKeys, itemKey(item), { range })),
      onToggleAll: () => setSelection(toggleAll(selection, orderedKeys)),
    },
    onItems,
    onOpen: open,
    onNavigate,
    onDelete: askDelete,
    focusColumn,
    onFocusTaken,
    setFocusColumn,
  }

  const acceptsDrop = Boolean(seams.onFilesDropped)
  const onDragOver = (event: DragEvent) => {
    if (!acceptsDrop || !event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    setDropping(true)
  }
  const onDrop = (event: DragEvent) => {
    if (!acceptsDrop) return
    event.preventDefault()
    setDropping(false)
    const files = [...event.dataTransfer.files]
    if (files.length) seams.onFilesDropped?.(files, bucketId, folderPath)
  }

  const closeAfter = (work: Promise<void>) => work.then(() => setDialog(null)).catch(() => {})
  const slotPlace = { projectRef, bucketId, folderPath }
  return (
    <div className={css({ flex: '1', minW: '0', minH: '0', display: 'flex', flexDir: 'column' })}>
      <ExplorerToolbar
        bucketId={bucketId}
        folderPath={folderPath}
        search={searchText}
        onSearch={(text) => setSearchState({ place, text })}
        sort={sort}
        onSort={setSort}
        view={view}
        onView={(next) => void setExplorerView(next)}
        onNavigate={onNavigate}
        onNewFolder={() => setDialog({ kind: 'new-folder' })}
        onRefresh={() => void actions.refresh()}
        refreshing={false}
        slot={seams.toolbarSlot?.(slotPlace)}
      />
      {selectedItems.length > 0 ? (
        <SelectionBar
          count={selectedItems.length}
          busy={actions.downloading}
          onDownload={() => void actions.downloadZip(selectedItems, folderPath)}
          onMove={() => setDialog({ kind: 'move', items: selectedItems })}
          onDelete={() => setDialog({ kind: 'delete', items: selectedItems })}
          onClear={() => setSelection(EMPTY_SELECTION)}
        />
      ) : null}
      <div className={css({ flex: '1', minH: '0', display: 'flex' })}>
        <div
          data-testid="explorer-body"
          onDragOver={onDragOver}
          onDragLeave={() => setDropping(false)}
          onDrop={onDrop}
          className={cx(css({ flex: '1', minW: '0', minH: '0', display: 'flex', flexDir: 'column' }), dropping ? css({ outline: '2px dashed token(colors.accent.default)', outlineOffset: '-4px', bg: 'accent.subtle' }) : undefined)}
        >
          {view === 'columns' ? <ColumnView {...viewProps} /> : <ListView {...viewProps} />}
        </div>
        {openFile ? (
          <PreviewPanel
            projectRef={projectRef}
            bucketId={bucketId}
            isPublic={bucket.public}
            item={openFile}
            downloading={actions.downloading}
            onDownload={() => void actions.download(openFile)}
            onCopyUrl={() => void actions.copyPublicUrl(openFile)}
            onSignedUrl={() => setDialog({ kind: 'signed-url', item: openFile })}
            onRename={() => setDialog({ kind: 'rename', item: openFile })}
            onMove={() => setDialog({ kind: 'move', items: [openFile] })}
            onDelete={() => setDialog({ kind: 'delete', items: [openFile] })}
            onClose={() => setOpenState(null)}
          />
        ) : null}
      </div>
      {seams.panelSlot?.(slotPlace)}
      <PromptDialog
        open={dialog?.kind === 'new-folder'}
        title="Create a folder"
        label="Folder name"
        submitLabel="Create folder"
        validate={(name) => entryNameProblem(name, folderPath, items, 'folder')}
        onSubmit={(name) => void closeAfter(actions.createFolder(folderPath, name))}
        onDismiss={() => setDialog(null)}
      />
      <PromptDialog
        open={dialog?.kind === 'rename'}
        title={dialog?.kind === 'rename' ? `Rename ${dialog.item.name}` : 'Rename'}
        label="New name"
        initialValue={dialog?.kind === 'rename' ? dialog.item.name : ''}
        submitLabel="Rename"
        validate={(name) => (dialog?.kind === 'rename' ? entryNameProblem(name, parentPath(dialog.item.path), items, dialog.item.kind, dialog.item) : null)}
        onSubmit={(name) => {
          if (dialog?.kind !== 'rename') return
          const { item } = dialog
          void closeAfter(
            actions.rename(item, joinPath(parentPath(item.path), name)).then(() => {
              if (openFile && isWithin(openFile.path, item.path)) setOpenState(null)
            }),
          )
        }}
        onDismiss={() => setDialog(null)}
      />
      <PromptDialog
        open={dialog?.kind === 'move'}
        title={dialog?.kind === 'move' ? (dialog.items.length === 1 ? `Move ${dialog.items[0]!.name}` : `Move ${dialog.items.length} items`) : 'Move'}
        label="Destination folder (/ for the bucket's root)"
        initialValue={folderPath ? `${folderPath}/` : '/'}
        submitLabel="Move"
        validate={(typed) => (dialog?.kind === 'move' ? destinationProblem(typed, dialog.items) : null)}
        onSubmit={(typed) => {
          if (dialog?.kind !== 'move') return
          const { items: moving } = dialog
          void closeAfter(
            actions.move(moving, destinationFolder(typed)).then(() => {
              setSelection(EMPTY_SELECTION)
              if (openFile && moving.some((item) => isWithin(openFile.path, item.path))) setOpenState(null)
            }),
          )
        }}
        onDismiss={() => setDialog(null)}
      />
      {dialog?.kind === 'delete' ? (
        <DeleteEntriesDialog
          projectRef={projectRef}
          bucketId={bucketId}
          items={dialog.items}
          onConfirm={(paths) =>
            closeAfter(
              actions.deletePaths(paths).then(() => {
                setSelection(EMPTY_SELECTION)
                if (openFile && dialog.items.some((item) => isWithin(openFile.path, item.path))) setOpenState(null)
              }),
            )
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'signed-url' ? <SignedUrlDialog projectRef={projectRef} bucketId={bucketId} item={dialog.item} onClose={() => setDialog(null)} /> : null}
    </div>
  )
}
