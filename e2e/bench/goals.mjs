// Every goal the bench measures against, read from one run's figures: the figure, its goal, their
// ratio (figure ÷ goal, or figure ÷ the baseline the same run measured where the goal is a multiple
// of one) and whether it was met. run.mjs adds them to its JSON and prints them as a table, missed
// goals marked, so a run says at a glance where the product stands against each limit.
import { median } from './stats.mjs'

/**
 * Each goal: where its figure is in the run's JSON (`value`, null when the run did not measure it),
 * the goal, and for a goal that is a multiple of something the same run measured, that `baseline`.
 * Lower is better for all of them.
 */
const GOALS = [
  { name: 'navigation → organizations painted', unit: 'ms', goal: 400, value: (f) => f.navigationToOrganizationsPainted?.medianMs },
  { name: 'navigation → SQL editor editable', unit: 'ms', goal: 800, value: (f) => f.sqlEditor?.navigationToEditableEditor?.medianMs },
  { name: 'Monaco as the editor loads it', unit: 'KB gzip', goal: 663.9, value: (f) => kilobytes(f.sqlEditor?.monaco?.loadedGzipBytes) },
  {
    name: "Monaco: bytes the editor's first open downloads after a signed-in page was idle",
    unit: 'B',
    goal: 0,
    value: (f) => f.sqlEditor?.navigationToEditableEditor?.monacoPrefetch?.firstOpen?.downloadedBytes,
  },
  { name: 'SQL editor: 100,000 rows arrived → painted', unit: 'ms', goal: 500, value: (f) => f.sqlEditor?.hundredThousandRowsArrivedToPainted?.medianMs },
  { name: 'SQL editor: 300,000 rows exported as CSV', unit: 'ms', goal: 10_000, value: (f) => f.sqlEditor?.csvExport300kRows?.medianMs },
  { name: 'new profile: first query, Ctrl+Enter → rows', unit: 'ms', goal: 1500, value: (f) => f.queryPath?.coldFirstQueryNewProfile?.ctrlEnterToRowsMedianMs },
  {
    name: 'new profile: database start ÷ a bare PGlite start',
    unit: '×',
    goal: 1.5,
    value: (f) => median(present(f.queryPath?.coldFirstQueryNewProfile?.runs?.map((run) => run.databaseStartMs))),
    baseline: (f) => f.queryPath?.barePGliteStartMs?.medianMs,
  },
  { name: 'warm select 1: Ctrl+Enter → painted', unit: 'ms', goal: 50, value: (f) => f.queryPath?.warmSelectOne?.ctrlEnterToPaintedMedianMs },
  {
    name: "warm 100,000 rows: Ctrl+Enter → painted ÷ Postgres's execution",
    unit: '×',
    goal: 2,
    value: (f) => f.queryPath?.warmHundredThousandRows?.ctrlEnterToPaintedMedianMs,
    baseline: (f) => f.queryPath?.warmHundredThousandRows?.breakdownMedianMs?.postgresExecution,
  },
  { name: 'million rows: navigation → first rows painted', unit: 'ms', goal: 300, value: (f) => f.tableEditor?.millionRows?.navigationToFirstRowsPainted?.medianMs },
  { name: 'million rows: scroll, frame p95', unit: 'ms', goal: 16.7, value: (f) => f.tableEditor?.millionRows?.scrollTopToBottom?.frameMsP95 },
  { name: 'million rows: a jump → real rows painted, p95', unit: 'ms', goal: 150, value: (f) => f.tableEditor?.millionRows?.jumpToRealRowsPainted?.dragMsP95 },
  { name: 'million-row fixture made', unit: 'ms', goal: 5000, value: (f) => f.tableEditor?.fixtureGeneratedInMs },
  { name: '10M rows: Ctrl+End → last row painted', unit: 'ms', goal: 500, value: (f) => f.tableEditor?.tenMillionRows?.ctrlEndToLastRowMs },
  { name: "100,000 rows: the grid's work ÷ react-data-grid's, p50", unit: '×', goal: 0.8, value: (f) => f.tableEditor?.hundredThousandRowsVsReactDataGrid?.workRatioP50 },
  { name: 'logs: opened from the project → first events', unit: 'ms', goal: 500, value: (f) => f.logs?.openLogsPageFromTheProjectToFirstEventsPainted?.medianMs },
  { name: 'logs: opened cold → first events', unit: 'ms', goal: 500, value: (f) => f.logs?.openLogsPageColdToFirstEventsPainted?.medianMs },
  { name: 'logs: histogram of 100,000 events', unit: 'ms', goal: 200, value: (f) => f.logs?.histogram24hOf100kEvents?.medianMs },
  { name: 'logs: filter 100,000 events → repainted, p95', unit: 'ms', goal: 100, value: (f) => f.logs?.filter100kEventsToRepaintedList?.p95Ms },
  { name: 'storage: a 10,000-object folder opened → first rows', unit: 'ms', goal: 300, value: (f) => f.storage?.folderOpenToFirstRowsPainted?.medianMs },
  { name: 'storage: scroll, frame p95', unit: 'ms', goal: 16.7, value: (f) => f.storage?.scrollTopToBottomRowsInHand?.frameMsP95 },
  { name: 'schema diagram of 500 tables: layout', unit: 'ms', goal: 1500, value: (f) => f.schemaDiagram?.layoutMs?.median },
  { name: '100,000 auth users: search → rows painted', unit: 'ms', goal: 150, value: (f) => f.authUsers?.searchSentToRowsPaintedMs?.median },
  { name: "a policy's effect: the query's round trip", unit: 'ms', goal: 300, value: (f) => f.authUsers?.policyEffect?.queryRoundTripMs?.median },
  { name: 'served, 50 people: SQL p95', unit: 'ms', goal: 100, value: (f) => f.serveLoad?.sqlMs?.p95 },
  { name: 'served, 50 people: save p95', unit: 'ms', goal: 150, value: (f) => f.serveLoad?.saveMs?.p95 },
  { name: 'served, 50 people: errors', unit: '', goal: 0, value: (f) => f.serveLoad?.errors },
  { name: 'served, 50 people: snippets lost', unit: '', goal: 0, value: (f) => f.serveLoad?.snippetsLost },
]

