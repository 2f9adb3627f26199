import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS, DEMO_CREDENTIALS, PG_META_HEADERS } from '../../src/constants'
import { issueAccessToken } from '../auth/access-tokens'
import { useServedStudio } from './testing'

const databaseUrl = process.env['DATABASE_URL']

describe.runIf(databaseUrl)("a project's database that goes away under the served platform", () => {
  const served = useServedStudio('database_outage')

  it('answers 503 with Retry-After saying the database cannot be reached, and answers again once it is back', async () => {
    const { url, platform } = served.server
    const demo = platform.db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!
    const auth = { authorization: `Bearer ${issueAccessToken(demo.id, 600, platform.ctx.tokenSigning)}` }
    const { projects } = (await (await fetch(`${url}/api/platform/organizations/acme-corp/projects`, { headers: auth })).json()) as { projects: { ref: string; status: string }[] }
    const ref = projects.find((p) => p.status === 'ACTIVE_HEALTHY')!.ref
    const { connectionString } = (await (await fetch(`${url}/api/platform/projects/${ref}`, { headers: auth })).json()) as { connectionString: string }
    const query = (sql: string) =>
      fetch(`${url}/api/platform/pg-meta/${ref}/query`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', [PG_META_HEADERS.connection]: connectionString },
        body: JSON.stringify({ query: sql }),
      })
    expect((await query('select 1 as up')).status).toBe(200)

    // The server's administrator ends the project's connection mid-statement (SQLSTATE 57P01), this test's own database only.
    const running = query('select pg_sleep(30) as outage_probe')
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      let terminated = 0
      for (let wait = 0; wait < 100 && terminated === 0; wait += 1) {
        const { rows } = await admin.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where starts_with(datname, $1) and query like '%outage_probe%' and pid <> pg_backend_pid()",
          [served.databasePrefix],
        )
        terminated = rows.filter((row) => row.ended).length
        if (terminated === 0) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(terminated).toBe(1)
    } finally {
      await admin.end()
    }
    const answer = await running
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe(String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS))
    expect(await answer.json()).toMatchObject({
      code: '57P01',
      message: DATABASE_UNAVAILABLE_MESSAGE.database,
      detail: 'terminating connection due to administrator command',
      hint: DATABASE_UNAVAILABLE_MESSAGE.retryHint(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS),
    })

    // Back: the next statement gets a new connection.
    const again = await query('select 1 as up')
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual([{ up: 1 }])
  }, 60_000)
})
