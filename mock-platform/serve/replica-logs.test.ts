/**
 * The logs explorer under two served replicas (issue 54): behind a load balancer a statement runs on
 * one and its Postgres event is read through the other — one log store on the shared server.
 */
import { describe, expect, it, vi } from 'vitest'
import { apiAs, ownerOfNewProject } from './testing'
import { useServedRecords } from './records-testing'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA_PREFIX = `studio_repllogs_test_${process.pid}_`
const DATABASE_PREFIX = 'studio_repllogs_test_'

describe.runIf(databaseUrl)('the logs explorer under two replicas (DATABASE_URL)', () => {
  const served = useServedRecords({ schemaPrefix: SCHEMA_PREFIX, databasePrefix: DATABASE_PREFIX })

  it('reads on one replica the statement run on the other', () =>
    served.onReplicas(async (a, b) => {
      const { token, as: onA, ref } = await ownerOfNewProject(a, 'Shared logs')
      const marker = `marker_${process.pid}_${Date.now()}`
      expect((await onA.sql(ref, `select '${marker}' as seen`)).status).toBe(200)
      const onB = apiAs(b, token)
      await vi.waitFor(
        async () => {
          const query = new URLSearchParams({
            sql: `select query, error_severity from postgres_logs where query like '%${marker}%'`,
            iso_timestamp_start: new Date(Date.now() - 3600_000).toISOString(),
            iso_timestamp_end: new Date(Date.now() + 60_000).toISOString(),
          })
          const answer = await onB.call(`/platform/projects/${ref}/analytics/endpoints/logs.all?${query}`)
          expect(answer).toMatchObject({ status: 200, body: { result: [{ query: `select '${marker}' as seen`, error_severity: 'LOG' }] } })
        },
        { timeout: 10_000, interval: 200 },
      )
    }), 120_000)
})
