import type { AnyStateMachine, EventObject } from 'xstate'
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph'

/** An event of the machine, or an actor-done / delay event, with any payload. */
export type TestEvent = EventObject & Record<string, unknown>

/**
 * What a machine's model-based coverage walks: its events (actor results and delays included) and how
 * it starts. Written once beside the machine; its test and the registry's coverage suite both use it.
 */
export interface CoverageModel<M extends AnyStateMachine = AnyStateMachine> {
  events: readonly TestEvent[] | ((snapshot: ReturnType<M['transition']>) => readonly TestEvent[])
  input?: unknown
  /** For machines with counters in their context: which snapshots count as the same graph node. */
  serializeState?(snapshot: ReturnType<M['transition']>): string
}

export interface ModelCoverage {
  machine: string
  states: { reached: number; total: number; missing: string[] }
  transitions: { reached: number; total: number; missing: string[] }
  paths: number
}

/**
 * Walks every shortest path `xstate/graph` generates from the given events and reports which
 * state nodes and which (state node, event) transitions of the definition were reached.
 * Actor results and delays are events too (`xstate.done.actor.<id>`, `xstate.after.<delay>.<node id>`),
 * so the walk covers them without running anything.
 */
export function modelCoverage<M extends AnyStateMachine>(machine: M, model: CoverageModel<M>): ModelCoverage {
  const { events } = model
  const options = model
  const traversal = {
    events: events as never,
    input: options.input as never,
    ...(options.serializeState ? { serializeState: options.serializeState as never } : {}),
  }
  const paths = getShortestPaths(machine, traversal)
  const reachedNodes = new Set<string>()
  const reachedTransitions = new Set<string>()

  for (const path of paths) {
    for (const step of path.steps) {
      const snapshot = step.state as unknown as { _nodes: { id: string }[] }
      for (const node of snapshot._nodes) reachedNodes.add(node.id)
    }
  }
  // Every edge of the reachable graph: the transitions each event actually enables from each state.
  const edges = adjacencyMapToArray(getAdjacencyMap(machine, traversal))
  for (const { state, event } of edges) {
    for (const transition of machine.getTransitionData(state as never, event as never)) {
      reachedTransitions.add(`${transition.source.id} -> ${transition.eventType}`)
      for (const target of transition.target ?? []) reachedNodes.add(target.id)
    }
  }

  const nodes = getStateNodes(machine.root).filter((node) => node !== machine.root)
  const allNodes = [machine.root, ...nodes]
  const declared: string[] = []
  for (const node of allNodes) {
    for (const eventType of node.transitions.keys()) declared.push(`${node.id} -> ${eventType}`)
    if (node.always?.length) declared.push(`${node.id} -> (always)`)
  }
  // Eventless transitions fire inside the step that entered their node, so their source is never a resting state.
  for (const node of allNodes) {
    if (!node.always?.length || !reachedNodes.has(node.id)) continue
    reachedTransitions.add(`${node.id} -> (always)`)
    for (const transition of node.always) for (const target of transition.target ?? []) reachedNodes.add(target.id)
  }

  const missingStates = nodes.map((n) => n.id).filter((id) => !reachedNodes.has(id))
  const missingTransitions = declared.filter((t) => !reachedTransitions.has(t))
  return {
    machine: machine.id,
    states: { reached: nodes.length - missingStates.length, total: nodes.length, missing: missingStates },
    transitions: { reached: declared.length - missingTransitions.length, total: declared.length, missing: missingTransitions },
    paths: paths.length,
  }
}

export function formatCoverage(c: ModelCoverage): string {
  return `${c.machine}: states ${c.states.reached}/${c.states.total}, transitions ${c.transitions.reached}/${c.transitions.total} (${c.paths} paths)`
}
