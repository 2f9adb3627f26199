import type { AnyStateMachine, AnyStateNode } from 'xstate'

export interface ChartTransition {
  /** The event type as the machine sees it. */
  eventType: string
  /** A short label: `after checkInterval`, `done: loadCategories`, `always`, or the event type. */
  label: string
  guard: string | null
  /** Target states as paths from the machine root (`decision.accepted`); empty for a transition that stays. */
  targets: string[]
  actions: string[]
}

export interface ChartNode {
  key: string
  /** Keys from the root (the root's is empty). */
  path: string[]
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  /** The initial child's key, for compound states. */
  initial: string | null
  /** Named actors invoked while in this state. */
  invokes: string[]
  entry: string[]
  exit: string[]
  transitions: ChartTransition[]
  children: ChartNode[]
}

function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type)
  if (typeof action === 'function') {
    // Built-ins (assign, raise…) carry their kind as `type`; inline functions only a name, if any.
    const type = (action as { type?: unknown }).type
    if (typeof type === 'string') return type.replace(/^xstate\./, '')
    return action.name || null
  }
  return null
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  if (typeof guard === 'function') {
    const check = guard as { name?: string; guards?: unknown[]; check?: unknown }
    return check.name && check.name !== 'guard' ? check.name : 'guard'
  }
  return 'guard'
}

/** Readable labels for XState's own event types. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always'
  const after = /^xstate\.after\.(.+?)\.[^.]+(?:\.[^.]+)*$/.exec(eventType)
  if (after) return `after ${after[1]}`
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return `done: ${done[1]}`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return `error: ${error[1]}`
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(eventType)
  if (stateDone) return `done: ${stateDone[1]}`
  return eventType
}

function transitionOf(definition: { eventType: string; guard?: unknown; target?: readonly AnyStateNode[]; actions: readonly unknown[] }): ChartTransition {
  return {
    eventType: definition.eventType,
    label: eventLabel(definition.eventType),
    guard: guardName(definition.guard),
    targets: (definition.target ?? []).map((target) => target.path.join('.')),
    actions: definition.actions.map(actionName).filter((name): name is string => name !== null),
  }
}

function nodeOf(node: AnyStateNode, after: ReadonlyMap<string, string>): ChartNode {
  const transitions: ChartTransition[] = []
  for (const [eventType, definitions] of node.transitions) {
    for (const definition of definitions) {
      const transition = transitionOf(definition)
      // Delays are keyed by a generated event type: show the delay's name or its milliseconds.
      const delay = after.get(eventType)
      transitions.push(delay ? { ...transition, label: `after ${delay}` } : transition)
    }
  }
  for (const definition of node.always ?? []) transitions.push({ ...transitionOf(definition), label: 'always' })
  const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined
  return {
    key: node.key,
    path: [...node.path],
    type: node.type,
    initial: initialTarget ? initialTarget.key : null,
    invokes: node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)),
    entry: node.entry.map(actionName).filter((name): name is string => name !== null),
    exit: node.exit.map(actionName).filter((name): name is string => name !== null),
    transitions,
    children: Object.values(node.states).map((child) => nodeOf(child, after)),
  }
}

/** The chart of a machine's definition: nested states with their transitions, for the inspector to draw. */
export function chartOf(machine: AnyStateMachine): ChartNode {
  const after = new Map<string, string>()
  const walk = (node: AnyStateNode) => {
    for (const delayed of node.after) after.set(delayed.eventType, typeof delayed.delay === 'number' ? `${delayed.delay} ms` : String(delayed.delay))
    for (const child of Object.values(node.states)) walk(child)
  }
  walk(machine.root)
  return nodeOf(machine.root, after)
}

/** Whether the state at `path` is active in a snapshot's `value` (string or nested object). */
export function isActivePath(value: unknown, path: readonly string[]): boolean {
  let current: unknown = value
  for (const key of path) {
    if (typeof current === 'string') {
      if (current !== key) return false
      current = undefined
    } else if (current && typeof current === 'object' && key in current) {
      current = (current as Record<string, unknown>)[key]
    } else {
      return false
    }
  }
  return true
}

/** Counts of a chart: states (the root excluded) and transitions. */
export function chartSize(node: ChartNode): { states: number; transitions: number } {
  return node.children.reduce(
    (sum, child) => {
      const size = chartSize(child)
      return { states: sum.states + 1 + size.states, transitions: sum.transitions + size.transitions }
    },
    { states: 0, transitions: node.transitions.length },
  )
}

/** A state value in one line: `loading`, or the active leaf of each region (`decision.accepted · privacySettings.closed`). */
export function stateLabel(value: unknown): string {
  const leaves: string[] = []
  const walk = (current: unknown, prefix: string) => {
    if (typeof current === 'string') leaves.push(prefix ? `${prefix}.${current}` : current)
    else if (current && typeof current === 'object') {
      const entries = Object.entries(current)
      if (entries.length === 0 && prefix) leaves.push(prefix)
      for (const [key, child] of entries) walk(child, prefix ? `${prefix}.${key}` : key)
    }
  }
  walk(value, '')
  return leaves.join(' · ') || '—'
}
