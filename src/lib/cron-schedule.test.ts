import { describe, expect, it } from 'vitest'
import { describeCronSchedule, isCronDue, nextCronRuns, parseCronSchedule } from './cron-schedule'
import { itReadsEach } from '../test/each-row'

const at = (iso: string) => new Date(iso)
const iso = (dates: Date[]) => dates.map((date) => date.toISOString())
const schedule = (text: string) => {
  const { schedule: parsed, problem } = parseCronSchedule(text)
  if (!parsed) throw new Error(problem)
  return parsed
}

describe('parseCronSchedule: pg_cron’s rules', () => {
  it.each([
    ['*/5 * * * *', { kind: 'cron', pattern: '*/5 * * * *' }],
    ['  0   9 * *   MON-FRI ', { kind: 'cron', pattern: '0 9 * * mon-fri' }],
    ['0 0 $ * *', { kind: 'cron', pattern: '0 0 $ * *' }],
    ['15 14 1 jan,jul *', { kind: 'cron', pattern: '15 14 1 jan,jul *' }],
    ['0 0 * * 7', { kind: 'cron', pattern: '0 0 * * 7' }],
    ['@hourly', { kind: 'cron', pattern: '@hourly' }],
    ['30 seconds', { kind: 'seconds', seconds: 30 }],
    ['1 second', { kind: 'seconds', seconds: 1 }],
    ['59 Seconds', { kind: 'seconds', seconds: 59 }],
  ])('accepts %j', (text, expected) => {
    expect(parseCronSchedule(text)).toEqual({ schedule: expected, problem: null })
  })

  it.each([
    ['', 'Enter a schedule.'],
    ['   ', 'Enter a schedule.'],
    ['60 seconds', '"60 seconds" is out of range: a seconds schedule runs every 1 to 59 seconds.'],
    ['0 seconds', '"0 seconds" is out of range: a seconds schedule runs every 1 to 59 seconds.'],
    ['* * *', '"* * *" has 3 fields: write 5 (minute hour day-of-month month day-of-week) or "N seconds".'],
    ['0 0 * * * *', '"0 0 * * * *" has 6 fields: write 5 (minute hour day-of-month month day-of-week) or "N seconds".'],
    ['hourly', '"hourly" has 1 field: write 5 (minute hour day-of-month month day-of-week) or "N seconds".'],
    ['@reboot', '"@reboot" has 1 field: write 5 (minute hour day-of-month month day-of-week) or "N seconds".'],
    ['70 * * * *', 'The minute 70 is out of range (0–59).'],
    ['* 24 * * *', 'The hour 24 is out of range (0–23).'],
    ['* * 0 * *', 'The day of month 0 is out of range (1–31).'],
    ['5-1 * * * *', 'The minute range 5-1 runs backwards.'],
    ['*/0 * * * *', 'The minute field "*/0" has a step of 0.'],
    ['* * * * funday', 'The day of week field "funday" is not valid: use *, a number, a range a-b, a list a,b or a step */n.'],
    ['* * * janx *', 'The month field "janx" is not valid: use *, a number, a range a-b, a list a,b or a step */n.'],
    ['* * $ * 1,$', 'The day of week field "1,$" is not valid: use *, a number, a range a-b, a list a,b or a step */n.'],
  ])('refuses %j: %s', (text, problem) => {
    expect(parseCronSchedule(text)).toEqual({ schedule: null, problem })
  })
})

describe('nextCronRuns (UTC)', () => {
  it('lists the coming runs of a five-field schedule, strictly after the moment given', () => {
    expect(iso(nextCronRuns(schedule('*/5 * * * *'), at('2026-11-24T06:05:00Z'), 3))).toEqual([
      '2026-11-24T06:10:00.000Z',
      '2026-11-24T06:15:00.000Z',
      '2026-11-24T06:20:00.000Z',
    ])
    expect(iso(nextCronRuns(schedule('0 9 * * mon'), at('2026-11-24T06:05:00Z'), 1))).toEqual(['2026-11-30T09:00:00.000Z'])
  })

  it('reads $ as the last day of the month', () => {
    expect(iso(nextCronRuns(schedule('0 0 $ * *'), at('2026-02-03T00:00:00Z'), 2))).toEqual(['2026-02-28T00:00:00.000Z', '2026-03-31T00:00:00.000Z'])
  })

  it('runs "30 seconds" on the half minutes', () => {
    expect(iso(nextCronRuns(schedule('30 seconds'), at('2026-11-24T06:05:10Z'), 3))).toEqual([
      '2026-11-24T06:05:30.000Z',
      '2026-11-24T06:06:00.000Z',
      '2026-11-24T06:06:30.000Z',
    ])
    expect(iso(nextCronRuns(schedule('30 seconds'), at('2026-11-24T06:05:30Z'), 1))).toEqual(['2026-11-24T06:06:00.000Z'])
  })

  it('gives nothing for a date that never comes', () => {
    expect(nextCronRuns(schedule('0 0 31 2 *'), at('2026-01-01T00:00:00Z'), 3)).toEqual([])
  })
})

describe('isCronDue: a run in (since, now]', () => {
  const t = (iso: string) => Date.parse(iso)
  it('is due at the tick that passes the run, and not at the next', () => {
    const every5 = schedule('*/5 * * * *')
    expect(isCronDue(every5, t('2026-11-24T06:04:59.001Z'), t('2026-11-24T06:05:00.001Z'))).toBe(true)
    expect(isCronDue(every5, t('2026-11-24T06:05:00.001Z'), t('2026-11-24T06:05:01.001Z'))).toBe(false)
    expect(isCronDue(schedule('2 seconds'), t('2026-11-24T06:05:01.001Z'), t('2026-11-24T06:05:02.001Z'))).toBe(true)
    expect(isCronDue(schedule('2 seconds'), t('2026-11-24T06:05:02.001Z'), t('2026-11-24T06:05:03.001Z'))).toBe(false)
  })

  it('is due once after a long gap (a sleeping tab catches up with one run)', () => {
    expect(isCronDue(schedule('* * * * *'), t('2026-11-24T06:00:00.500Z'), t('2026-11-24T07:00:00.500Z'))).toBe(true)
  })
})

describe('describeCronSchedule', () => {
  itReadsEach('%s → %s', describeCronSchedule, [
    ['*/5 * * * *', 'Every 5 minutes (UTC)'],
    ['0 9 * * 1', 'At 09:00, only on Monday (UTC)'],
    ['0 0 $ * *', 'At 00:00, on the last day of the month (UTC)'],
    ['30 seconds', 'Every 30 seconds'],
    ['1 second', 'Every second'],
    ['@hourly', 'Every hour (UTC)'],
  ])

  it('has no words for a schedule pg_cron refuses', () => {
    expect(describeCronSchedule('61 seconds')).toBeNull()
  })
})
