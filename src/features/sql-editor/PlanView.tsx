import { useState } from 'react'
import { css } from 'styled-system/css'
import type { MeasuredStatement } from '../../api/queries/explain'
import { planSteps, type PlanStep } from '../../lib/plan-timing'
import { nodeTarget, planText } from '../../lib/query-plan'
import { Badge } from '../../ui/badge'
import { compactChoiceClass } from '../../ui/compact-choice'
import { CopyButton } from '../../ui/copy-button'
import { dataTable } from '../../ui/data-table'
import { TableHead } from '../../ui/table-head'

const count = new Intl.NumberFormat()
/** Plan times as Postgres gives them: to the microsecond below 10 ms (most nodes take less than one). */
const msText = (ms: number) => `${ms < 10 ? ms.toFixed(3) : ms < 1000 ? ms.toFixed(1) : Math.round(ms).toLocaleString()} ms`

/**
 * EXPLAIN ANALYZE of one statement: the plan as a tree of nodes with the time each took alone (a
 * bar against the slowest, which is marked), its rows against the planner's estimate, loops and
 * cost; or as Postgres's text form, to copy.
 */
export function PlanView({ measured }: { measured: MeasuredStatement }) {
  const [form, setForm] = useState<'visual' | 'text'>('visual')
  const steps = planSteps(measured.root)
  const longest = Math.max(0, ...steps.map((step) => step.selfMs ?? 0))
  const text = [
    planText(measured.root),
    ...(measured.planningMs !== null ? [`Planning Time: ${measured.planningMs.toFixed(3)} ms`] : []),
    ...(measured.executionMs !== null ? [`Execution Time: ${measured.executionMs.toFixed(3)} ms`] : []),
  ].join('\n')

  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', px: '4', py: '1.5', fontSize: 'xs', color: 'fg.muted', flexWrap: 'wrap' })}>
        <div role="radiogroup" aria-label="Plan form" className={css({ display: 'flex', gap: '1' })}>
          {(['visual', 'text'] as const).map((option) => (
            <button key={option} type="button" role="radio" aria-checked={form === option} className={compactChoiceClass} onClick={() => setForm(option)}>
              {option === 'visual' ? 'Visual' : 'Text'}
            </button>
          ))}
        </div>
        <span>
          {measured.planningMs !== null ? `Planning ${msText(measured.planningMs)}` : null}
          {measured.executionMs !== null ? ` · Execution ${msText(measured.executionMs)}` : null}
        </span>
        <span className={css({ flex: '1' })}>Measured inside a transaction that was rolled back: nothing it changed was kept.</span>
        <CopyButton text={text} subject="plan" size="sm" />
      </div>
      {form === 'text' ? (
        <pre aria-label="Plan as text" className={textClass}>
          {text}
        </pre>
      ) : (
        <div className={css({ flex: '1', minH: '0', overflow: 'auto', bg: 'bg.surface' })}>
          <table aria-label="Plan" className={dataTable({ density: 'compact' })}>
            <TableHead columns={['Node', 'Time in this node', { label: 'With its children', className: numberClass }, { label: 'Rows (estimated)', className: numberClass }, { label: 'Loops', className: numberClass }, { label: 'Cost', className: numberClass }]} />
            <tbody>
              {steps.map((step, index) => (
                <PlanRow key={index} step={step} longest={longest} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

function PlanRow({ step, longest }: { step: PlanStep; longest: number }) {
  const { node, depth, selfMs, totalMs, slowest } = step
  const neverRun = node.actual?.loops === 0
  return (
    <tr data-slowest={slowest || undefined} className={rowClass}>
      <td>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '0.5' })} style={{ paddingLeft: depth * 18 }}>
          <span className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            {depth > 0 ? (
              <span aria-hidden className={css({ color: 'fg.subtle' })}>
                ↳
              </span>
            ) : null}
            <strong className={css({ fontWeight: 'semibold' })}>{node.nodeType}</strong>
            <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{nodeTarget(node)}</span>
            {slowest ? <Badge tone="danger">Slowest</Badge> : null}
            {neverRun ? <Badge>Never executed</Badge> : null}
          </span>
          {node.details.map((detail) => (
            <span key={detail} className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted', wordBreak: 'break-word' })} style={{ paddingLeft: depth > 0 ? 22 : 0 }}>
              {detail}
            </span>
          ))}
        </div>
      </td>
      <td className={css({ minW: '40' })}>
        {selfMs === null ? (
          '—'
        ) : (
          <span className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            <span className={barTrackClass} aria-hidden>
              <span className={barClass} data-slowest={slowest || undefined} style={{ width: `${longest > 0 ? (selfMs / longest) * 100 : 0}%` }} />
            </span>
            <span className={numberClass}>{msText(selfMs)}</span>
          </span>
        )}
      </td>
      <td className={numberClass}>{totalMs === null ? '—' : msText(totalMs)}</td>
      <td className={numberClass}>
        {node.actual ? count.format(node.actual.rows) : '—'}
        {node.planRows !== null ? <span className={css({ color: 'fg.muted' })}> ({count.format(node.planRows)})</span> : null}
      </td>
      <td className={numberClass}>{node.actual ? count.format(node.actual.loops) : '—'}</td>
      <td className={numberClass}>{node.totalCost !== null ? node.totalCost.toFixed(2) : '—'}</td>
    </tr>
  )
}

const textClass = css({ flex: '1', minH: '0', overflow: 'auto', m: '0', p: '4', fontFamily: 'mono', fontSize: 'xs', bg: 'bg.surface', whiteSpace: 'pre' })
const numberClass = css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })
const rowClass = css({ '&[data-slowest]': { bg: 'danger.subtle' } })
const barTrackClass = css({ flex: '1', minW: '16', h: '2', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden' })
const barClass = css({ display: 'block', h: 'full', borderRadius: 'full', bg: 'accent.default', '&[data-slowest]': { bg: 'danger.default' } })
