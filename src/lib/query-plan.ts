/**
 * A statement's plan as `EXPLAIN (VERBOSE, FORMAT JSON)` gives it: shown as Postgres's text form,
 * and read for index hints (SPEC §2 query performance). Decisions:
 * - A hint is a sequential scan whose Filter compares a bare column of that table (`c.email = $1`,
 *   not `lower(c.email) = …`, which an index on the column would not serve) that no valid index
 *   of the table starts with. It suggests `create index … (column)`; nothing more is inferred.
 * - The plan arrives over the network: it is read member by member, and whatever is not shaped
 *   like a plan is left out, never trusted.
 */
import { sqlIdent } from './sql/quote'

export interface PlanNode {
  nodeType: string
  relation: string | null
  schema: string | null
  alias: string | null
  index: string | null
  cost: string
  details: string[]
  filter: string | null
  /** The planner's estimate of the node's total cost and rows (null when the answer had none). */
  totalCost: number | null
  planRows: number | null
  /** EXPLAIN ANALYZE's measure of the node (per loop, as Postgres reports it), or null when the plan was not run. */
  actual: ActualRun | null
  children: PlanNode[]
}

export interface ActualRun {
  startupMs: number
  totalMs: number
  rows: number
  /** 0: the node was never executed. */
  loops: number
}

const text = (value: unknown) => (typeof value === 'string' ? value : null)
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)
/** How the text form names an Aggregate by its JSON Strategy. */
const AGGREGATE_STRATEGY = new Map([
  ['Hashed', 'HashAggregate'],
  ['Sorted', 'GroupAggregate'],
  ['Mixed', 'MixedAggregate'],
])
const DETAIL_KEYS = ['Index Cond', 'Recheck Cond', 'Hash Cond', 'Merge Cond', 'Join Filter', 'Filter'] as const
const LIST_KEYS = ['Sort Key', 'Group Key'] as const

function readNode(value: unknown, depth = 0): PlanNode | null {
  if (typeof value !== 'object' || value === null || depth > 200) return null
  const node = new Map(Object.entries(value))
  const type = text(node.get('Node Type'))
  if (!type) return null
  // JSON names a data change's node ModifyTable with its Operation, and an Aggregate with its Strategy; the text form by those (Delete on …, HashAggregate).
  const nodeType = type === 'ModifyTable' ? (text(node.get('Operation')) ?? type) : type === 'Aggregate' ? (AGGREGATE_STRATEGY.get(text(node.get('Strategy')) ?? '') ?? type) : type
  const [startup, total, rows, width] = (['Startup Cost', 'Total Cost', 'Plan Rows', 'Plan Width'] as const).map((key) => number(node.get(key))) as (number | null)[]
  const details = [
    ...DETAIL_KEYS.flatMap((key) => (text(node.get(key)) ? [`${key}: ${text(node.get(key))}`] : [])),
    ...LIST_KEYS.flatMap((key) => {
      const list = node.get(key)
      return Array.isArray(list) ? [`${key}: ${list.filter((item) => typeof item === 'string').join(', ')}`] : []
    }),
  ]
  const children = node.get('Plans')
  const loops = number(node.get('Actual Loops'))
  const actual: ActualRun | null =
    loops === null ? null : { startupMs: number(node.get('Actual Startup Time')) ?? 0, totalMs: number(node.get('Actual Total Time')) ?? 0, rows: number(node.get('Actual Rows')) ?? 0, loops }
  return {
    nodeType,
    relation: text(node.get('Relation Name')),
    schema: text(node.get('Schema')),
    alias: text(node.get('Alias')),
    index: text(node.get('Index Name')),
    cost: typeof startup === 'number' && typeof total === 'number' ? `(cost=${startup.toFixed(2)}..${total.toFixed(2)} rows=${rows ?? '?'} width=${width ?? '?'})` : '',
    details,
    filter: text(node.get('Filter')),
    totalCost: total ?? null,
    planRows: rows ?? null,
    actual,
    children: Array.isArray(children) ? children.flatMap((child) => readNode(child, depth + 1) ?? []) : [],
  }
}

