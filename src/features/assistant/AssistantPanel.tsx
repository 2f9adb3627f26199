import { useQuery } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { sidePanel } from 'styled-system/recipes'
import { useLocation } from 'wouter'
import { fromCallback } from 'xstate'
import { assistantReplyMachine, type ReplyEvent, type ReplyRequest } from '../../../machines/assistant-reply.machine'
import { NEW_CHAT_NAME } from '../../../machines/assistant.machine'
import { ApiError } from '../../api/errors'
import { streamAssistantAnswer } from '../../api/queries/assistant'
import { projectDetailQuery } from '../../api/queries/projects'
import { executeSql } from '../../api/queries/sql'
import { ASSISTANT_RESULT_ROW_LIMIT, ASSISTANT_STREAM_DELIVERY_INTERVAL, SQL_EDITOR_APPLICATION_NAME } from '../../constants'
import { partsFromMarkdown } from '../../lib/assistant-message'
import type { AssistantMessage, AssistantPart, AssistantResult } from '../../lib/assistant-state'
import { findDestructiveStatements, type DestructiveStatement } from '../../lib/sql/guards'
import { Button } from '../../ui/button'
import { inputClass } from '../../ui/field'
import { showToast } from '../../ui/toast'
import type { AssistantActor } from './assistant-actors'
import { ChatBar } from './ChatBar'
import { currentSqlEditor, insertIntoSqlEditor, subscribeSqlEditor } from './editor-bridge'
import { DestructiveQueryDialog } from '../sql-editor'
import { databaseBlockedReason } from '../../lib/project-gate'
import { hasOwnKey, ownValue, withOwnValue } from '../../lib/own-record'
import { MessageView } from './MessageView'
import { streamedText } from './streamed-text'
import { useInspectedMachine } from '../../ui/use-inspected-machine'
import { errorMessage } from '../../lib/error-message'

const newId = () => crypto.randomUUID()

/** A chat's name from its first question: the first words, short enough for the chat list. */
function chatNameFrom(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim()
  return oneLine.length > 40 ? `${oneLine.slice(0, 39)}…` : oneLine
}

