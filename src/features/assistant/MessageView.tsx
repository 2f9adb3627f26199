import { css } from 'styled-system/css'
import type { AssistantMessage, AssistantPart, AssistantResult } from '../../lib/assistant-state'
import { ownValue } from '../../lib/own-record'
import { formatCellText } from '../../lib/sql/result-format'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { Markdown } from './Markdown'
import { TableHead } from '../../ui/table-head'

/** One message of a chat: the question, or the answer with its SQL blocks, their results and its retry. */
export function MessageView({
  message,
  answering,
  waitingSeconds,
  running,
  runBlocked,
  onRun,
  onInsert,
  onRetry,
}: {
  message: AssistantMessage
  answering: boolean
  waitingSeconds: number | null
  running: string | null
  runBlocked: string | null
  onRun: (part: Extract<AssistantPart, { type: 'sql' }>) => void
  onInsert: (sql: string) => void
  onRetry: () => void
}) {
  if (message.role === 'user') {
    return (
      <div
        aria-label="Your message"
        className={css({
          alignSelf: 'flex-end',
          maxW: '85%',
          bg: 'accent.subtle',
          borderRadius: 'md',
          px: '3',
          py: '2',
          whiteSpace: 'pre-wrap',
          fontSize: 'sm',
        })}
      >
        {message.parts.map((part) => (part.type === 'text' ? part.text : part.sql)).join('\n')}
      </div>
    )
  }
  const failed = message.status === 'failed' && !answering
  const stopped = message.status === 'stopped' && !answering
  return (
    <article
      aria-label="Assistant answer"
      aria-busy={answering || undefined}
      data-status={message.status}
      className={css({ display: 'flex', flexDir: 'column', gap: '2', fontSize: 'sm' })}
    >
      {message.parts.map((part, index) =>
        part.type === 'text' ? (
          <Markdown key={index} text={part.text} />
        ) : (
          <SqlBlock
            key={part.id}
            part={part}
            result={ownValue(message.results, part.id)}
            disabled={answering}
            running={running === part.id}
            runBlocked={runBlocked}
            onRun={() => onRun(part)}
            onInsert={() => onInsert(part.sql)}
          />
        ),
      )}
      {answering ? (
        <span role="status" className={css({ color: 'fg.subtle', fontSize: 'xs' })}>
          {waitingSeconds !== null ? `Too many requests: asking again in ${waitingSeconds} s…` : 'Answering…'}
        </span>
      ) : null}
      {failed || stopped ? (
        <div
          role={failed ? 'alert' : undefined}
          className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'xs', color: failed ? 'danger.default' : 'fg.muted' })}
        >
          <span className={css({ flex: '1' })}>{failed ? `The answer failed: ${message.error ?? 'unknown error'}` : 'Stopped.'}</span>
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : null}
    </article>
  )
}

function SqlBlock({
  part,
  result,
  disabled,
  running,
  runBlocked,
  onRun,
  onInsert,
}: {
  part: Extract<AssistantPart, { type: 'sql' }>
  result: AssistantResult | undefined
  disabled: boolean
  running: boolean
  /** Why Run cannot query the database now (the project-state gate), or null. */
  runBlocked: string | null
  onRun: () => void
  onInsert: () => void
}) {
  return (
    <figure aria-label="SQL" className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', overflow: 'hidden' })}>
      <pre className={css({ fontFamily: 'mono', fontSize: 'xs', p: '2', bg: 'bg.muted', overflowX: 'auto', whiteSpace: 'pre' })}>
        <code>{part.sql}</code>
      </pre>
      <div className={css({ display: 'flex', gap: '1', p: '1.5', borderTopWidth: '1px', borderColor: 'border.default' })}>
        <Button
          size="sm"
          variant="primary"
          disabled={disabled || running || runBlocked !== null}
          title={runBlocked ?? undefined}
          loading={running}
          onClick={onRun}
        >
          Run
        </Button>
        <Button size="sm" disabled={disabled} onClick={onInsert}>
          Insert into editor
        </Button>
        <CopyButton size="sm" text={part.sql} label="Copy" />
      </div>
      {result ? <ResultTable result={result} /> : null}
    </figure>
  )
}

function ResultTable({ result }: { result: AssistantResult }) {
  if (result.error) {
    return (
      <p
        role="alert"
        className={css({ p: '2', fontFamily: 'mono', fontSize: 'xs', color: 'danger.default', borderTopWidth: '1px', borderColor: 'border.default' })}
      >
        ERROR: {result.error}
      </p>
    )
  }
  if (result.columns.length === 0) {
    return (
      <p className={css({ p: '2', fontSize: 'xs', color: 'fg.muted', borderTopWidth: '1px', borderColor: 'border.default' })}>Success. No rows returned.</p>
    )
  }
  return (
    <div className={css({ borderTopWidth: '1px', borderColor: 'border.default' })}>
      <div className={css({ maxH: '64', overflow: 'auto' })}>
        <table aria-label="Result" className={css({ fontSize: 'xs', borderCollapse: 'collapse', w: 'full' })}>
          <TableHead columns={result.columns} cellClass={resultCellClass} />
          <tbody>
            {result.rows.map((row, r) => (
              <tr key={r}>
                {result.columns.map((column) => (
                  <td key={column} className={resultCellClass}>
                    {formatCellText(ownValue(row, column), 80)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={css({ px: '2', py: '1', fontSize: 'xs', color: 'fg.subtle' })}>
        {result.rowCount.toLocaleString()} {result.rowCount === 1 ? 'row' : 'rows'}
        {result.rowCount > result.rows.length ? ` (first ${result.rows.length} kept)` : ''}
      </p>
    </div>
  )
}

const resultCellClass = css({
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  px: '2',
  py: '1',
  textAlign: 'left',
  whiteSpace: 'nowrap',
  '&:is(th)': { bg: 'bg.muted', fontWeight: 'medium', position: 'sticky', top: '0' },
})
