import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { DEFAULT_SELF_HOSTED_DIST_DIR } from '../mock-platform/serve/config'
import { startStudioServer, type StudioServer } from '../mock-platform/serve/server'
import { STORAGE_MESSAGES } from '../src/constants'
import { expect, replaceSql, test } from './fixtures'

/**
 * `STUDIO_MODE=self-hosted npm run serve`: the self-hosted build (dist-self-hosted/) served on a
 * database of a plain role's own, as that role. The server is this spec's, started here, so the ring
 * costs nothing unless it runs (its role and database are made and dropped around it).
 */
const PORT = 8082 + Number(process.env.E2E_PORT_OFFSET ?? 0)
const NAME = `studio_e2e_selfhosted_${PORT}`
const adminUrl = process.env.DATABASE_URL

test.skip(!adminUrl, 'a served self-hosted Studio needs a PostgreSQL server: set DATABASE_URL (bash .ci/run starts one)')
test.skip(process.env.E2E_TARGET === 'dev', 'this ring serves the self-hosted production build (dist-self-hosted/), not the development servers')
test.use({ baseURL: `http://127.0.0.1:${PORT}` })
// One server, role and database for the file's tests (made and dropped around them): one worker.
test.describe.configure({ mode: 'serial' })

const asAdmin = async (statements: string[]) => {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    for (const statement of statements) await admin.query(statement)
  } finally {
    await admin.end()
  }
}
const dropOwn = [`drop database if exists ${NAME} with (force)`, `drop role if exists ${NAME}`]

let dataDir: string
let server: StudioServer | undefined

test.beforeAll(async () => {
  await asAdmin([...dropOwn, `create role ${NAME} login nosuperuser nocreatedb nocreaterole`, `create database ${NAME} owner ${NAME}`])
  const url = new URL(adminUrl!)
  url.username = NAME
  url.password = ''
  url.pathname = `/${NAME}`
  const user = new pg.Client({ connectionString: url.toString() })
  await user.connect()
  await user.query("create table public.trail_log (id int primary key, place text not null); insert into public.trail_log values (1, 'Col du Galibier'), (2, 'Stelvio')").finally(() => user.end())
  dataDir = await mkdtemp(join(tmpdir(), 'studio-serve-self-hosted-e2e-'))
  server = await startStudioServer({
    config: { mode: 'self-hosted', databaseUrl: url.toString(), host: '127.0.0.1', port: PORT, dataDir, distDir: DEFAULT_SELF_HOSTED_DIST_DIR, secret: null, allowedOrigin: null, disabledFeatures: [] },
  })
})

test.afterAll(async () => {
  await server?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  await asAdmin(dropOwn)
})

test("opens without a sign-in on the default project and runs SQL on the user's own database, as its user", async ({ page, consoleErrors }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/project\/default$/)
  await expect(page.getByRole('heading', { name: 'Default Project' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'SQL editor' }).click()
  await expect(page).toHaveURL(/\/project\/default\/sql\/new$/)
  const answered = page.waitForResponse((response) => response.url().includes('/api/platform/pg-meta/default/query') && response.request().method() === 'POST')
  await replaceSql(page, 'select current_user as who, place from public.trail_log order by id')
  await page.keyboard.press('ControlOrMeta+Enter')
  expect((await answered).fromServiceWorker()).toBe(false)
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('2 rows')
  await expect(page.getByRole('gridcell', { name: 'Stelvio', exact: true })).toBeVisible()
  await expect(page.getByRole('gridcell', { name: NAME, exact: true }).first()).toBeVisible()
  // The snippet is kept in Studio's records schema beside the user's tables.
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved')
  await page.keyboard.press('Escape')
  await page.screenshot({ path: test.info().outputPath('served-self-hosted-sql-editor.png') })
  expect(consoleErrors).toEqual([])
})

test('Storage on a database without its schema says it is not set up, instead of a missing relation', async ({ page }) => {
  await page.goto('/project/default/storage/buckets')
  await expect(page.getByText(STORAGE_MESSAGES.notInstalled)).toBeVisible()
  await expect(page.getByText('does not exist')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('served-self-hosted-storage.png') })
})
