import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import { snippetSaveMachine, snippetRetryDelay } from '../../../machines/snippet-save.machine'
import { saveSnippet, snippetListQuery, snippetQuery } from '../../api/queries/content'
import { isApiError } from '../../api/errors'
import type { SqlSnippet } from '../../api/schemas'
import { Button } from '../../ui/button'
import { ErrorState, LoadingState } from '../../ui/states'
import { confirmDraft, readDraft, writeDraft, type SnippetDraft } from './draft-store'
import { forgetProjectVisit } from '../projects'
import { cachedSnippet, newestSnippet, storeSnippet, untitledName } from './snippet-cache'
import { RenameFailureNote } from './RenameFailureNote'
import { SqlWorkspace } from './SqlWorkspace'
import { useSnippetActions } from './use-snippet-actions'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { asSentence } from '../../lib/sentence'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

/** Where the server stands on this snippet, as far as this tab knows. */
type ServerState = 'exists' | 'unsaved' | 'deleted' | 'unreachable'

/**
 * One snippet open in the editor. Its text is written to a local draft at every change and
 * autosaved; the draft goes only when the server confirms the same text. A snippet the server
 * no longer has, or cannot give right now, opens from its draft with a notice.
 */
export function SnippetDocument({
  projectRef,
  snippetId,
  bornNew,
  connectionString,
  onDraftsChanged,
}: {
  projectRef: string
  snippetId: string
  /** Opened as /sql/new: nothing exists anywhere until the first keystroke. */
  bornNew: boolean
  connectionString: string | null
  onDraftsChanged: () => void
}) {
  // The address changes from /new to /{id} under this same document: it stays new for its whole life.
  const [createdHere] = useState(bornNew)
  const [draftAtOpen] = useState(() => (createdHere ? null : readDraft(projectRef, snippetId)))
  const snippet = useQuery({ ...snippetQuery(projectRef, snippetId), enabled: !createdHere, retry: false, refetchOnWindowFocus: false })

  if (createdHere) return <OpenDocument {...{ projectRef, snippetId, connectionString, onDraftsChanged }} initialSql="" initialServerState="unsaved" bornNew />
  if (draftAtOpen) {
    // The draft is the newest text this browser has: open it at once; the server's answer only sets the notice.
    return (
      <OpenDocument
        {...{ projectRef, snippetId, connectionString, onDraftsChanged }}
        initialSql={draftAtOpen.sql}
        initialServerState={draftAtOpen.knownToServer ? 'exists' : 'unsaved'}
        draftAtOpen={draftAtOpen}
        server={snippet.isSuccess ? { kind: 'found', snippet: snippet.data } : snippet.isError ? serverProblem(snippet.error) : { kind: 'pending' }}
      />
    )
  }
  if (snippet.isPending) return <LoadingState label="Loading snippet…" />
  if (snippet.isError) {
    const problem = serverProblem(snippet.error)
    if (problem.kind === 'missing') {
      return <MissingSnippet projectRef={projectRef} snippetId={snippetId} />
    }
    return (
      <div className={css({ p: '6', flex: '1' })}>
        <ErrorState title="Failed to load the snippet" message={snippet.error.message} onRetry={() => void snippet.refetch()} />
      </div>
    )
  }
  return (
    <OpenDocument
      {...{ projectRef, snippetId, connectionString, onDraftsChanged }}
      initialSql={snippet.data.content.sql}
      initialServerState="exists"
      server={{ kind: 'found', snippet: snippet.data }}
    />
  )
}

/** A snippet the server no longer has and this browser has no copy of: the rail's SQL editor leads to a new query again. */
function MissingSnippet({ projectRef, snippetId }: { projectRef: string; snippetId: string }) {
  useEffect(() => forgetProjectVisit(projectRef, 'sql', snippetId), [projectRef, snippetId])
  return (
    <div className={css({ p: '6', flex: '1' })}>
      <ErrorState title="Snippet not found" message="This snippet no longer exists on the server, and this browser has no local copy of it." />
      <NewQueryLink projectRef={projectRef} />
    </div>
  )
}

