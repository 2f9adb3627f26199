/**
 * Cron jobs (SPEC §2 /integrations/cron; PLATFORM-API §6: no platform endpoint, all through
 * pg-meta): pg_cron's SQL surface and the job form kept beside each job.
 *
 * Decisions:
 * - The form a job was made with is kept in `studio_meta.cron_job_forms` (jobid, the command it
 *   made, the form as typed), written in the same run as the job. The job is read back into the
 *   form from there, never from its command string (the best-known dashboard re-parses commands
 *   and garbles them). A job whose command no longer matches (changed in the SQL editor) opens as
 *   the SQL it now is.
 * - A new job is scheduled unnamed and named next, in one run: `cron.schedule(name, …)` would
 *   silently replace another job of that name, the unique (jobname, username) refuses instead.
 * - An edit keeps the jobid (history and all): `cron.alter_job` for schedule and command, the name
 *   set directly (pg_cron has no rename), so saving a job under its own name never collides.
 * - Every value is a literal, every name quoted.
 */
import { CRON_RUNS_PAGE_SIZE, DEFAULT_EXTENSION_SCHEMA, EXCLUDED_SCHEMAS, PLATFORM_MANAGED_SCHEMAS, SEED_MARKER_SCHEMA, type CronRunStatus } from '../../constants'
import { sqlIdent, sqlLiteral } from './quote'

export const CRON_FORMS_TABLE = `${SEED_MARKER_SCHEMA}.cron_job_forms`

/** Whether the project has pg_cron (`enabled`, the shim or the real extension) and pg_net (`pg_net`: HTTP jobs send through it). */
export const cronEnabledSql = `select to_regclass('cron.job') is not null as enabled, to_regnamespace('net') is not null as pg_net;`

/** Enables pg_cron where its control file puts it (pg_catalog); its jobs live in the `cron` schema. */
export const enableCronSql = `create extension if not exists pg_cron;`

/** Enables pg_net, which HTTP and edge function jobs send through, where the platform puts extensions. */
export const enablePgNetSql = `create extension if not exists pg_net with schema ${DEFAULT_EXTENSION_SCHEMA};`

/**
 * Every job the user may see, with its last run and, when the command is still the one the form
 * made, the form (`form`, else null).
 */
export const cronJobsSql = `select j.jobid,
       j.jobname::text as jobname,
       j.schedule,
       j.command,
       j.active,
       j.username,
       j.database,
       last.status as last_status,
       last.start_time as last_start,
       last.end_time as last_end,
       last.return_message as last_message,
       case when f.command = j.command then f.form end as form
  from cron.job j
  left join lateral (
    select d.status, d.start_time, d.end_time, d.return_message
      from cron.job_run_details d
     where d.jobid = j.jobid
     order by d.runid desc
     limit 1
  ) last on true
  left join ${CRON_FORMS_TABLE} f on f.jobid = j.jobid
 order by j.jobname nulls last, j.jobid;`

/** One page of a job's runs, newest first, with how many there are in all (`total`, on every row). */
export function cronRunsSql(jobid: number, { status, page }: { status: CronRunStatus | null; page: number }): string {
  return `select d.runid,
       d.status,
       d.return_message,
       d.start_time,
       d.end_time,
       count(*) over () as total
  from cron.job_run_details d
 where d.jobid = ${Number(jobid)}${status ? ` and d.status = ${sqlLiteral(status)}` : ''}
 order by d.runid desc
 limit ${CRON_RUNS_PAGE_SIZE} offset ${Math.max(0, Math.floor(page)) * CRON_RUNS_PAGE_SIZE};`
}

const hiddenSchemas = [...EXCLUDED_SCHEMAS, ...PLATFORM_MANAGED_SCHEMAS].map((schema) => sqlLiteral(schema)).join(', ')

/**
 * The functions and procedures a job may call: the user's own (not an extension's), taking only
 * input arguments, not trigger functions. `args`: each argument's name ('' when unnamed) and type.
 */
export const cronCallableFunctionsSql = `select p.oid::int8 as id,
       n.nspname as schema,
       p.proname as name,
       p.prokind = 'p' as procedure,
       coalesce((
         select json_agg(json_build_object('name', coalesce(p.proargnames[i + 1], ''), 'type', format_type(p.proargtypes[i], null)) order by i)
           from generate_series(0, p.pronargs - 1) as i
       ), '[]') as args
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
 where p.prokind in ('f', 'p')
   and p.proargmodes is null
   and p.prorettype not in ('pg_catalog.trigger'::regtype, 'pg_catalog.event_trigger'::regtype)
   and n.nspname not in (${hiddenSchemas})
   and n.nspname not like 'pg\\_%'
   and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
 order by n.nspname, p.proname, p.oid;`

/** What the form saves: the job's name, schedule and command, and the form itself (kept beside the job). */
export interface CronJobDefinition {
  name: string
  schedule: string
  command: string
  form: unknown
}

function keepFormSql(jobid: string, job: CronJobDefinition): string {
  return `insert into ${CRON_FORMS_TABLE} (jobid, command, form)
values (${jobid}, ${sqlLiteral(job.command)}, ${sqlLiteral(JSON.stringify(job.form))}::jsonb)
on conflict (jobid) do update set command = excluded.command, form = excluded.form, updated_at = now();`
}

export function createCronJobSql(job: CronJobDefinition): string {
  return [
    `select cron.schedule(${sqlLiteral(job.schedule)}, ${sqlLiteral(job.command)});`,
    // A name another job of this role has is refused here (jobname_username_uniq), never taken over.
    `update cron.job set jobname = ${sqlLiteral(job.name)} where jobid = currval('cron.jobid_seq');`,
    keepFormSql(`currval('cron.jobid_seq')`, job),
  ].join('\n')
}

export function updateCronJobSql(previous: { jobid: number; jobname: string | null }, job: CronJobDefinition): string {
  const id = `${Number(previous.jobid)}`
  const statements = [`select cron.alter_job(job_id := ${id}, schedule := ${sqlLiteral(job.schedule)}, command := ${sqlLiteral(job.command)});`]
  if (previous.jobname !== job.name) statements.push(`update cron.job set jobname = ${sqlLiteral(job.name)} where jobid = ${id};`)
  statements.push(keepFormSql(id, job))
  return statements.join('\n')
}

export function setCronJobActiveSql(jobid: number, active: boolean): string {
  return `select cron.alter_job(job_id := ${Number(jobid)}, active := ${active});`
}

export function deleteCronJobSql(jobid: number): string {
  return `select cron.unschedule(${Number(jobid)}::bigint);\ndelete from ${CRON_FORMS_TABLE} where jobid = ${Number(jobid)};`
}

/** Runs a job's command once, now, in the caller's session as the job's role (pg_cron has no "run now"; nothing is recorded). */
export function runCronJobNowSql(job: { username: string; command: string }): string {
  return `set role ${sqlIdent(job.username)};\n${job.command}`
}
