import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useReducer } from 'react'
import { css } from 'styled-system/css'
import { useParams } from 'wouter'
import { projectDetailQuery } from '../../api/queries/projects'
import { ErrorState } from '../../ui/states'
import { QueryLoadingState } from '../retries'
import { recordProjectVisit } from '../projects'
import { SnippetDocument } from './SnippetDocument'
import { SnippetDrawer } from './SnippetDrawer'
import { SnippetSidebar } from './SnippetSidebar'

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

  return (
    <div className={css({ display: 'flex', flex: '1', minH: '0' })}>
      <SnippetSidebar projectRef={ref} activeId={isNew ? null : id} draftsVersion={draftsVersion} />
      <div className={css({ flex: '1', minW: '0', minH: '0', display: 'flex', flexDir: 'column' })}>
        {/* Narrow screens have no room for the list beside the editor: a drawer holds it. */}
        <div className={css({ display: { base: 'flex', md: 'none' }, px: '3', pt: '2' })}>
          <SnippetDrawer projectRef={ref} activeId={isNew ? null : id} draftsVersion={draftsVersion} />
        </div>
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
