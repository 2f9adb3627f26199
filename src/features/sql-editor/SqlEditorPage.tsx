import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useParams } from 'wouter'
import { projectDetailQuery } from '../../api/queries/projects'
import { ErrorState } from '../../ui/states'
import { QueryLoadingState } from '../retries'
import { recordProjectVisit } from '../projects'
import { SnippetDocument } from './SnippetDocument'
import { SnippetDrawer } from './SnippetDrawer'
import { SnippetSidebar } from './SnippetSidebar'
import { SnippetTabs } from './SnippetTabs'
import { readOpenTabs, withTabClosed, withTabOpened, writeOpenTabs } from './open-tabs'
import { useSnippetItems } from './use-snippet-items'

/** /project/{ref}/sql/{id}: the project's snippets beside the editor, running SQL on its real Postgres. */
export default function SqlEditorPage() {
  const { ref, id } = useParams<{ ref: string; id: string }>()
  const project = useQuery(projectDetailQuery(ref))
  const isNew = id === 'new'
  // Every visit to /new gets its own id; after the first keystroke the address becomes /sql/{that id}
  // and the document keeps its key, so the editor is not rebuilt under the user's cursor.
  const pendingId = useMemo(() => crypto.randomUUID(), [id]) // eslint-disable-line react-hooks/exhaustive-deps
  const documentId = isNew ? pendingId : id
  const [draftsVersion, draftsChanged] = useReducer((n: number) => n + 1, 0)
  const onDraftsChanged = useCallback(() => draftsChanged(), [])

  useEffect(() => {
    if (!isNew) recordProjectVisit(ref, 'sql', id)
  }, [ref, id, isNew])

  // The snippets open as tabs: each one opened joins them (a new query once it has its id).
  const [, navigate] = useLocation()
  const [tabs, setTabs] = useState(() => ({ ref, ids: readOpenTabs(ref) }))
  const tabIds = tabs.ref === ref ? tabs.ids : readOpenTabs(ref)
  const { snippets, items } = useSnippetItems(ref, draftsVersion)
  const itemsById = useMemo(() => new Map(items.map((item) => [item.id, item])), [items])
  useEffect(() => {
    if (isNew) return
    const opened = withTabOpened(readOpenTabs(ref), id)
    writeOpenTabs(ref, opened)
    setTabs({ ref, ids: opened })
  }, [ref, id, isNew])
  // A tab whose snippet is gone (deleted here or elsewhere) is not shown, once the list says so.
  const shownTabs = snippets.isSuccess ? tabIds.filter((tab) => tab === id || itemsById.has(tab)) : tabIds
  const closeTab = (tab: string) => {
    const { ids, next } = withTabClosed(tabIds, tab)
    writeOpenTabs(ref, ids)
    setTabs({ ref, ids })
    if (tab === id) navigate(`/project/${ref}/sql/${next ?? 'new'}`)
  }

  return (
    <div className={css({ display: 'flex', flex: '1', minH: '0' })}>
      <SnippetSidebar projectRef={ref} activeId={isNew ? null : id} draftsVersion={draftsVersion} />
      <div className={css({ flex: '1', minW: '0', minH: '0', display: 'flex', flexDir: 'column' })}>
        {/* Narrow screens have no room for the list beside the editor: a drawer holds it. */}
        <div className={css({ display: { base: 'flex', md: 'none' }, px: '3', pt: '2' })}>
          <SnippetDrawer projectRef={ref} activeId={isNew ? null : id} draftsVersion={draftsVersion} />
        </div>
        <SnippetTabs projectRef={ref} ids={shownTabs} activeId={isNew ? null : id} items={itemsById} onClose={closeTab} />
        {project.isPending ? (
          <div className={css({ flex: '1' })}>
            <QueryLoadingState label="Loading SQL editor…" queryKey={projectDetailQuery(ref).queryKey} />
          </div>
        ) : project.isError ? (
          <div className={css({ flex: '1', p: '6' })}>
            <ErrorState title="Failed to load the project" message={project.error.message} onRetry={() => void project.refetch()} />
          </div>
        ) : (
          <SnippetDocument
            key={`${ref}/${documentId}`}
            projectRef={ref}
            snippetId={documentId}
            bornNew={isNew}
            connectionString={project.data.connectionString}
            onDraftsChanged={onDraftsChanged}
          />
        )}
      </div>
    </div>
  )
}
