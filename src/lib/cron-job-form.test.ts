import { describe, expect, it } from 'vitest'
import { cronJobFormFrom, edgeFunctionUrl, emptyCronJobForm, readCronJobForm, type CronJobFormValues } from './cron-job-form'

const facts = { takenNames: ['weekly report'], restUrl: 'https://abcdefghij.example.co/rest/v1/' }
const base: CronJobFormValues = { ...emptyCronJobForm(), name: 'ping', schedule: '*/5 * * * *' }

describe('readCronJobForm', () => {
  it('sends an HTTP POST through pg_net with every header and the JSON body as typed', () => {
    const { job, errors } = readCronJobForm(
      { ...base, kind: 'http', httpUrl: 'http://localhost:5183/mock/echo', httpHeaders: 'Content-Type: application/json\nAuthorization: Bearer s3cret', httpBody: '{"it\'s": 1}' },
      facts,
    )
    expect(errors).toEqual({})
    expect(job?.command).toBe(`select net.http_post(
  url := 'http://localhost:5183/mock/echo',
  headers := '{"Content-Type":"application/json","Authorization":"Bearer s3cret"}'::jsonb,
  body := '{"it''s": 1}'::jsonb,
  timeout_milliseconds := 5000
);`)
  })

  it('sends a GET without a body', () => {
    const { job } = readCronJobForm({ ...base, kind: 'http', httpMethod: 'GET', httpUrl: 'https://example.com/x', httpHeaders: '', httpBody: '{"ignored": true}' }, facts)
    expect(job?.command).toBe(`select net.http_get(\n  url := 'https://example.com/x',\n  headers := '{}'::jsonb,\n  timeout_milliseconds := 5000\n);`)
  })

  it('calls the project’s edge function at its functions URL', () => {
    expect(edgeFunctionUrl(facts.restUrl, 'send-digest')).toBe('https://abcdefghij.example.co/functions/v1/send-digest')
    const { job } = readCronJobForm({ ...base, kind: 'edge-function', edgeFunction: 'send-digest' }, facts)
    expect(job?.command).toContain(`url := 'https://abcdefghij.example.co/functions/v1/send-digest'`)
  })

  it.each([
    [{ name: '' }, 'name', 'Name the job.'],
    [{ name: 'x'.repeat(64) }, 'name', 'The name is longer than pg_cron keeps (63 bytes).'],
    [{ name: 'weekly report' }, 'name', 'A job named "weekly report" already exists: choose another name.'],
    [{ schedule: '* * *' }, 'schedule', '"* * *" has 3 fields: write 5 (minute hour day-of-month month day-of-week) or "N seconds".'],
    [{ sql: '   ' }, 'sql', 'Write the SQL the job runs.'],
    [{ kind: 'function' }, 'callable', 'Choose the function the job calls.'],
    [{ kind: 'http', httpUrl: 'ftp://x' }, 'httpUrl', 'The URL must start with http:// or https://.'],
    [{ kind: 'http', httpUrl: 'https://x', httpBody: '{not json' }, 'httpBody', 'The body must be JSON: pg_net sends a JSON body.'],
    [{ kind: 'http', httpUrl: 'https://x', httpHeaders: 'Authorization Bearer' }, 'httpHeaders', 'Line 1 ("Authorization Bearer") is not a header: write it as Name: value.'],
    [{ kind: 'http', httpUrl: 'https://x', httpTimeoutMs: '50' }, 'httpTimeoutMs', 'The timeout is a whole number of milliseconds from 1000 to 10000.'],
    [{ kind: 'edge-function', edgeFunction: '' }, 'edgeFunction', 'Enter the edge function’s name.'],
    [{ kind: 'edge-function', edgeFunction: 'a/b' }, 'edgeFunction', 'An edge function’s name is letters, digits, - and _ only.'],
  ] as const)('%j → %s: %s', (overrides, field, message) => {
    const { job, errors } = readCronJobForm({ ...base, sql: 'select 1', ...overrides } as CronJobFormValues, facts)
    expect(job).toBeNull()
    expect(errors[field]).toBe(message)
  })
})

describe('cronJobFormFrom', () => {
  it('opens a job exactly as its form was typed, whatever its command says', () => {
    const typed: CronJobFormValues = { ...base, kind: 'http', httpUrl: 'https://example.com/x?a=1', httpHeaders: 'X-Token:  a:b ', httpBody: '{\n  "keep": "my spacing"\n}' }
    const { job } = readCronJobForm(typed, facts)
    const opened = cronJobFormFrom({ jobname: 'ping', schedule: '*/5 * * * *', command: job!.command }, job!.form as never)
    expect(opened).toEqual(typed)
  })

  it('opens a job without a form (made or changed in SQL) as the SQL it is, never parsed', () => {
    const command = `select net.http_post(url := 'https://example.com', body := '{"a":1}'::jsonb)`
    expect(cronJobFormFrom({ jobname: null, schedule: '30 seconds', command }, null)).toEqual({ ...emptyCronJobForm(), schedule: '30 seconds', sql: command })
  })
})
