import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useLocation } from 'wouter'
import { createSnippetFolder, deleteSnippetFolders, deleteSnippets, renameSnippetFolder, saveSnippet, type SnippetWrite } from '../../api/queries/content'
import { queryKeys } from '../../api/queries/keys'
import type { SqlSnippet } from '../../api/schemas'
import { SNIPPET_UNDO_DURATION } from '../../constants'
import { showToast } from '../../ui/toast'
import { confirmDraft, readDraft, removeDraft, writeDraft } from './draft-store'
import { forgetProjectVisit } from '../projects'
import { clearRenameFailure, recordRenameFailure } from './rename-failures'
import { cachedSnippet, forgetSnippets, newestSnippet, storeSnippet } from './snippet-cache'

/** What the side list shows for a snippet: a saved one, or a local draft the server has not seen. */
export interface SnippetItem {
  id: string
  name: string
  folderId: string | null
  favorite: boolean
  /** Only in this browser so far (never confirmed by the server). */
  localOnly: boolean
}

/**
 * The snippet and folder operations of the side list. Each writes the whole snippet (upsert) with the
 * newest text this browser has, so a rename never overwrites unsaved typing with older text.
 */
export function useSnippetActions(ref: string, activeId: string | null) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.snippetList(ref) })
    void queryClient.invalidateQueries({ queryKey: queryKeys.snippetFolders(ref) })
  }, [queryClient, ref])

  /** Changes a snippet's name, folder or favourite, on the server or, for a local draft, in the draft. */
  const update = useCallback(
    async (id: string, change: Partial<Pick<SnippetWrite, 'name' | 'folderId' | 'favorite'>>) => {
      const saved = cachedSnippet(queryClient, ref, id)
      const draft = readDraft(ref, id)
      if (!saved) {
        if (draft) writeDraft({ ...draft, ...change })
        refreshLists()
        return
      }
      const write: SnippetWrite = { ...newestSnippet(queryClient, ref, id)!, ...change }
      // Seen at once in every view, and by an autosave that starts meanwhile.
      storeSnippet(queryClient, ref, { ...saved, name: write.name, folder_id: write.folderId, favorite: write.favorite })
      if (draft) writeDraft({ ...draft, name: write.name, folderId: write.folderId, favorite: write.favorite })
      if (change.name !== undefined) clearRenameFailure(ref, id)
      try {
        storeSnippet(queryClient, ref, await saveSnippet(ref, write))
        confirmDraft(ref, id, write.sql)
      } catch (error) {
        storeSnippet(queryClient, ref, saved)
        const message = (error as Error).message
        // A refused name stays beside the snippet's name, with Retry and Discard.
        if (change.name !== undefined) recordRenameFailure(ref, id, { name: change.name, error: message })
        else showToast('error', 'Failed to update the snippet', message)
      }
    },
    [queryClient, ref, refreshLists],
  )

  /** Gives up a refused rename: the draft goes back to the name the server has. */
  const discardRename = useCallback(
    (id: string) => {
      clearRenameFailure(ref, id)
      const saved = cachedSnippet(queryClient, ref, id)
      const draft = readDraft(ref, id)
      if (saved && draft) writeDraft({ ...draft, name: saved.name })
    },
    [queryClient, ref],
  )

  const duplicate = useCallback(
    async (id: string, name: string) => {
      const source = newestSnippet(queryClient, ref, id)
      const copy: SnippetWrite = { id: crypto.randomUUID(), name, sql: source?.sql ?? '', folderId: source?.folderId ?? null, favorite: false }
      try {
        storeSnippet(queryClient, ref, await saveSnippet(ref, copy))
        navigate(`/project/${ref}/sql/${copy.id}`)
      } catch (error) {
        showToast('error', 'Failed to duplicate the snippet', (error as Error).message)
      }
    },
    [queryClient, ref, navigate],
  )

  /** Deletes at once and offers Undo, which puts the snippet back with its id, folder and newest text. */
  const remove = useCallback(
    async (id: string, nextId: string | null) => {
      const saved = cachedSnippet(queryClient, ref, id)
      const restore = newestSnippet(queryClient, ref, id)
      if (!restore) return
      try {
        if (saved) await deleteSnippets(ref, [id])
      } catch (error) {
        showToast('error', 'Failed to delete the snippet', (error as Error).message)
        return
      }
      removeDraft(ref, id)
      forgetProjectVisit(ref, 'sql', id)
      clearRenameFailure(ref, id)
      forgetSnippets(queryClient, ref, [id])
      if (id === activeId) navigate(`/project/${ref}/sql/${nextId ?? 'new'}`, { replace: true })
      showToast('success', `Deleted "${restore.name}"`, undefined, {
        duration: SNIPPET_UNDO_DURATION,
        action: {
          label: 'Undo',
          onClick: () => {
            void saveSnippet(ref, restore).then(
              (back: SqlSnippet) => {
                storeSnippet(queryClient, ref, back)
                refreshLists()
                showToast('success', `Restored "${back.name}"`)
              },
              (error: Error) => {
                // The text is not lost: it goes back to a local draft the list shows.
                writeDraft({
                  ref,
                  id,
                  name: restore.name,
                  sql: restore.sql,
                  folderId: restore.folderId,
                  favorite: restore.favorite,
                  updatedAt: Date.now(),
                  knownToServer: false,
                })
                refreshLists()
                showToast('error', 'Failed to restore the snippet on the server', `${error.message}. Its text is kept as a local draft.`)
              },
            )
          },
        },
      })
    },
    [queryClient, ref, activeId, navigate, refreshLists],
  )

  const createFolder = useCallback(
    async (name: string) => {
      try {
        await createSnippetFolder(ref, name)
        refreshLists()
      } catch (error) {
        showToast('error', 'Failed to create the folder', (error as Error).message)
      }
    },
    [ref, refreshLists],
  )

  const renameFolder = useCallback(
    async (id: string, name: string) => {
      try {
        await renameSnippetFolder(ref, id, name)
        refreshLists()
      } catch (error) {
        showToast('error', 'Failed to rename the folder', (error as Error).message)
      }
    },
    [ref, refreshLists],
  )

  const deleteFolder = useCallback(
    async (id: string, snippetIds: readonly string[]) => {
      try {
        await deleteSnippetFolders(ref, [id])
      } catch (error) {
        showToast('error', 'Failed to delete the folder', (error as Error).message)
        return
      }
      for (const snippetId of snippetIds) removeDraft(ref, snippetId)
      forgetSnippets(queryClient, ref, snippetIds)
      refreshLists()
      if (activeId && snippetIds.includes(activeId)) navigate(`/project/${ref}/sql/new`, { replace: true })
    },
    [queryClient, ref, activeId, navigate, refreshLists],
  )

  return { update, discardRename, duplicate, remove, createFolder, renameFolder, deleteFolder }
}
