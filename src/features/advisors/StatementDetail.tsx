import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { explainStatement, type StatementPlan } from '../../api/queries/query-performance'
import { formatCacheHitRate, formatStatementTime, type StatementStatistics } from '../../lib/query-statistics'
import type { IndexHint } from '../../lib/query-plan'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { codeBlock } from '../../ui/code-block'
import { CopyButton } from '../../ui/copy-button'
import { GuardedButton } from '../../ui/guarded-button'
import { SqlPreviewDialog } from '../../ui/sql-preview-dialog'

const preClass = codeBlock({ height: 'tall' })
const termClass = css({ color: 'fg.muted', fontSize: 'xs' })

/**
 * One statement: its normalized text, its numbers, and its plan on demand with the indexes its
 * filters lack. A hint comes from the plan alone: this database has no hypopg to try the index.
 */
export function StatementDetail({
  projectRef,
  connectionString,
  statement,
  versionNum,
  blockedReason,
  run,
  onIndexCreated,
  onOpenInEditor,
}: {
  projectRef: string
  connectionString: string | null | undefined
  statement: StatementStatistics
  versionNum: number
  blockedReason: string | null
  run: (sql: string) => Promise<unknown>
  onIndexCreated: () => void
  onOpenInEditor: (name: string, sql: string) => void
}) {
  const explain = useMutation({ mutationFn: () => explainStatement(projectRef, connectionString, statement.query, versionNum) })
  const [creating, setCreating] = useState<IndexHint | null>(null)
  const numbers: [string, string][] = [
    ['Calls', statement.calls.toLocaleString()],
    ['Total time', formatStatementTime(statement.total_time)],
    ['Mean time', formatStatementTime(statement.mean_time)],
    ['Fastest', formatStatementTime(statement.min_time)],
    ['Slowest', formatStatementTime(statement.max_time)],
    ['Rows', `${statement.rows.toLocaleString()} (${statement.calls > 0 ? (statement.rows / statement.calls).toLocaleString(undefined, { maximumFractionDigits: 1 }) : '0'} per call)`],
    ['Cache hit rate', formatCacheHitRate(statement.cache_hit_rate)],
  ]
  const plan = explain.data

  return (
    <section aria-labelledby="statement-heading" className={css({ display: 'flex', flexDir: 'column', gap: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.surface', p: '4' })}>
      <header className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <h2 id="statement-heading" className={css({ fontWeight: 'semibold', flex: '1' })}>
          Statement
        </h2>
        {statement.role ? <Badge>{statement.role}</Badge> : null}
        <CopyButton size="sm" text={statement.query} subject="statement" />
        <Button size="sm" onClick={() => onOpenInEditor('Statement from query performance', statement.query)}>
          Open in SQL editor
        </Button>
      </header>
      <pre aria-label="Normalized statement" className={preClass}>
        {statement.query}
      </pre>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: '3' })}>
        {numbers.map(([term, value]) => (
          <div key={term}>
            <dt className={termClass}>{term}</dt>
            <dd className={css({ fontVariantNumeric: 'tabular-nums' })}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <Button onClick={() => explain.mutate()} loading={explain.isPending}>
          {plan ? 'Explain again' : 'Explain'}
        </Button>
        <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>Plans the statement without running it.</span>
      </div>
      {explain.isError ? <Callout tone="warning" title="The database could not plan it">{explain.error.message}</Callout> : null}
      {plan?.kind === 'unavailable' ? <Callout title="No plan for this statement">{plan.reason}</Callout> : null}
      {plan?.kind === 'plan' ? <PlanView plan={plan} blockedReason={blockedReason} onCreateIndex={setCreating} /> : null}
      {creating ? (
        <SqlPreviewDialog
          title={`Create an index on ${creating.schema}.${creating.table} (${creating.column})`}
          description="Writes to the table also maintain the index; the statement can then read only the rows it filters for."
          runLabel="Create index"
          build={() => creating.sql}
          run={run}
          onDone={() => {
            setCreating(null)
            onIndexCreated()
            explain.mutate()
          }}
          onClose={() => setCreating(null)}
        >
          {null}
        </SqlPreviewDialog>
      ) : null}
    </section>
  )
}

/** A statement's plan as Postgres draws it, and the index hints read from it. */
export function PlanView({ plan, blockedReason, onCreateIndex }: { plan: Extract<StatementPlan, { kind: 'plan' }>; blockedReason: string | null; onCreateIndex: (hint: IndexHint) => void }) {
  return (
    <>
      {plan.generic ? <p className={termClass}>A generic plan: the placeholders ($1, $2…) stand for any value, so the estimates are the planner’s defaults.</p> : null}
      {plan.assumed.length > 0 ? (
        <p role="note" aria-label="Assumed types" className={termClass}>
          Postgres cannot tell {plan.assumed.length === 1 ? 'this placeholder’s type' : 'these placeholders’ types'} from the statement, so it was planned with{' '}
          {plan.assumed.map(({ parameter, type }) => `$${parameter} as ${type}`).join(', ')}. Open it in the SQL editor with values for the plan of a real run.
        </p>
      ) : null}
      <pre aria-label="Query plan" className={preClass}>
        {plan.text}
      </pre>
      <section aria-label="Index hints" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <h3 className={css({ fontWeight: 'medium', fontSize: 'sm' })}>Index hints</h3>
        <p className={termClass}>
          From the plan: a sequential scan that filters on a column no index starts with. This database has no hypopg, so a hint is not measured against a
          hypothetical index; check the plan again once the index exists.
        </p>
        {plan.hints.length === 0 ? (
          <p className={css({ fontSize: 'sm' })}>None: no sequential scan here filters on a column without an index.</p>
        ) : (
          plan.hints.map((hint) => (
            <div key={`${hint.schema}.${hint.table}.${hint.column}`} className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <span className={css({ fontSize: 'sm', flex: '1', minW: '60' })}>
                <code className={css({ fontFamily: 'mono' })}>
                  {hint.schema}.{hint.table}
                </code>{' '}
                is scanned whole to filter on <code className={css({ fontFamily: 'mono' })}>{hint.column}</code>.
              </span>
              <GuardedButton size="sm" variant="primary" blockedReason={blockedReason} disabled={!!blockedReason} onClick={() => onCreateIndex(hint)}>
                Create index on {hint.column}
              </GuardedButton>
            </div>
          ))
        )}
      </section>
    </>
  )
}
