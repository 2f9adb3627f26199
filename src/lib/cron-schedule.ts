/**
 * pg_cron schedules (SPEC §2 /integrations/cron): checking one, saying it in words, and when it runs.
 *
 * Decisions:
 * - The rules are pg_cron 1.6's, not croner's (which reads more): five fields of `*`, numbers,
 *   ranges, lists and steps, month and weekday names, `$` for the last day of the month, the
 *   `@daily`-style shorthands, or `N seconds` with N from 1 to 59. The pg_cron shim checks the same
 *   rules in SQL with the same messages, so the form and the database refuse alike.
 * - Times are UTC: pg_cron's `cron.timezone` is GMT unless changed.
 * - `N seconds` runs at the multiples of N seconds since the epoch, so the next run can be told
 *   from the schedule alone, the same on the screen as in the scheduler.
 */
import { Cron } from 'croner'
import cronstrue from 'cronstrue'
import { CRON_FIELDS, CRON_NICKNAMES, CRON_SECONDS, CRON_TIMEZONE } from '../constants/cron'

export type CronSchedule = { kind: 'seconds'; seconds: number } | { kind: 'cron'; pattern: string }

const SECONDS = /^(\d+)\s+seconds?$/
const ITEM = /^(\*|\d+(?:-\d+)?)(?:\/(\d+))?$/
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** Month and weekday names as their numbers (a name must stand alone between separators). */
function withNumbers(field: string, names: readonly string[], first: number): string {
  return field.replace(/[a-z]+/g, (word) => {
    const index = names.indexOf(word)
    return index < 0 ? word : String(index + first)
  })
}

function fieldProblem(value: string, index: number): string | null {
  const { name, min, max } = CRON_FIELDS[index]!
  // `$` (the last day of the month) stands alone in the day-of-month field.
  if (index === 2 && value === '$') return null
  const numeric = index === 3 ? withNumbers(value, MONTHS, 1) : index === 4 ? withNumbers(value, WEEKDAYS, 0) : value
  for (const item of numeric.split(',')) {
    const match = ITEM.exec(item)
    if (!match) return `The ${name} field "${value}" is not valid: use *, a number, a range a-b, a list a,b or a step */n.`
    const [, range = '', step] = match
    if (step !== undefined && Number(step) < 1) return `The ${name} field "${value}" has a step of 0.`
    if (range === '*') continue
    const [low = 0, high = low] = range.split('-').map(Number)
    for (const bound of [low, high]) if (bound < min || bound > max) return `The ${name} ${bound} is out of range (${min}–${max}).`
    if (low > high) return `The ${name} range ${low}-${high} runs backwards.`
  }
  return null
}

/** The schedule pg_cron would accept, or why it would not. */
export function parseCronSchedule(text: string): { schedule: CronSchedule; problem: null } | { schedule: null; problem: string } {
  const spec = text.trim().toLowerCase()
  if (spec === '') return { schedule: null, problem: 'Enter a schedule.' }
  const seconds = SECONDS.exec(spec)
  if (seconds) {
    const n = Number(seconds[1])
    if (n < CRON_SECONDS.min || n > CRON_SECONDS.max) {
      return { schedule: null, problem: `"${text.trim()}" is out of range: a seconds schedule runs every ${CRON_SECONDS.min} to ${CRON_SECONDS.max} seconds.` }
    }
    return { schedule: { kind: 'seconds', seconds: n }, problem: null }
  }
  if ((CRON_NICKNAMES as readonly string[]).includes(spec)) return { schedule: { kind: 'cron', pattern: spec }, problem: null }
  const fields = spec.split(/\s+/)
  if (fields.length !== CRON_FIELDS.length) {
    return { schedule: null, problem: `"${text.trim()}" has ${fields.length} field${fields.length === 1 ? '' : 's'}: write 5 (minute hour day-of-month month day-of-week) or "N seconds".` }
  }
  for (const [index, field] of fields.entries()) {
    const problem = fieldProblem(field, index)
    if (problem) return { schedule: null, problem }
  }
  return { schedule: { kind: 'cron', pattern: fields.join(' ') }, problem: null }
}

/** A pg_cron pattern as croner and cronstrue read it: pg_cron's `$` is their `L` (weekday 7 is Sunday in all three). */
function lastDayAsL(pattern: string): string {
  const fields = pattern.split(' ')
  return fields.length === 5 && fields[2] === '$' ? [fields[0], fields[1], 'L', fields[3], fields[4]].join(' ') : pattern
}

function cronOf(pattern: string): Cron {
  return new Cron(lastDayAsL(pattern), { paused: true, timezone: CRON_TIMEZONE, mode: '5-part' })
}

/** The next `count` runs strictly after `from` (fewer when the schedule never comes again, e.g. 31 February). */
export function nextCronRuns(schedule: CronSchedule, from: Date, count: number): Date[] {
  if (schedule.kind === 'seconds') {
    const period = schedule.seconds * 1000
    const first = Math.floor(from.getTime() / period) * period + period
    return Array.from({ length: count }, (_, index) => new Date(first + index * period))
  }
  return cronOf(schedule.pattern).nextRuns(count, from)
}

/** Whether a run falls in (since, now]: the scheduler's question at each tick. */
export function isCronDue(schedule: CronSchedule, since: number, now: number): boolean {
  const [next] = nextCronRuns(schedule, new Date(since), 1)
  return next !== undefined && next.getTime() <= now
}

/** The schedule in words, with its time zone ("Every 5 minutes (UTC)"), or null when pg_cron would refuse it. */
export function describeCronSchedule(text: string): string | null {
  const { schedule } = parseCronSchedule(text)
  if (!schedule) return null
  if (schedule.kind === 'seconds') return schedule.seconds === 1 ? 'Every second' : `Every ${schedule.seconds} seconds`
  try {
    return `${cronstrue.toString(lastDayAsL(schedule.pattern), { use24HourTimeFormat: true, throwExceptionOnParseError: true })} (${CRON_TIMEZONE})`
  } catch {
    return `${schedule.pattern} (${CRON_TIMEZONE})`
  }
}
