/** pg_cron's shim, the cron screen's SQL and the mock's scheduler on a seeded database (part of `database-suite.ts`). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCronSchedule } from '../../src/lib/cron-schedule.ts'
import { createCronJobSql, cronJobsSql, cronRunsSql, deleteCronJobSql, setCronJobActiveSql, updateCronJobSql, CRON_FORMS_TABLE } from '../../src/lib/sql/cron.ts'
import { runDueCronJobs, type CronClock } from '../cron/cron-scheduler.ts'
import { scheduleHttpDrain } from '../net/net-worker.ts'
import { runPgMetaQuery } from './query.ts'
import { installShim, PG_CRON, PG_NET } from './shims/index.ts'
import type { ProjectDatabase } from './types.ts'

/** Schedules pg_cron accepts or refuses, checked by the shim and by the form alike. */
const SCHEDULES = [
  '*/5 * * * *',
  '0 9 * * mon-fri',
  '0 0 $ * *',
  '30 seconds',
  '1 second',
  '@daily',
  '15 14 1 jan,jul *',
  '',
  '60 seconds',
  '0 seconds',
  '* * *',
  '70 * * * *',
  '5-1 * * * *',
  '*/0 * * * *',
  '* * * * funday',
  '* 24 * * *',
]

const fixedClock = (at: number): CronClock => ({ now: () => at, setTimeout: () => null, clearTimeout: () => undefined })

