import { parsePlan, type PlanNode } from './query-plan'

/**
 * EXPLAIN ANALYZE's plan read for the visual form: each node with the time spent in it alone (its
 * loops' total less its children's), and the slowest node marked. Times per node are Postgres's
 * per-loop averages; over loops and for parallel workers they are estimates, as Postgres says too.
 */
export interface AnalyzedPlan {
  root: PlanNode
  planningMs: number | null
  executionMs: number | null
}

export interface PlanStep {
  node: PlanNode
  depth: number
  /** Time in this node and under it, all loops (ms); null when the plan was not run. */
  totalMs: number | null
  /** Time in this node alone, all loops (ms). */
  selfMs: number | null
  slowest: boolean
}

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)

export function parseAnalyzedPlan(answer: unknown): AnalyzedPlan | null {
  const root = parsePlan(answer)
  if (!root) return null
  const top = new Map(Object.entries((Array.isArray(answer) ? answer[0] : answer) as object))
  return { root, planningMs: finite(top.get('Planning Time')), executionMs: finite(top.get('Execution Time')) }
}

const allLoopsMs = (node: PlanNode) => (node.actual ? node.actual.totalMs * node.actual.loops : null)

/** The plan's nodes in reading order (a node before its children), with their times. */
export function planSteps(root: PlanNode): PlanStep[] {
  const steps: PlanStep[] = []
  const walk = (node: PlanNode, depth: number) => {
    const totalMs = allLoopsMs(node)
    const underMs = node.children.reduce((sum, child) => sum + (allLoopsMs(child) ?? 0), 0)
    steps.push({ node, depth, totalMs, selfMs: totalMs === null ? null : Math.max(0, totalMs - underMs), slowest: false })
    for (const child of node.children) walk(child, depth + 1)
  }
  walk(root, 0)
  let slowest: PlanStep | null = null
  for (const step of steps) if (step.selfMs !== null && step.selfMs > 0 && (!slowest || step.selfMs > slowest.selfMs!)) slowest = step
  if (slowest) slowest.slowest = true
  return steps
}
