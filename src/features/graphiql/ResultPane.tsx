import { css } from 'styled-system/css'
import type { GraphqlAnswer } from '../../api/queries/graphql'
import { formatDuration } from '../../lib/duration'
import { CopyButton } from '../../ui/copy-button'
import { Spinner } from '../../ui/spinner'

export type RunOutcome = { kind: 'answer'; answer: GraphqlAnswer; ms: number } | { kind: 'refused'; message: string }

/** The last run's answer as JSON (data and errors as the endpoint sent them), or why nothing was sent. */
export function ResultPane({ outcome, running }: { outcome: RunOutcome | null; running: boolean }) {
  const text = outcome?.kind === 'answer' ? JSON.stringify(outcome.answer, null, 2) : null
  const errors = outcome?.kind === 'answer' ? (outcome.answer.errors?.length ?? 0) : 0
  return (
    <section aria-label="Result" className={css({ display: 'flex', flexDir: 'column', minH: '0', flex: '1' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '3', h: '9', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'xs', color: 'fg.muted' })}>
        <span className={css({ fontWeight: 'medium', color: 'fg.default' })}>Result</span>
        <span role="status" className={css({ display: 'flex', alignItems: 'center', gap: '1.5' })}>
          {running ? (
            <>
              <Spinner label="Running" /> Running…
            </>
          ) : outcome?.kind === 'answer' ? (
            <span className={css({ color: errors ? 'danger.default' : 'fg.muted' })}>
              {errors ? `${errors} error${errors === 1 ? '' : 's'}` : 'Success'} · {formatDuration(outcome.ms)}
            </span>
          ) : outcome?.kind === 'refused' ? (
            <span className={css({ color: 'danger.default' })}>Not sent</span>
          ) : null}
        </span>
        <span className={css({ flex: '1' })} />
        {text ? <CopyButton text={text} size="sm" variant="ghost" subject="result" /> : null}
      </div>
      <div className={css({ flex: '1', minH: '0', overflow: 'auto' })}>
        {outcome === null ? (
          <p className={css({ p: '4', color: 'fg.muted', fontSize: 'sm' })}>Run a query to see its answer here.</p>
        ) : outcome.kind === 'refused' ? (
          <p role="alert" className={css({ p: '4', color: 'danger.default', fontSize: 'sm', whiteSpace: 'pre-wrap' })}>
            {outcome.message}
          </p>
        ) : (
          <pre data-testid="graphiql-result" className={css({ p: '3', fontFamily: 'mono', fontSize: 'xs', lineHeight: '1.5', whiteSpace: 'pre-wrap', wordBreak: 'break-word' })}>
            {text}
          </pre>
        )}
      </div>
    </section>
  )
}
