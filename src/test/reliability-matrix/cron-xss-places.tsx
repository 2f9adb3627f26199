import { queryKeys } from '../../api/queries/keys'
import { CronScreen } from '../../features/integrations/cron/CronPage'
import { EditCronJobDialog } from '../../features/integrations/cron/cron-job-dialogs'
import { Providers } from './harness'
import { REF, projectClient, projectScreen } from './screens'
import type { XssPlace } from './xss-places'

/** The reliability matrix's XSS places of cron: jobs and runs the database reports, and a job's kept form. */
export const CRON_XSS_PLACES: XssPlace[] = [
  {
    // Cron jobs are the user's: names, schedules, commands, roles, and what each run answered.
    place: 'cron job names, schedules, commands and run messages (cron screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(queryKeys.cronEnabled(REF), { cron: true, pgNet: true })
      const jobs = payloads.map((payload, i) => ({
        jobid: i + 1,
        jobname: `${payload}${i}`,
        schedule: i % 2 ? payload : '*/5 * * * *',
        command: payload,
        active: i % 2 === 0,
        username: payload,
        database: payload,
        last_status: i % 3 ? payload : 'failed',
        last_start: '2026-11-24 06:00:00+00',
        last_end: '2026-11-24 06:00:01+00',
        last_message: payload,
        form: null,
      }))
      client.setQueryData(queryKeys.cronJobs(REF), jobs)
      client.setQueryData(
        queryKeys.cronRuns(REF, 1, null, 0),
        payloads.map((payload, i) => ({ runid: i + 1, status: i % 2 ? payload : 'failed', return_message: payload, start_time: '2026-11-24 06:00:00+00', end_time: null, total: payloads.length })),
      )
      return projectScreen(CronScreen, client)
    },
  },
  {
    // A job opened in its form: the kept form's fields and the SQL preview built from them.
    place: 'cron job form fields and its SQL preview',
    batch: 4,
    render: ([name = '', url = name, header = name, body = name]) => {
      const job = {
        jobid: 1,
        jobname: name,
        schedule: '*/5 * * * *',
        command: 'select 1',
        active: true,
        username: 'postgres',
        database: 'postgres',
        last_status: null,
        last_start: null,
        last_end: null,
        last_message: null,
        form: { version: 1, kind: 'http', method: 'POST', url, headers: `X-Note: ${header}`, body, timeoutMs: '5000' },
      }
      return (
        <Providers client={projectClient()}>
          <EditCronJobDialog
            job={job}
            projectRef={REF}
            connectionString="encrypted:abc"
            facts={{ takenNames: [name], restUrl: null }}
            pgNet={false}
            onEnablePgNet={async () => {}}
            run={async () => {}}
            onSaved={() => {}}
            onClose={() => {}}
          />
        </Providers>
      )
    },
  },
]