type ServerAnswer = { kind: 'pending' } | { kind: 'found'; snippet: SqlSnippet } | { kind: 'missing' } | { kind: 'failed'; message: string }

function serverProblem(error: Error): ServerAnswer {
  return isApiError(error) && error.code === 404 ? { kind: 'missing' } : { kind: 'failed', message: error.message }
}

function NewQueryLink({ projectRef }: { projectRef: string }) {
  const [, navigate] = useLocation()
  return (
    <Button className={css({ mt: '3' })} onClick={() => navigate(`/project/${projectRef}/sql/new`)}>
      Start a new query
    </Button>
  )
}

function OpenDocument({
  projectRef,
  snippetId,
  connectionString,
  onDraftsChanged,
  initialSql,
  initialServerState,
  draftAtOpen = null,
  server = { kind: 'pending' },
  bornNew = false,
}: {
  projectRef: string
  snippetId: string
  connectionString: string | null
  onDraftsChanged: () => void
  initialSql: string
  initialServerState: ServerState
  draftAtOpen?: SnippetDraft | null
  server?: ServerAnswer
  bornNew?: boolean
}) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [serverState, setServerState] = useState<ServerState>(initialServerState)
  const [storageRefused, setStorageRefused] = useState(false)
  const [restored, setRestored] = useState(false)
  const materialized = useRef(!bornNew)
  const list = useQuery(snippetListQuery(projectRef))
  const actions = useSnippetActions(projectRef, snippetId)
  const newName = useRef<string | null>(null)

  const machine = useMemo(
    () =>
      snippetSaveMachine.provide({
        actors: {
          save: fromPromiseUntilStopped(async ({ input, signal }) => {
            const known = newestSnippet(queryClient, projectRef, snippetId)
            const answer = await saveSnippet(
              projectRef,
              { ...(known ?? { id: snippetId, name: newName.current ?? 'Untitled query', folderId: null, favorite: false }), sql: input.sql },
              undefined,
              signal,
            )
            storeSnippet(queryClient, projectRef, answer)
            return answer
          }),
        },
        actions: {
          confirmed: (_, { sql }) => {
            confirmDraft(projectRef, snippetId, sql)
            setServerState('exists')
            onDraftsChanged()
          },
        },
      }),
    [queryClient, projectRef, snippetId, onDraftsChanged],
  )
  const [save, send] = useInspectedMachine(machine)

  // What the server said about a snippet opened from its draft decides whether it keeps saving.
  useEffect(() => {
    if (!draftAtOpen) return
    if (server.kind === 'found') {
      if (server.snippet.content.sql === draftAtOpen.sql) confirmDraft(projectRef, snippetId, draftAtOpen.sql)
      else {
        setRestored(true)
        send({ type: 'edit', sql: draftAtOpen.sql })
      }
      setServerState('exists')
    } else if (server.kind === 'missing') {
      if (draftAtOpen.knownToServer) setServerState('deleted')
      else {
        setServerState('unsaved')
        send({ type: 'edit', sql: draftAtOpen.sql })
      }
    } else if (server.kind === 'failed') {
      setServerState('unreachable')
      send({ type: 'edit', sql: draftAtOpen.sql })
    }
  }, [server.kind, draftAtOpen, projectRef, snippetId, send]) // eslint-disable-line react-hooks/exhaustive-deps -- runs when the server's answer arrives (its kind); the snippet is read as it is then

  // Ctrl/Cmd+S saves now instead of opening the browser's save dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
        event.preventDefault()
        if (serverState !== 'deleted') send({ type: 'save.now' })
      }
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [send, serverState])

  function onChange(sql: string) {
    const known = newestSnippet(queryClient, projectRef, snippetId)
    const previous = readDraft(projectRef, snippetId)
    if (!known && !newName.current) newName.current = untitledName((list.data ?? []).map((s) => s.name))
    const draft: SnippetDraft = {
      ref: projectRef,
      id: snippetId,
      name: known?.name ?? newName.current ?? 'Untitled query',
      sql,
      folderId: known?.folderId ?? null,
      favorite: known?.favorite ?? false,
      updatedAt: Date.now(),
      knownToServer: serverState === 'exists' || (previous?.knownToServer ?? false),
    }
    setStorageRefused(!writeDraft(draft))
    if (!materialized.current) {
      // The snippet gets its address with its first character, so a reload finds it.
      materialized.current = true
      navigate(`/project/${projectRef}/sql/${snippetId}`, { replace: true })
      onDraftsChanged()
    }
    if (serverState !== 'deleted') send({ type: 'edit', sql })
  }

  // The list query above re-renders this on a rename from the side list.
  const name = cachedSnippet(queryClient, projectRef, snippetId)?.name ?? draftAtOpen?.name ?? newName.current ?? (bornNew ? 'New query' : 'Untitled query')

  let notice: ReactNode = null
  if (serverState === 'deleted') {
    notice = (
      <Notice tone="warning">
        This snippet no longer exists on the server. The text here is your local copy.{' '}
        <Button
          size="sm"
          onClick={() => {
            setServerState('unsaved')
            send({ type: 'edit', sql: readDraft(projectRef, snippetId)?.sql ?? initialSql })
            send({ type: 'save.now' })
          }}
        >
          Save it again
        </Button>
      </Notice>
    )
  } else if (serverState === 'unreachable') {
    notice = (
      <Notice tone="warning">
        Could not load this snippet from the server ({server.kind === 'failed' ? server.message : 'no answer'}). Your local copy is shown and is saved when the
        server answers.
      </Notice>
    )
  } else if (restored) {
    notice = <Notice tone="info">Restored your unsaved changes from this browser.</Notice>
  }

  return (
    <SqlWorkspace
      projectRef={projectRef}
      connectionString={connectionString}
      title={name}
      initialSql={initialSql}
      onChange={onChange}
      notice={
        <>
          {notice}
          {storageRefused ? (
            <Notice tone="warning">This browser refused to keep a local copy (storage full or blocked). Keep the tab open until the snippet is saved.</Notice>
          ) : null}
        </>
      }
      headerExtra={
        <span className={css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' })}>
          <RenameFailureNote
            projectRef={projectRef}
            snippetId={snippetId}
            onRetry={(renamed) => void actions.update(snippetId, { name: renamed })}
            onDiscard={() => actions.discardRename(snippetId)}
          />
          <SaveStatus
          state={save.value as string}
          serverState={serverState}
          error={save.context.error}
          failures={save.context.failures}
          onRetry={() => send({ type: 'retry' })}
          />
        </span>
      }
    />
  )
}

