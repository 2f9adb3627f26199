/**
 * Two served replicas with a project's database open on both run its cron jobs once, on the replica
 * holding the project's lock; when that one stops, the other takes the jobs over within seconds.
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { runningDatabase } from '../projects/database-start'
import { databaseUrlFor, projectDatabaseName } from '../postgres/server-postgres'
import { apiAs, ownerOfNewProject } from '../serve/testing'
import { useServedRecords } from '../serve/records-testing'
import type { StudioServer } from '../serve/server'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA_PREFIX = `studio_cronlead_test_${process.pid}_`
const DATABASE_PREFIX = 'studio_cronlead_test_'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.runIf(databaseUrl)('cron jobs under two replicas (DATABASE_URL)', () => {
  const served = useServedRecords({ schemaPrefix: SCHEMA_PREFIX, databasePrefix: DATABASE_PREFIX })

  it('runs a job once a second, not once per replica, and on the other replica once its leader stops', () =>
    served.onReplicas(async (a, b) => {
      const { token, as: onA, ref } = await ownerOfNewProject(a, 'Cron Leaders')
      const onB = apiAs(b, token)
      // As the extensions screen sends it (one statement: the served mock installs its stand-in for it).
      expect((await onA.sql(ref, 'create extension if not exists pg_cron')).status).toBe(200)
      expect((await onA.sql(ref, `select cron.schedule('each second', '1 seconds', 'select 1')`)).status).toBe(200)
      // The database open on both replicas: both have a scheduler for it.
      expect((await onB.sql(ref, 'select 1')).status).toBe(200)
      const runs = async (on = onA) => Number(((await on.sql(ref, 'select count(*)::int as runs from cron.job_run_details')).body as { runs: number }[])[0]!.runs)

      await pause(1_500)
      let before = await runs()
      await pause(4_000)
      let during = (await runs()) - before
      // One run a tick (CRON_TICK_MS, 1 s) in four seconds; both replicas running it would be about eight.
      expect(during).toBeGreaterThanOrEqual(3)
      expect(during).toBeLessThanOrEqual(5)

      const leader: StudioServer = (await a.platform.ctx.cronLeadership!.holds(ref)) ? a : b
      const other = leader === a ? onB : onA
      await leader.close()
      await pause(2_000)
      before = await runs(other)
      await pause(3_000)
      during = (await runs(other)) - before
      expect(during).toBeGreaterThanOrEqual(2)
      expect(during).toBeLessThanOrEqual(4)
    }), 120_000)

  it("is taken over by a replica that never opened the project when its leader dies", () =>
    served.onReplicas(async (a, b) => {
      const { as: onA, ref } = await ownerOfNewProject(a, 'Cron Orphans')
      expect((await onA.sql(ref, 'create extension if not exists pg_cron')).status).toBe(200)
      expect((await onA.sql(ref, `select cron.schedule('each second', '1 seconds', 'select 1')`)).status).toBe(200)
      // Only A has the database open; B is never asked about the project.
      await pause(1_500)
      expect(runningDatabase(b.platform.ctx, ref)).toBeNull()
      const project = new pg.Client({ connectionString: databaseUrlFor(databaseUrl!, projectDatabaseName(ref, DATABASE_PREFIX)) })
      await project.connect()
      try {
        await a.close()
        const stopped = new Date()
        const runsSince = async () => Number((await project.query('select count(*)::int as n from cron.job_run_details where start_time > $1', [stopped])).rows[0].n)
        let runs = 0
        for (let waited = 0; waited < 12_000 && runs < 2; waited += 500) {
          await pause(500)
          runs = await runsSince()
        }
        // Within CRON_ADOPTION_MS and a tick or two, B has opened it and runs its jobs.
        expect(runs).toBeGreaterThanOrEqual(2)
        expect(runningDatabase(b.platform.ctx, ref)).not.toBeNull()
      } finally {
        await project.end()
      }
    }), 120_000)
})
