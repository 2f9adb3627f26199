import { useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import type { AnyStateMachine } from 'xstate'
import { chartOf, isActivePath, type ChartNode, type ChartTransition } from '../../lib/machine-chart'

const boxClass = css({
  display: 'flex',
  flexDir: 'column',
  gap: '1.5',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'bg.surface',
  px: '2.5',
  py: '2',
  minW: '44',
})
const activeClass = css({ borderColor: 'accent.default', borderWidth: '2px', bg: 'accent.subtle', boxShadow: '0 0 0 1px token(colors.accent.default)' })
const parallelRegionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'flex-start' })
const childrenClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'flex-start' })
const badgeClass = css({ fontSize: '2xs', color: 'fg.muted', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'sm', px: '1' })

function TransitionRow({ transition }: { transition: ChartTransition }) {
  return (
    <li className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', alignItems: 'baseline', fontSize: 'xs', lineHeight: '1.4' })}>
      <code title={transition.eventType} className={css({ fontWeight: 'semibold', color: 'info.default' })}>
        {transition.label}
      </code>
      {transition.guard ? <span className={css({ color: 'warning.default' })}>[{transition.guard}]</span> : null}
      <span aria-hidden className={css({ color: 'fg.subtle' })}>
        →
      </span>
      <span className={css({ color: 'fg.default' })}>{transition.targets.length ? transition.targets.join(', ') : '(stays)'}</span>
      {transition.actions.length ? <span className={css({ color: 'fg.subtle' })}>/ {transition.actions.join(', ')}</span> : null}
    </li>
  )
}

function StateBox({ node, value, isInitial }: { node: ChartNode; value: unknown; isInitial: boolean }) {
  // The root is always active: only its states are highlighted.
  const active = node.path.length > 0 && isActivePath(value, node.path)
  const name = node.path.length ? node.path.join('.') : node.key
  return (
    <div
      role="group"
      aria-label={`State ${name}${active ? ' (current)' : ''}`}
      data-state={name}
      data-active={active || undefined}
      className={cx(boxClass, active && activeClass, node.type === 'parallel' && css({ borderStyle: 'dashed' }))}
    >
      <div className={css({ display: 'flex', gap: '1.5', alignItems: 'center', flexWrap: 'wrap' })}>
        {isInitial ? (
          <span title="initial state" className={css({ color: 'fg.muted' })}>
            ●
          </span>
        ) : null}
        <strong className={css({ fontSize: 'sm' })}>{node.key}</strong>
        {node.type === 'parallel' ? <span className={badgeClass}>parallel</span> : null}
        {node.type === 'final' ? <span className={badgeClass}>final</span> : null}
        {node.type === 'history' ? <span className={badgeClass}>history</span> : null}
        {active ? <span className={cx(badgeClass, css({ color: 'accent.default', borderColor: 'accent.default' }))}>current</span> : null}
      </div>
      {node.invokes.length || node.entry.length ? (
        <div className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {node.invokes.length ? <div>invokes {node.invokes.join(', ')}</div> : null}
          {node.entry.length ? <div>entry / {node.entry.join(', ')}</div> : null}
        </div>
      ) : null}
      {node.transitions.length ? (
        <ul className={css({ display: 'flex', flexDir: 'column', gap: '0.5' })}>
          {node.transitions.map((transition, i) => (
            <TransitionRow key={i} transition={transition} />
          ))}
        </ul>
      ) : null}
      {node.children.length ? (
        <div className={node.type === 'parallel' ? parallelRegionsClass : childrenClass}>
          {node.children.map((child) => (
            <StateBox key={child.key} node={child} value={value} isInitial={node.initial === child.key} />
          ))}
        </div>
      ) : null}
    </div>
  )
}

/** The machine's chart as nested boxes: each state with its transitions (event [guard] → target), the current ones highlighted. */
export function MachineChart({ machine, value }: { machine: AnyStateMachine; value: unknown }) {
  const chart = useMemo(() => chartOf(machine), [machine])
  return (
    <div aria-label={`Chart of ${machine.id}`} className={css({ overflow: 'auto' })}>
      <StateBox node={chart} value={value} isInitial={false} />
    </div>
  )
}
