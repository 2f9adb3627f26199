import * as v from 'valibot'
import { CRON_HTTP_METHODS } from '../../constants'
import { IdSchema } from './table-editor'

/** A function or procedure a job may call (src/lib/sql/cron.ts `cronCallableFunctionsSql`). */
export const CronCallableSchema = v.object({
  schema: v.string(),
  name: v.string(),
  procedure: v.boolean(),
  args: v.array(v.object({ name: v.string(), type: v.string() })),
})
export const CronCallablesAnswerSchema = v.array(v.object({ id: IdSchema, ...CronCallableSchema.entries }))
export type CronCallableRow = v.InferOutput<typeof CronCallablesAnswerSchema>[number]

const HttpFormEntries = { method: v.picklist(CRON_HTTP_METHODS), headers: v.string(), body: v.string(), timeoutMs: v.string() }

/** The form kept beside a job (src/lib/cron-job-form.ts `StoredCronForm`); what does not parse is not used. */
export const StoredCronFormSchema = v.variant('kind', [
  v.object({ version: v.literal(1), kind: v.literal('sql'), sql: v.string() }),
  v.object({ version: v.literal(1), kind: v.literal('function'), callable: CronCallableSchema, argumentValues: v.array(v.string()) }),
  v.object({ version: v.literal(1), kind: v.literal('http'), url: v.string(), ...HttpFormEntries }),
  v.object({ version: v.literal(1), kind: v.literal('edge-function'), functionName: v.string(), ...HttpFormEntries }),
])

/** One job as `cronJobsSql` reads it: pg_cron's columns, its last run, and its form when still current. */
export const CronJobSchema = v.object({
  jobid: IdSchema,
  jobname: v.nullable(v.string()),
  schedule: v.string(),
  command: v.string(),
  active: v.boolean(),
  username: v.string(),
  database: v.string(),
  last_status: v.nullable(v.string()),
  last_start: v.nullable(v.string()),
  last_end: v.nullable(v.string()),
  last_message: v.nullable(v.string()),
  /** Checked apart (a stored form that does not parse leaves the job readable as its SQL). */
  form: v.nullable(v.unknown()),
})
export type CronJob = v.InferOutput<typeof CronJobSchema>
export const CronJobsAnswerSchema = v.array(CronJobSchema)
export const CronEnabledAnswerSchema = v.array(v.object({ enabled: v.boolean(), pg_net: v.boolean() }))

/** One run of a job (`cron.job_run_details`), with how many runs match in all. */
export const CronRunSchema = v.object({
  runid: IdSchema,
  status: v.nullable(v.string()),
  return_message: v.nullable(v.string()),
  start_time: v.nullable(v.string()),
  end_time: v.nullable(v.string()),
  total: IdSchema,
})
export type CronRun = v.InferOutput<typeof CronRunSchema>
export const CronRunsAnswerSchema = v.array(CronRunSchema)