export function describeCronSuite(database: () => ProjectDatabase): void {
  describe('pg_cron', () => {
    let db: ProjectDatabase
    const run = (query: string) => runPgMetaQuery(db, { query })
    const jobs = async () => (await run(cronJobsSql)).filter((job) => String(job['jobname']).startsWith('suite '))
    beforeAll(async () => {
      db = database()
      await installShim(db, PG_CRON)
      await installShim(db, PG_NET)
      await db.exec(`create table public.cron_probe (id serial primary key, who text not null default current_user, note text);
        grant insert, select on public.cron_probe to authenticated; grant usage on sequence public.cron_probe_id_seq to authenticated;`)
    })
    afterAll(async () => {
      await db.exec(`drop table if exists public.cron_probe; delete from ${CRON_FORMS_TABLE};`)
      await db.exec(`drop extension if exists pg_cron cascade; drop schema if exists cron cascade;`)
    })

    it('installs idempotently; where it is an extension it sits in pg_catalog, as pg_cron does', async () => {
      await installShim(db, PG_CRON)
      const [listed] = await run(`select e.extversion, n.nspname from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_cron'`)
      const available = await run(`select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron'`)
      if (available.length > 0) expect(listed).toEqual({ extversion: '1.6', nspname: 'pg_catalog' })
      expect(await run(`select to_regclass('cron.job') is not null as job, to_regclass('cron.job_run_details') is not null as runs`)).toEqual([{ job: true, runs: true }])
    })

    it('refuses the schedules the form refuses, with the same words', async () => {
      for (const schedule of SCHEDULES) {
        const [row] = await run(`select cron._schedule_problem('${schedule}') as problem`)
        expect([schedule, row!['problem']]).toEqual([schedule, parseCronSchedule(schedule).problem])
      }
      await expect(run(`select cron.schedule('bad', '70 * * * *', 'select 1')`)).rejects.toThrow('invalid schedule: The minute 70 is out of range (0–59).')
      await expect(run(`select cron.schedule('bad', '30 seconds', '  ')`)).rejects.toThrow('invalid command: the command is empty')
    })

    it('schedules by name as pg_cron does (the same name replaces), unschedules by id and by name', async () => {
      const [{ first } = {}] = await run(`select cron.schedule('suite named', '* * * * *', 'select 1') as first`)
      const [{ again } = {}] = await run(`select cron.schedule('suite named', '*/2 * * * *', 'select 2') as again`)
      expect(again).toBe(first)
      expect(await run(`select schedule, command, active, username = current_user as mine from cron.job where jobid = ${String(first)}`)).toEqual([
        { schedule: '*/2 * * * *', command: 'select 2', active: true, mine: true },
      ])
      const [{ unnamed } = {}] = await run(`select cron.schedule('30 seconds', 'select 3') as unnamed`)
      expect(await run(`select cron.unschedule(${String(unnamed)}::bigint) as done`)).toEqual([{ done: true }])
      expect(await run(`select cron.unschedule('suite named') as done`)).toEqual([{ done: true }])
      await expect(run(`select cron.unschedule('suite named')`)).rejects.toThrow(`could not find valid entry for job 'suite named'`)
    })

    it('alters a job, refusing a bad schedule and an unknown job; whose job it is changes for a superuser only, as in pg_cron', async () => {
      const [{ id } = {}] = await run(`select cron.schedule('suite alter', '* * * * *', 'select 1') as id`)
      const [me] = await run('select current_user as name, (select rolsuper from pg_catalog.pg_roles where rolname = current_user) as superuser')
      await run(`select cron.alter_job(job_id := ${String(id)}, schedule := '0 3 * * *', active := false)`)
      expect(await run(`select schedule, command, active, username from cron.job where jobid = ${String(id)}`)).toEqual([
        { schedule: '0 3 * * *', command: 'select 1', active: false, username: me!['name'] },
      ])
      // PGlite's user is a superuser; a shared server's project owner is not (server-tenancy.ts).
      const changeOwner = run(`select cron.alter_job(job_id := ${String(id)}, username := 'authenticated')`)
      if (me!['superuser'] === true) {
        await changeOwner
        expect(await run(`select username from cron.job where jobid = ${String(id)}`)).toEqual([{ username: 'authenticated' }])
      } else {
        await expect(changeOwner).rejects.toThrow('must be superuser to alter username')
      }
      await expect(run(`select cron.alter_job(${String(id)}, schedule := '61 seconds')`)).rejects.toThrow('invalid schedule: "61 seconds" is out of range')
      await expect(run(`select cron.alter_job(987654, active := true)`)).rejects.toThrow(`Job 987654 does not exist or you don't own it`)
      await run(`select cron.unschedule(${String(id)}::bigint)`)
    })

    it("keeps the job form beside the job: renamed, edited under its own name, toggled, a taken name refused, deleted with its form", async () => {
      const form = { version: 1, kind: 'sql', sql: "select 'it''s' as x" }
      await run(createCronJobSql({ name: 'suite form', schedule: '*/5 * * * *', command: "select 'it''s' as x", form }))
      let [job] = await jobs()
      expect(job).toMatchObject({ jobname: 'suite form', schedule: '*/5 * * * *', active: true, form, last_status: null })
      const jobid = Number(job!['jobid'])

      // Saving under its own name never meets "already exists"; a new name keeps the jobid.
      await run(updateCronJobSql({ jobid, jobname: 'suite form' }, { name: 'suite form', schedule: '30 seconds', command: 'select 1', form: { ...form, sql: 'select 1' } }))
      await run(updateCronJobSql({ jobid, jobname: 'suite form' }, { name: 'suite renamed', schedule: '30 seconds', command: 'select 1', form: { ...form, sql: 'select 1' } }))
      ;[job] = await jobs()
      expect(job).toMatchObject({ jobid: String(jobid), jobname: 'suite renamed', schedule: '30 seconds', command: 'select 1', form: { sql: 'select 1' } })

      await run(setCronJobActiveSql(jobid, false))
      expect((await jobs())[0]).toMatchObject({ active: false })

      // A new job may not take a name in use: refused, and nothing was scheduled.
      const before = (await run('select count(*)::int as n from cron.job'))[0]
      await expect(run(createCronJobSql({ name: 'suite renamed', schedule: '* * * * *', command: 'select 2', form }))).rejects.toThrow(/jobname_username_uniq/)
      expect((await run('select count(*)::int as n from cron.job'))[0]).toEqual(before)

      // Changed outside the form: the form no longer describes it, so none is offered.
      await run(`select cron.alter_job(${jobid}, command := 'select 42')`)
      expect((await jobs())[0]).toMatchObject({ command: 'select 42', form: null })

      await run(deleteCronJobSql(jobid))
      expect(await jobs()).toEqual([])
      expect(await run(`select count(*)::int as n from ${CRON_FORMS_TABLE} where jobid = ${jobid}`)).toEqual([{ n: 0 }])
    })

    it('runs due jobs under their role and records each run: succeeded with its tag, failed with the error', async () => {
      const at = Date.UTC(2026, 10, 24, 6, 5, 0, 5)
      await run(`select cron.schedule('suite every 5 min', '*/5 * * * *', 'select 1');
        -- Whose job it is cannot change but for a superuser: the role makes its own (the owner lets it).
        grant usage on schema cron to authenticated;
        set role authenticated;
        select cron.schedule('suite probe', '30 seconds', $$insert into public.cron_probe (note) values ('probe')$$);
        reset role;
        select cron.schedule('suite failing', '* * * * *', 'select * from public.no_such_table');
        select cron.schedule('suite hourly', '0 * * * *', 'select 1');
        select cron.schedule('suite off', '* * * * *', 'select 1');
        select cron.alter_job(jobid, active := false) from cron.job where jobname = 'suite off';`)
      const [{ me } = {}] = await run('select current_user as me')
      try {
        const runs = await runDueCronJobs(db, at - 1000, at, { clock: fixedClock(at) })
        const byName = async () =>
          Object.fromEntries(
            (await run(`select j.jobname::text as name, d.status, d.return_message, d.username, d.start_time, d.end_time
                          from cron.job_run_details d join cron.job j on j.jobid = d.jobid where j.jobname like 'suite %'`)).map((row) => [row['name'], row]),
          )
        expect(runs.map((r) => r.status).sort()).toEqual(['failed', 'succeeded', 'succeeded'])
        const recorded = await byName()
        expect(Object.keys(recorded).sort()).toEqual(['suite every 5 min', 'suite failing', 'suite probe'])
        expect(recorded['suite every 5 min']).toMatchObject({ status: 'succeeded', return_message: 'SELECT 1', username: me })
        expect(recorded['suite probe']).toMatchObject({ status: 'succeeded', return_message: 'INSERT 0 1', username: 'authenticated' })
        expect(recorded['suite failing']).toMatchObject({ status: 'failed', return_message: 'relation "public.no_such_table" does not exist' })
        expect(new Date(String(recorded['suite probe']!['start_time']).replace(' ', 'T').replace(/\+00$/, 'Z')).getTime()).toBe(at)
        expect(recorded['suite probe']!['end_time']).not.toBeNull()
        // The role was the job's, and it was reset after the run.
        expect(await run(`select who from public.cron_probe`)).toEqual([{ who: 'authenticated' }])
        expect(await run('select current_user as me')).toEqual([{ me }])
        // Nothing was due a second later but the seconds job's next slot is 30 s away.
        expect(await runDueCronJobs(db, at, at + 1000, { clock: fixedClock(at + 1000) })).toEqual([])
      } finally {
        await run(`select cron.unschedule(jobid) from cron.job where jobname like 'suite %'; delete from cron.job_run_details;`)
      }
    })

    it('lets an HTTP job send through pg_net once it ran', async () => {
      const sent: string[] = []
      const fetch = (async (url: string | URL | Request) => {
        sent.push(String(url))
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
      }) as typeof globalThis.fetch
      await run(`select cron.schedule('suite http', '* * * * *', $$select net.http_get(url := 'http://localhost:9/cron')$$)`)
      try {
        const at = Date.UTC(2026, 10, 24, 6, 6, 0, 5)
        expect(await runDueCronJobs(db, at - 1000, at, { clock: fixedClock(at), net: { fetch } })).toMatchObject([{ status: 'succeeded', returnMessage: 'SELECT 1' }])
        await scheduleHttpDrain(db, { fetch })
        expect(sent).toEqual(['http://localhost:9/cron'])
      } finally {
        await run(`select cron.unschedule('suite http'); delete from cron.job_run_details;`)
      }
    })

    it('pages a job’s history 30 at a time, newest first, with the total, filtered by status', async () => {
      await run(`insert into cron.job_run_details (jobid, status, return_message, start_time, end_time)
        select 777, case when i % 3 = 0 then 'failed' else 'succeeded' end, 'run ' || i, now(), now() from generate_series(1, 65) i`)
      try {
        const first = await run(cronRunsSql(777, { status: null, page: 0 }))
        expect(first).toHaveLength(30)
        expect(first[0]).toMatchObject({ return_message: 'run 65', total: '65' })
        expect(await run(cronRunsSql(777, { status: null, page: 2 }))).toHaveLength(5)
        const failed = await run(cronRunsSql(777, { status: 'failed', page: 0 }))
        expect(failed.map((row) => row['status'])).toEqual(Array(21).fill('failed'))
        expect(failed[0]).toMatchObject({ total: '21' })
      } finally {
        await run('delete from cron.job_run_details where jobid = 777')
      }
    })
  })
}