/** The assistant beside a project's screens: chats, streamed answers, SQL to run or insert. */
export default function AssistantPanel({ actor, projectRef }: { actor: AssistantActor; projectRef: string }) {
  const project = useQuery(projectDetailQuery(projectRef))
  const connectionString = project.data?.connectionString ?? null
  // The project-state gate decides for Run too: a paused or starting project's database is not queried.
  const runBlocked = project.data ? databaseBlockedReason(project.data) : 'Loading the project…'
  const chats = useSelector(actor, (s) => s.context.chats)
  const activeChatId = useSelector(actor, (s) => s.context.activeChatId)
  const input = useSelector(actor, (s) => s.context.initialInput)
  const sqlSnippets = useSelector(actor, (s) => s.context.sqlSnippets)
  const tables = useSelector(actor, (s) => s.context.tables)
  const suggestions = useSelector(actor, (s) => s.context.suggestions)
  const editor = useSyncExternalStore(subscribeSqlEditor, currentSqlEditor)
  const [includeEditorSnippet, setIncludeEditorSnippet] = useState(true)
  const [, navigate] = useLocation()
  const [pendingRun, setPendingRun] = useState<{
    message: AssistantMessage
    part: Extract<AssistantPart, { type: 'sql' }>
    findings: DestructiveStatement[]
  } | null>(null)
  const [running, setRunning] = useState<string | null>(null)
  const messagesEnd = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const chat = activeChatId ? ownValue(chats, activeChatId) : undefined

  // What the question was asked with, per answer id: the retry asks with the same.
  const askedWith = useRef(new Map<string, { sql?: string; tables?: string[] }>())

  const replyMachine = useMemo(
    () =>
      assistantReplyMachine.provide({
        actors: {
          stream: fromCallback<ReplyEvent, ReplyRequest>(({ sendBack, input: request }) => {
            const controller = new AbortController()
            const pieces = streamedText((text) => sendBack({ type: 'stream.text', text }), ASSISTANT_STREAM_DELIVERY_INTERVAL)
            const thread = ownValue(actor.getSnapshot().context.chats, request.chatId)
            const index = thread?.messages.findIndex((m) => m.id === request.messageId) ?? -1
            const history = (thread?.messages ?? []).slice(0, index < 0 ? undefined : index).filter((m) => m.status !== 'failed' || m.role === 'user')
            streamAssistantAnswer(
              {
                projectRef,
                connectionString,
                chatId: request.chatId,
                chatName: thread?.name ?? NEW_CHAT_NAME,
                messages: history,
                context: askedWith.current.get(request.messageId) ?? {},
              },
              (text) => pieces.push(text),
              controller.signal,
            ).then(
              (text) => {
                pieces.cancel()
                sendBack({ type: 'stream.done', text })
              },
              (error: unknown) => {
                if (controller.signal.aborted) return
                pieces.flush()
                const retryAfter = error instanceof ApiError && error.code === 429 ? error.retryAfter ?? 1 : null
                sendBack({ type: 'stream.failed', message: errorMessage(error), retryAfter })
              },
            )
            return () => {
              pieces.cancel()
              controller.abort()
            }
          }),
        },
        actions: {
          deliver: (_, { request, text, status, error }) => {
            const previous = ownValue(actor.getSnapshot().context.chats, request.chatId)?.messages.find((m) => m.id === request.messageId)
            actor.send({
              type: 'message.save',
              at: Date.now(),
              chatId: request.chatId,
              message: {
                id: request.messageId,
                role: 'assistant',
                parts: partsFromMarkdown(request.messageId, text),
                results: previous?.results ?? {},
                status,
                error,
              },
            })
          },
        },
      }),
    [actor, projectRef, connectionString],
  )
  const [reply, sendReply] = useInspectedMachine(replyMachine)
  const answering = reply.matches('streaming') || reply.matches('waiting')
  const answeringId = answering ? reply.context.request?.messageId : undefined

  const messageCount = chat?.messages.length ?? 0
  const lastText = chat?.messages.at(-1)?.parts.length
  // Block bodies: Chromium's scroll methods now return a promise, which React would take for a clean-up.
  useEffect(() => {
    messagesEnd.current?.scrollIntoView({ block: 'end' })
  }, [messageCount, lastText, activeChatId])
  useEffect(() => {
    inputRef.current?.focus()
  }, [activeChatId])

  function ask(question: string) {
    const text = question.trim()
    if (text === '' || answering) return
    let chatId = activeChatId
    if (!chatId || !hasOwnKey(chats, chatId)) {
      chatId = newId()
      actor.send({ type: 'chat.new', at: Date.now(), id: chatId })
    }
    const current = ownValue(actor.getSnapshot().context.chats, chatId)
    if (current && current.messages.length === 0 && current.name === NEW_CHAT_NAME) actor.send({ type: 'chat.rename', at: Date.now(), id: chatId, name: chatNameFrom(text) })
    actor.send({
      type: 'message.save',
      at: Date.now(),
      chatId,
      message: { id: newId(), role: 'user', parts: [{ type: 'text', text }], results: {}, status: 'done', error: null },
    })
    actor.send({ type: 'input.change', text: '' })
    const answerId = newId()
    const snippetSql = [...(includeEditorSnippet && editor ? [editor.snippet().sql] : []), ...sqlSnippets.map((s) => s.sql)].filter((s) => s.trim() !== '')
    askedWith.current.set(answerId, { sql: snippetSql.join('\n\n') || undefined, tables: tables.length ? tables : undefined })
    sendReply({ type: 'ask', request: { messageId: answerId, chatId } })
  }

  function retry(message: AssistantMessage) {
    if (!chat) return
    if (reply.matches('waiting') && reply.context.request?.messageId === message.id) return sendReply({ type: 'retry' })
    sendReply({ type: 'ask', request: { messageId: message.id, chatId: chat.id } })
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      ask(input)
    }
  }

  function requestRun(message: AssistantMessage, part: Extract<AssistantPart, { type: 'sql' }>) {
    const findings = findDestructiveStatements(part.sql)
    if (findings.length > 0) setPendingRun({ message, part, findings })
    else void run(message, part)
  }

  async function run(message: AssistantMessage, part: Extract<AssistantPart, { type: 'sql' }>) {
    if (!chat || runBlocked) return
    const chatId = chat.id
    setRunning(part.id)
    let result: AssistantResult
    try {
      const rows = await executeSql({ ref: projectRef, connectionString, query: part.sql, applicationName: SQL_EDITOR_APPLICATION_NAME })
      result = { columns: rows[0] ? Object.keys(rows[0]) : [], rows: rows.slice(0, ASSISTANT_RESULT_ROW_LIMIT), rowCount: rows.length, error: null }
    } catch (error) {
      result = { columns: [], rows: [], rowCount: 0, error: errorMessage(error) }
    } finally {
      setRunning(null)
    }
    const latest = ownValue(actor.getSnapshot().context.chats, chatId)?.messages.find((m) => m.id === message.id) ?? message
    actor.send({ type: 'message.save', at: Date.now(), chatId, message: { ...latest, results: withOwnValue(latest.results, part.id, result) } })
  }

  function insert(sql: string) {
    if (insertIntoSqlEditor(sql)) showToast('success', 'Inserted into the SQL editor')
    else navigate(`/project/${projectRef}/sql/new`)
  }

  const snippetChip = editor && includeEditorSnippet ? editor.snippet() : null

  return (
    <aside aria-label="AI assistant" className={panelClass}>
      <ChatBar actor={actor} />

      <div
        role="log"
        aria-label="Messages"
        aria-live="polite"
        className={css({ flex: '1', minH: '0', overflowY: 'auto', px: '3', py: '3', display: 'flex', flexDir: 'column', gap: '3' })}
      >
        {!chat || chat.messages.length === 0 ? (
          <EmptyChat suggestions={suggestions} onAsk={ask} />
        ) : (
          chat.messages.map((message) => (
            <MessageView
              key={message.id}
              message={message}
              answering={message.id === answeringId}
              waitingSeconds={message.id === answeringId && reply.matches('waiting') ? reply.context.retryAfter : null}
              running={running}
              runBlocked={runBlocked}
              onRun={(part) => requestRun(message, part)}
              onInsert={insert}
              onRetry={() => retry(message)}
            />
          ))
        )}
        {answeringId && !chat?.messages.some((m) => m.id === answeringId) ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })} role="status">
            {reply.matches('waiting') ? `Too many requests: asking again in ${reply.context.retryAfter ?? 0} s…` : 'Thinking…'}
          </p>
        ) : null}
        <div ref={messagesEnd} />
      </div>

      <form
        className={css({ borderTopWidth: '1px', borderColor: 'border.default', p: '3', display: 'flex', flexDir: 'column', gap: '2' })}
        onSubmit={(event) => {
          event.preventDefault()
          ask(input)
        }}
      >
        {snippetChip || sqlSnippets.length > 0 || tables.length > 0 ? (
          <ul aria-label="Context" className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
            {snippetChip ? <Chip label={`Snippet: ${snippetChip.label}`} onRemove={() => setIncludeEditorSnippet(false)} /> : null}
            {sqlSnippets.map((snippet, index) => (
              <Chip
                key={`s${index}`}
                label={`Snippet: ${snippet.label}`}
                onRemove={() => actor.send({ type: 'context.set', sqlSnippets: sqlSnippets.filter((_, i) => i !== index) })}
              />
            ))}
            {tables.map((table) => (
              <Chip key={table} label={`Table: ${table}`} onRemove={() => actor.send({ type: 'context.set', tables: tables.filter((t) => t !== table) })} />
            ))}
          </ul>
        ) : editor && !includeEditorSnippet ? (
          <button
            type="button"
            className={css({ alignSelf: 'flex-start', fontSize: 'xs', color: 'accent.default', cursor: 'pointer' })}
            onClick={() => setIncludeEditorSnippet(true)}
          >
            + Add the current snippet
          </button>
        ) : null}
        <textarea
          ref={inputRef}
          aria-label="Ask the assistant"
          placeholder="Ask about your database, or for SQL…"
          rows={3}
          className={cx(inputClass, css({ resize: 'vertical', minH: '16', py: '2' }))}
          value={input}
          onChange={(event) => actor.send({ type: 'input.change', text: event.target.value })}
          onKeyDown={onInputKeyDown}
        />
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <span className={css({ flex: '1', fontSize: 'xs', color: 'fg.subtle' })}>Enter to send · Shift+Enter for a new line</span>
          {answering ? (
            <Button type="button" variant="danger" size="sm" onClick={() => sendReply({ type: 'stop' })}>
              Stop
            </Button>
          ) : (
            <Button type="submit" variant="primary" size="sm" disabled={input.trim() === ''}>
              Send
            </Button>
          )}
        </div>
      </form>

      <DestructiveQueryDialog
        open={pendingRun !== null}
        findings={pendingRun?.findings ?? []}
        onConfirm={() => {
          if (pendingRun) void run(pendingRun.message, pendingRun.part)
          setPendingRun(null)
        }}
        onDismiss={() => setPendingRun(null)}
      />
    </aside>
  )
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '1',
        fontSize: 'xs',
        bg: 'bg.muted',
        borderRadius: 'full',
        pl: '2',
        pr: '1',
        py: '0.5',
        maxW: 'full',
      })}
    >
      <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{label}</span>
      <button type="button" aria-label={`Remove ${label}`} className={css({ cursor: 'pointer', px: '1', color: 'fg.muted' })} onClick={onRemove}>
        ×
      </button>
    </li>
  )
}

const STARTERS = ['List my tables', 'Describe a table', 'Write a select for a table', 'Create an index']

function EmptyChat({ suggestions, onAsk }: { suggestions: string[]; onAsk: (question: string) => void }) {
  const ideas = suggestions.length > 0 ? suggestions : STARTERS
  return (
    <div className={css({ m: 'auto', textAlign: 'center', display: 'flex', flexDir: 'column', gap: '3', color: 'fg.muted', fontSize: 'sm', maxW: 'xs' })}>
      <p className={css({ fontWeight: 'medium', color: 'fg.default' })}>Ask about your database</p>
      <p>The assistant reads this project's tables and writes SQL you can run here or insert into the editor.</p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', justifyContent: 'center' })}>
        {ideas.map((idea) => (
          <Button key={idea} size="sm" onClick={() => onAsk(idea)}>
            {idea}
          </Button>
        ))}
      </div>
    </div>
  )
}

const panelClass = cx(
  sidePanel({ size: 'small' }),
  css({ flexShrink: '0', display: 'flex', flexDir: 'column', borderLeftWidth: '1px', borderColor: 'border.default', bg: 'bg.surface', h: 'full' }),
)