/** The root of EXPLAIN (FORMAT JSON)'s answer: `[{ "Plan": … }]`, as pg-meta returns it in the QUERY PLAN column. */
export function parsePlan(answer: unknown): PlanNode | null {
  const top = Array.isArray(answer) ? answer[0] : answer
  return typeof top === 'object' && top !== null && 'Plan' in top ? readNode((top as { Plan: unknown }).Plan) : null
}

/** What a node works on, as the text format names it after the node: ` using idx on public.orders o`, or ''. */
export function nodeTarget(node: PlanNode): string {
  const on = node.relation ? ` on ${node.schema ? `${node.schema}.` : ''}${node.relation}${node.alias && node.alias !== node.relation ? ` ${node.alias}` : ''}` : ''
  return `${node.index ? ` using ${node.index}` : ''}${on}`
}

/** The plan as Postgres's text format draws it. */
export function planText(root: PlanNode): string {
  const lines: string[] = []
  const walk = (node: PlanNode, indent: string, arrow: boolean) => {
    const measured = !node.actual ? '' : node.actual.loops === 0 ? ' (never executed)' : ` ${actualText(node.actual)}`
    lines.push(`${indent}${arrow ? '->  ' : ''}${node.nodeType}${nodeTarget(node)}  ${node.cost}${measured}`.trimEnd())
    // Details and children sit under the node's name: past its arrow when it has one.
    const inner = arrow ? `${indent}      ` : `${indent}  `
    for (const detail of node.details) lines.push(`${inner}${detail}`)
    for (const child of node.children) walk(child, inner, true)
  }
  walk(root, '', false)
  return lines.join('\n')
}

/** `(actual time=0.012..0.345 rows=30 loops=1)`, as Postgres's text format writes a measured node. */
export const actualText = (run: ActualRun) => `(actual time=${run.startupMs.toFixed(3)}..${run.totalMs.toFixed(3)} rows=${run.rows} loops=${run.loops})`

export interface FilteredScan {
  schema: string
  table: string
  /** Bare columns of the table the scan's Filter compares. */
  columns: string[]
}

const NAME = `(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name)
const COMPARED = new RegExp(`(^|[^A-Za-z0-9_$"])(${NAME})\\.(${NAME})\\)?(?:::[a-z ]+?)?\\s*(?:=|<>|!=|<=|>=|<|>|~~\\*?|!~~\\*?|IS\\b|IN\\b)`, 'g')

/** The sequential scans with a Filter on bare columns, deepest first. */
export function filteredSeqScans(root: PlanNode): FilteredScan[] {
  const scans: FilteredScan[] = []
  const walk = (node: PlanNode) => {
    node.children.forEach(walk)
    if (node.nodeType !== 'Seq Scan' || !node.relation || !node.schema || !node.filter) return
    const alias = node.alias ?? node.relation
    const columns = new Set<string>()
    for (const match of node.filter.matchAll(COMPARED)) {
      const before = node.filter.slice(0, match.index + match[1]!.length)
      // `lower(c.email) = …`: the column is an argument of a call, which an index on it would not serve.
      if (/[A-Za-z0-9_]\($/.test(before)) continue
      if (unquote(match[2]!) === alias) columns.add(unquote(match[3]!))
    }
    if (columns.size > 0) scans.push({ schema: node.schema, table: node.relation, columns: [...columns] })
  }
  walk(root)
  return scans
}

export interface IndexHint {
  schema: string
  table: string
  column: string
  sql: string
}

/** Hints for the filtered columns no index starts with (`indexed`: each index's first column). */
export function indexHints(scans: readonly FilteredScan[], indexed: readonly { schema: string; table: string; column: string }[]): IndexHint[] {
  const leading = new Set(indexed.map(({ schema, table, column }) => JSON.stringify([schema, table, column])))
  const hints = new Map<string, IndexHint>()
  for (const { schema, table, columns } of scans) {
    for (const column of columns) {
      const key = JSON.stringify([schema, table, column])
      if (leading.has(key) || hints.has(key)) continue
      hints.set(key, { schema, table, column, sql: `create index on ${sqlIdent(schema)}.${sqlIdent(table)} using btree (${sqlIdent(column)});` })
    }
  }
  return [...hints.values()]
}
