import * as v from 'valibot'
import type { CronRunStatus } from '../../constants'
import type { StoredCronForm } from '../../lib/cron-job-form'
import { cronCallableFunctionsSql, cronEnabledSql, cronJobsSql, cronRunsSql } from '../../lib/sql/cron'
import { api, type ApiClient } from '../client'
import { CronCallablesAnswerSchema, CronEnabledAnswerSchema, CronJobsAnswerSchema, CronRunsAnswerSchema, StoredCronFormSchema, type CronJob } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery, postQuery } from './sql'

type ConnectionString = string | null | undefined

/** Whether the project has pg_cron, and pg_net for HTTP jobs. */
export function cronEnabledQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return {
    queryKey: queryKeys.cronEnabled(ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const [row] = await postQuery({ ref, connectionString, query: cronEnabledSql, signal }, CronEnabledAnswerSchema, client)
      return { cron: row?.enabled === true, pgNet: row?.pg_net === true }
    },
  }
}

export function cronJobsQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.cronJobs(ref), { ref, connectionString, query: cronJobsSql }, CronJobsAnswerSchema, client)
}

/** One page (30 runs) of a job's history, optionally of one status only. */
export function cronRunsQuery(ref: string, connectionString: ConnectionString, jobid: number, status: CronRunStatus | null, page: number, client: ApiClient = api) {
  return {
    queryKey: queryKeys.cronRuns(ref, jobid, status, page),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery({ ref, connectionString, query: cronRunsSql(jobid, { status, page }), signal }, CronRunsAnswerSchema, client),
  }
}

/** The functions and procedures a job may call. */
export function cronCallablesQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.cronCallables(ref), { ref, connectionString, query: cronCallableFunctionsSql }, CronCallablesAnswerSchema, client)
}

/** The form kept beside the job, when there is one that parses. */
export function storedFormOf(job: Pick<CronJob, 'form'>): StoredCronForm | null {
  const parsed = v.safeParse(StoredCronFormSchema, job.form)
  return parsed.success ? parsed.output : null
}
