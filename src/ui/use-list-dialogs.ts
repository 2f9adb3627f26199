import { useCallback, useState } from 'react'
import { showToast } from './toast'

/**
 * The dialog a list page has open (create, edit, delete… as the page types them), and `finish`: close it,
 * say what was done, and refresh the list.
 */
export function useListDialog<D>(refresh: () => unknown) {
  const [dialog, setDialog] = useState<D | null>(null)
  const finish = useCallback(
    (message: string) => {
      setDialog(null)
      showToast('success', message)
      void refresh()
    },
    [refresh],
  )
  return { dialog, setDialog, finish }
}

/**
 * A create dialog's draft: it outlives a Cancel and a refused run (nothing typed is lost) and starts afresh
 * once the item is made (`made()`).
 */
export function useNewItemDraft<F>(empty: () => F) {
  const [draft, setDraft] = useState<F>(empty)
  return { draft, setDraft, made: () => setDraft(empty()) }
}

/**
 * A list page's two form drafts: the new item's outlives a Cancel and a refused run (nothing typed is lost)
 * and starts afresh once the item is made; an edit starts from the item each time it opens. `editing`
 * says which one the open dialog shows.
 */
export function useFormDrafts<F>(empty: () => F, editing = false) {
  const newItem = useNewItemDraft(empty)
  const [editDraft, setEditDraft] = useState<F>(empty)
  return {
    /** The open dialog's draft. */
    values: editing ? editDraft : newItem.draft,
    set: editing ? setEditDraft : newItem.setDraft,
    startEdit: setEditDraft,
    /** After a save: the new item's draft is used up; an edit's is dropped on the next open anyway. */
    saved: () => {
      if (!editing) newItem.made()
    },
  }
}
