import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useLocation } from 'wouter'
import { saveSnippet } from '../../api/queries/content'
import { queryKeys } from '../../api/queries/keys'
import { showToast } from '../../ui/toast'
import { errorMessage } from '../../lib/error-message'

/**
 * Opens SQL in the SQL editor as a new saved snippet (PLATFORM-API §4 content): the editor opens
 * snippets by id, and a saved one is still there after a reload or from another tab. Nothing runs.
 */
export function useOpenInSqlEditor(projectRef: string) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [opening, setOpening] = useState(false)
  const open = useCallback(
    async (name: string, sql: string) => {
      setOpening(true)
      try {
        const id = crypto.randomUUID()
        await saveSnippet(projectRef, { id, name, sql, folderId: null, favorite: false })
        await queryClient.invalidateQueries({ queryKey: queryKeys.snippetList(projectRef) })
        navigate(`/project/${projectRef}/sql/${id}`)
      } catch (error) {
        showToast('error', 'The SQL editor could not open this', errorMessage(error))
      } finally {
        setOpening(false)
      }
    },
    [projectRef, queryClient, navigate],
  )
  return { open, opening }
}