function Notice({ tone, children }: { tone: 'info' | 'warning'; children: ReactNode }) {
  return (
    <p
      role={tone === 'warning' ? 'alert' : 'note'}
      className={css({
        px: '4',
        py: '2',
        fontSize: 'sm',
        bg: tone === 'warning' ? 'warning.subtle' : 'info.subtle',
        display: 'flex',
        alignItems: 'center',
        gap: '2',
        flexWrap: 'wrap',
      })}
    >
      {children}
    </p>
  )
}

/** Saved / Unsaved changes / Saving… / Failed to save, beside the title. */
function SaveStatus({
  state,
  serverState,
  error,
  failures,
  onRetry,
}: {
  state: string
  serverState: ServerState
  error: string | null
  failures: number
  onRetry: () => void
}) {
  let text: string
  if (state === 'saving') text = 'Saving…'
  else if (state === 'failed') text = `Failed to save: ${asSentence(error ?? 'unknown error')} Retrying in ${Math.round(snippetRetryDelay(failures) / 1000)} s.`
  else if (state === 'dirty') text = 'Unsaved changes'
  else if (serverState === 'deleted') text = 'Not saved'
  else if (serverState === 'exists') text = 'Saved'
  else text = ''
  return (
    <span
      className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'xs', color: state === 'failed' ? 'danger.default' : 'fg.muted', minW: '0' })}
    >
      <span
        role="status"
        aria-label="Save status"
        className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxW: '96' })}
        title={text}
      >
        {text}
      </span>
      {state === 'failed' ? (
        <Button size="sm" onClick={onRetry}>
          Retry now
        </Button>
      ) : null}
    </span>
  )
}
