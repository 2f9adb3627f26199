// A/B: a project database's next start after a big write, with and without the quiet checkpoint.
import { chromium } from '@playwright/test'
const [port, label] = [process.argv[2], process.argv[3]]
const BASE = `http://localhost:${port}`
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
await context.addInitScript(() => { window.__studioPathMarks = true })
const page = await context.newPage()
await page.goto(`${BASE}/sign-in`)
await page.getByLabel('Email').fill('demo@example.com')
await page.getByLabel('Password').fill('studio-demo-password')
await page.getByRole('button', { name: 'Sign in' }).click()
await page.getByRole('list', { name: 'Organizations' }).waitFor()
const api = (path, init = {}) => page.evaluate(async ({ path, init }) => {
  const { accessToken } = JSON.parse(localStorage.getItem('studio.auth.session'))
  const answer = await fetch(`/api${path}`, { ...init, headers: { ...(init.headers ?? {}), authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' } })
  return { status: answer.status, body: await answer.json() }
}, { path, init })
const ref = (await api('/platform/organizations/acme-corp/projects')).body.projects.find((p) => p.status === 'ACTIVE_HEALTHY').ref
const sql = async (query) => {
  const project = await api(`/platform/projects/${ref}`)
  const answer = await api(`/platform/pg-meta/${ref}/query`, { method: 'POST', body: JSON.stringify({ query }), headers: { 'x-connection-encrypted': project.body.connectionString } })
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body))
  return answer.body
}
await page.goto(`${BASE}/project/${ref}`)
await page.waitForFunction(() => window.__studioMock)
await sql('select 1')
const t = Date.now()
await sql('create table big_ab (g int, m text)'); await sql(`insert into big_ab select g, md5(g::text) from generate_series(1, 300000) g`)
console.error(label, 'wrote in', Date.now() - t, 'ms')
await page.waitForTimeout(9000)
console.error(label, JSON.stringify(await sql('select checkpoint_lsn::text, pg_current_wal_insert_lsn()::text as now, redo_lsn::text from pg_control_checkpoint()')))
const out = []
for (let i = 0; i < 3; i++) {
  await page.waitForTimeout(9000)
  await page.goto(`${BASE}/project/${ref}`)
  await page.waitForFunction(() => window.__studioMock)
  await sql('select count(*) from big_ab')
  const answered = await page.evaluate(() => performance.now())
  const marks = await page.evaluate((ref) => Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('studio:path:database:worker:') && m.detail?.requestId === ref).map((m) => [m.name.slice(28), Math.round(m.startTime)])), ref)
  out.push({ reload: i + 1, init: marks.init, booted: marks.booted, seeded: marks.seeded, bootMs: marks.booted - marks.init, countAnsweredAt: Math.round(answered) })
}
console.log(JSON.stringify({ label, out }))
await browser.close()