function kilobytes(bytes) {
  return typeof bytes === 'number' ? Math.round(bytes / 102.4) / 10 : undefined
}

function present(values) {
  return (values ?? []).filter((value) => typeof value === 'number')
}

const isNumber = (value) => typeof value === 'number' && Number.isFinite(value)
const round2 = (value) => Math.round(value * 100) / 100

/**
 * One row per goal: `measured` false where the run did not measure the figure (an area left out
 * with BENCH_ONLY, a failed step, a baseline not taken), else the figure, its ratio and `met`.
 */
export function goalRows(figures) {
  return GOALS.map(({ name, unit, goal, value, baseline }) => {
    const figure = value(figures)
    const base = baseline?.(figures)
    if (!isNumber(figure) || (baseline && !(isNumber(base) && base > 0))) return { name, goal, unit, measured: false }
    // A multiple of a baseline: the figure is that multiple. A goal of zero (errors, losses) is met only by zero.
    const shown = baseline ? round2(figure / base) : figure
    const ratio = baseline ? shown : goal === 0 ? null : round2(figure / goal)
    return { name, goal, unit, measured: true, value: shown, ...(baseline ? { absolute: figure, baseline: base } : {}), ratio, met: shown <= goal }
  })
}

const withUnit = (value, unit) => (unit === '' ? String(value) : unit === '×' ? `${value}×` : `${value} ${unit}`)

/** The rows as a plain table, a missed goal marked, for the terminal. */
export function goalTable(rows) {
  const lines = rows.map((row) => {
    const goal = `goal ${withUnit(row.goal, row.unit)}`
    if (!row.measured) return `  ${'·'.padEnd(7)} ${row.name}: not measured in this run (${goal})`
    const mark = row.met ? 'met' : 'MISSED'
    // A multiple of a baseline shows the two figures it divides; any other figure its ratio to the goal.
    const detail = row.baseline !== undefined ? ` (${Math.round(row.absolute)} ms ÷ ${Math.round(row.baseline)} ms)` : row.ratio === null ? '' : `, ${row.ratio}× the goal`
    return `  ${mark.padEnd(7)} ${row.name}: ${withUnit(row.value, row.unit)}${detail}; ${goal}`
  })
  const measured = rows.filter((row) => row.measured)
  const missed = measured.filter((row) => !row.met).length
  return [`Goals: ${measured.length - missed} of ${measured.length} measured met, ${missed} missed`, ...lines].join('\n')
}
