import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Link } from 'wouter'
import { snippetFoldersQuery } from '../../api/queries/content'
import type { SqlFolder } from '../../api/schemas'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/dialog'
import { Menu, MenuItem, MenuItemGroup, MenuItemGroupLabel, MenuSeparator } from '../../ui/menu'
import { PromptDialog } from '../../ui/prompt-dialog'
import { SearchBox, SidePanel, sidePanelHeadingClass, sidePanelNoteClass } from '../../ui/side-panel'
import { RenameFailureNote } from './RenameFailureNote'
import { useSnippetActions, type SnippetItem } from './use-snippet-actions'
import { useSnippetItems } from './use-snippet-items'

type Prompt =
  | { kind: 'rename'; item: SnippetItem }
  | { kind: 'duplicate'; item: SnippetItem }
  | { kind: 'new-folder' }
  | { kind: 'rename-folder'; folder: SqlFolder }
  | null

/** The project's snippets: search, favourites, folders, and the actions on each. */
export function SnippetSidebar({
  projectRef,
  activeId,
  draftsVersion,
  onNarrow = 'hide',
}: {
  projectRef: string
  activeId: string | null
  draftsVersion: number
  /** Beside the editor it hides on a narrow screen; in the drawer (SnippetDrawer) it fills it. */
  onNarrow?: 'hide' | 'fill'
}) {
  const { snippets, items } = useSnippetItems(projectRef, draftsVersion)
  const folders = useQuery(snippetFoldersQuery(projectRef))
  const actions = useSnippetActions(projectRef, activeId)
  const [search, setSearch] = useState('')
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const [prompt, setPrompt] = useState<Prompt>(null)
  const [doomedFolder, setDoomedFolder] = useState<SqlFolder | null>(null)

  const needle = search.trim().toLowerCase()
  const visible = needle ? items.filter((i) => i.name.toLowerCase().includes(needle)) : items
  const folderList = folders.data ?? []
  const knownFolders = new Set(folderList.map((f) => f.id))
  const favorites = visible.filter((i) => i.favorite)
  const loose = visible.filter((i) => !i.folderId || !knownFolders.has(i.folderId))
  const ordered = [...folderList.flatMap((f) => visible.filter((i) => i.folderId === f.id)), ...loose]
  const nextAfter = (id: string) => {
    const others = ordered.filter((i) => i.id !== id)
    return others[0]?.id ?? null
  }

  const row = (item: SnippetItem) => (
    <SnippetRow
      key={item.id}
      projectRef={projectRef}
      item={item}
      active={item.id === activeId}
      folders={folderList}
      onRename={() => setPrompt({ kind: 'rename', item })}
      onRetryRename={(name) => void actions.update(item.id, { name })}
      onDiscardRename={() => actions.discardRename(item.id)}
      onDuplicate={() => setPrompt({ kind: 'duplicate', item })}
      onFavorite={() => void actions.update(item.id, { favorite: !item.favorite })}
      onMove={(folderId) => void actions.update(item.id, { folderId })}
      onDelete={() => void actions.remove(item.id, nextAfter(item.id))}
    />
  )

  return (
    <SidePanel
      onNarrow={onNarrow}
      label="SQL snippets"
      toolbar={
        <>
          <div className={css({ display: 'flex', gap: '2', p: '2', borderBottomWidth: '1px', borderColor: 'border.default' })}>
            <Link href={`/project/${projectRef}/sql/new`} className={button({ variant: 'primary', size: 'sm' })}>
              New query
            </Link>
            <Button size="sm" onClick={() => setPrompt({ kind: 'new-folder' })}>
              New folder
            </Button>
          </div>
          <SearchBox label="Search snippets" value={search} onChange={setSearch} />
        </>
      }
    >
      {snippets.isPending ? <p className={sidePanelNoteClass}>Loading snippets…</p> : null}
      {snippets.isError ? (
        <p role="alert" className={cx(sidePanelNoteClass, css({ color: 'danger.default' }))}>
          Failed to load snippets: {snippets.error.message}{' '}
          <button className={css({ textDecoration: 'underline', cursor: 'pointer' })} onClick={() => void snippets.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {favorites.length > 0 ? (
        <section aria-label="Favorites">
          <h2 className={sidePanelHeadingClass}>Favorites</h2>
          <ul>{favorites.map(row)}</ul>
        </section>
      ) : null}
      <section aria-label="Folders">
        {/* A heading of their own: under Favorites' they read as favourites. */}
        {folderList.length > 0 ? <h2 className={sidePanelHeadingClass}>Folders</h2> : null}
        {folderList.map((folder) => {
          const inside = visible.filter((i) => i.folderId === folder.id)
          if (needle && inside.length === 0) return null
          const open = !collapsed.has(folder.id) || needle !== ''
          return (
            <div key={folder.id} role="group" aria-label={folder.name}>
              <div className={cx(rowClass, css({ fontWeight: 'medium' }))}>
                <button
                  aria-expanded={open}
                  onClick={() =>
                    setCollapsed((current) => {
                      const next = new Set(current)
                      if (next.has(folder.id)) next.delete(folder.id)
                      else next.add(folder.id)
                      return next
                    })
                  }
                  className={css({ flex: '1', textAlign: 'left', cursor: 'pointer', display: 'flex', gap: '1.5', alignItems: 'center', minW: '0' })}
                >
                  <span aria-hidden className={css({ color: 'fg.subtle', w: '3' })}>
                    {open ? '▾' : '▸'}
                  </span>
                  <span className={truncateClass}>{folder.name}</span>
                  <span className={css({ color: 'fg.subtle', fontSize: 'xs' })}>{inside.length}</span>
                </button>
                <Menu
                  compact
                  triggerLabel="⋯"
                  label={`Folder actions for ${folder.name}`}
                  onSelect={(value) => {
                    if (value === 'rename') setPrompt({ kind: 'rename-folder', folder })
                    if (value === 'delete') setDoomedFolder(folder)
                  }}
                >
                  <MenuItem value="rename">Rename folder</MenuItem>
                  <MenuItem value="delete" className={css({ color: 'danger.default' })}>Delete folder</MenuItem>
                </Menu>
              </div>
              {open ? (
                <ul className={css({ pl: '3' })}>
                  {inside.length === 0 ? <li className={sidePanelNoteClass}>Empty folder: move snippets here from their menu.</li> : inside.map(row)}
                </ul>
              ) : null}
            </div>
          )
        })}
      </section>
      <section aria-label="Snippets">
        <h2 className={sidePanelHeadingClass}>Snippets</h2>
        <ul>{loose.map(row)}</ul>
        {snippets.isSuccess && visible.length === 0 ? (
          <p className={sidePanelNoteClass}>{needle ? `No snippets match "${search.trim()}".` : 'No snippets yet. Start one with New query.'}</p>
        ) : null}
      </section>

      <PromptDialog
        open={prompt !== null}
        title={
          prompt?.kind === 'rename'
            ? 'Rename snippet'
            : prompt?.kind === 'duplicate'
              ? 'Duplicate snippet'
              : prompt?.kind === 'rename-folder'
                ? 'Rename folder'
                : 'New folder'
        }
        label={prompt?.kind === 'new-folder' || prompt?.kind === 'rename-folder' ? 'Folder name' : 'Snippet name'}
        submitLabel={prompt?.kind === 'duplicate' ? 'Duplicate' : prompt?.kind === 'new-folder' ? 'Create folder' : 'Rename'}
        initialValue={
          prompt?.kind === 'rename'
            ? prompt.item.name
            : prompt?.kind === 'duplicate'
              ? `${prompt.item.name} (copy)`
              : prompt?.kind === 'rename-folder'
                ? prompt.folder.name
                : ''
        }
        validate={(value) => {
          if (prompt?.kind === 'new-folder' || prompt?.kind === 'rename-folder') {
            const clash = folderList.find((f) => f.name === value && (prompt.kind === 'new-folder' || f.id !== prompt.folder.id))
            return clash ? `A folder named "${value}" already exists` : null
          }
          return value.length > 256 ? 'Name must be 256 characters or fewer' : null
        }}
        onDismiss={() => setPrompt(null)}
        onSubmit={(value) => {
          if (prompt?.kind === 'rename') void actions.update(prompt.item.id, { name: value })
          if (prompt?.kind === 'duplicate') void actions.duplicate(prompt.item.id, value)
          if (prompt?.kind === 'new-folder') void actions.createFolder(value)
          if (prompt?.kind === 'rename-folder') void actions.renameFolder(prompt.folder.id, value)
          setPrompt(null)
        }}
      />
      <ConfirmDialog
        open={doomedFolder !== null}
        title={`Delete the folder "${doomedFolder?.name ?? ''}"?`}
        confirmLabel="Delete folder"
        onDismiss={() => setDoomedFolder(null)}
        onConfirm={() => {
          if (doomedFolder)
            void actions.deleteFolder(
              doomedFolder.id,
              items.filter((i) => i.folderId === doomedFolder.id).map((i) => i.id),
            )
          setDoomedFolder(null)
        }}
      >
        {(() => {
          const count = items.filter((i) => i.folderId === doomedFolder?.id).length
          return count === 0 ? 'The folder is empty.' : `Its ${count} ${count === 1 ? 'snippet is' : 'snippets are'} deleted with it. This cannot be undone.`
        })()}
      </ConfirmDialog>
    </SidePanel>
  )
}

function SnippetRow({
  projectRef,
  item,
  active,
  folders,
  onRename,
  onRetryRename,
  onDiscardRename,
  onDuplicate,
  onFavorite,
  onMove,
  onDelete,
}: {
  projectRef: string
  item: SnippetItem
  active: boolean
  folders: SqlFolder[]
  onRename: () => void
  onRetryRename: (name: string) => void
  onDiscardRename: () => void
  onDuplicate: () => void
  onFavorite: () => void
  onMove: (folderId: string | null) => void
  onDelete: () => void
}) {
  return (
    <li className={cx(rowClass, css({ flexWrap: 'wrap' }), active && css({ bg: 'bg.muted' }))}>
      <Link
        href={`/project/${projectRef}/sql/${item.id}`}
        aria-current={active ? 'page' : undefined}
        className={css({ flex: '1', minW: '0', display: 'flex', alignItems: 'center', gap: '1.5', py: '0.5' })}
      >
        <span className={truncateClass}>{item.name}</span>
        {item.favorite ? (
          <span aria-label="Favorite" className={css({ color: 'warning.default', fontSize: 'xs' })}>
            ★
          </span>
        ) : null}
        {item.localOnly ? <span className={css({ color: 'fg.subtle', fontSize: 'xs', whiteSpace: 'nowrap' })}>not saved</span> : null}
      </Link>
      <Menu
        compact
        triggerLabel="⋯"
        label={`Actions for ${item.name}`}
        onSelect={(value) => {
          if (value === 'rename') onRename()
          else if (value === 'duplicate') onDuplicate()
          else if (value === 'favorite') onFavorite()
          else if (value === 'delete') onDelete()
          else if (value.startsWith('move:')) onMove(value === 'move:' ? null : value.slice('move:'.length))
        }}
      >
        <MenuItem value="rename">Rename</MenuItem>
        <MenuItem value="duplicate">Duplicate</MenuItem>
        <MenuItem value="favorite">{item.favorite ? 'Remove from favorites' : 'Add to favorites'}</MenuItem>
        <MenuSeparator className={css({ my: '1', borderColor: 'border.default' })} />
        <MenuItemGroup>
          <MenuItemGroupLabel>Move to</MenuItemGroupLabel>
          {item.folderId ? (
            <MenuItem value="move:">No folder</MenuItem>
          ) : null}
          {folders
            .filter((f) => f.id !== item.folderId)
            .map((folder) => (
              <MenuItem key={folder.id} value={`move:${folder.id}`}>{folder.name}</MenuItem>
            ))}
        </MenuItemGroup>
        <MenuSeparator className={css({ my: '1', borderColor: 'border.default' })} />
        <MenuItem value="delete" className={css({ color: 'danger.default' })}>Delete</MenuItem>
      </Menu>
      <RenameFailureNote
        className={css({ flexBasis: 'full', pl: '1' })}
        projectRef={projectRef}
        snippetId={item.id}
        onRetry={onRetryRename}
        onDiscard={onDiscardRename}
      />
    </li>
  )
}

const rowClass = css({ display: 'flex', alignItems: 'center', gap: '1', px: '2', py: '1', borderRadius: 'sm', _hover: { bg: 'bg.muted' } })
const truncateClass = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
