import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { LintExceptionsAnswerSchema, LintsAnswerSchema } from '../../src/api/schemas/advisors'
import { DEMO_CREDENTIALS } from '../../src/constants'
import { lintFix } from '../../src/lib/sql/lints/fixes'
import { SLOW } from '../postgres/suite-timeouts'
import { useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const project = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY')!
const paused = fixtures.projects.find((p) => p.status === 'INACTIVE' && p.organization_id === project.organization_id)!
const { call } = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })

const sql = async (query: string) => {
  const answer = await call(`/platform/pg-meta/${project.ref}/query`, { method: 'POST', body: JSON.stringify({ query }), headers: { 'x-connection-encrypted': project.connectionString! } })
  expect(answer.status, await answer.clone().text()).toBe(200)
}
const runLints = async (ref = project.ref) => {
  const answer = await call(`/platform/projects/${ref}/run-lints`)
  expect(answer.status, await answer.clone().text()).toBe(200)
  return v.parse(LintsAnswerSchema, await answer.json())
}
const exceptionsPath = `/platform/projects/${project.ref}/notifications/advisor/exceptions`
const rules = async () => v.parse(LintExceptionsAnswerSchema, await (await call(exceptionsPath)).json()).exceptions

describe('GET /platform/projects/{ref}/run-lints', () => {
  it(
    'runs the lints on the project’s database: a public table without RLS is flagged, and its fix clears it',
    async () => {
      await sql('create table public.advisor_probe (id int primary key, note text);')
      const flagged = (await runLints()).find((lint) => lint.cache_key === 'rls_disabled_in_public_public_advisor_probe')
      expect(flagged).toMatchObject({ name: 'rls_disabled_in_public', level: 'ERROR', categories: ['SECURITY'], metadata: { schema: 'public', name: 'advisor_probe', type: 'table' } })
      await sql(lintFix(flagged!)!.sql)
      expect((await runLints()).map((lint) => lint.cache_key)).not.toContain('rls_disabled_in_public_public_advisor_probe')
    },
    SLOW,
  )

  it('reads the exposed schemas from the project’s API settings, the ones the project’s settings answer too', async () => {
    const config = `/platform/projects/${project.ref}/config/postgrest`
    const settingsSchemas = async () => ((await (await call(`/platform/projects/${project.ref}/settings`)).json()) as { app_config: { db_schema: string } }).app_config.db_schema
    expect(await (await call(config)).json()).toEqual({ db_schema: 'public, graphql_public' })
    expect(await settingsSchemas()).toBe('public, graphql_public')
    await sql('create schema advisor_api; create table advisor_api.items (id int primary key); grant select on advisor_api.items to anon;')
    expect((await runLints()).map((lint) => lint.cache_key)).not.toContain('rls_disabled_in_public_advisor_api_items')
    expect((await call(config, { method: 'PATCH', body: JSON.stringify({ db_schema: 'public, ,' }) })).status).toBe(400)
    const patched = await call(config, { method: 'PATCH', body: JSON.stringify({ db_schema: 'public, advisor_api' }) })
    expect(await patched.json()).toEqual({ db_schema: 'public, advisor_api' })
    // The table editor reads them from the settings (a new table in an exposed schema gets RLS).
    expect(await settingsSchemas()).toBe('public, advisor_api')
    expect((await runLints()).map((lint) => lint.cache_key)).toContain('rls_disabled_in_public_advisor_api_items')
  })

  it('refuses a project that is not running, and answers not found for a stranger’s', async () => {
    expect((await call(`/platform/projects/${paused.ref}/run-lints`)).status).toBe(400)
    expect((await call('/platform/projects/notamemberprojectref/run-lints')).status).toBe(404)
  })
})

describe('/platform/projects/{ref}/notifications/advisor/exceptions', () => {
  it('keeps disabled lints and dismissed findings, replaces a repeated one, and deletes them by id', async () => {
    expect(await rules()).toEqual([])
    const created = await call(exceptionsPath, {
      method: 'POST',
      body: JSON.stringify({ exceptions: [{ lint_name: 'unused_index', is_disabled: true }, { lint_name: 'no_primary_key', is_disabled: false, cache_key: 'no_primary_key_public_x', note: 'A log table' }] }),
    })
    expect(created.status).toBe(201)
    const again = await call(exceptionsPath, { method: 'POST', body: JSON.stringify({ exceptions: [{ lint_name: 'no_primary_key', is_disabled: false, cache_key: 'no_primary_key_public_x', note: 'An append-only log' }] }) })
    expect(again.status).toBe(201)
    const kept = await rules()
    expect(kept.map(({ lint_name, is_disabled, cache_key, note, lint_category }) => ({ lint_name, is_disabled, cache_key, note, lint_category }))).toEqual([
      { lint_name: 'unused_index', is_disabled: true, cache_key: null, note: null, lint_category: 'PERFORMANCE' },
      { lint_name: 'no_primary_key', is_disabled: false, cache_key: 'no_primary_key_public_x', note: 'An append-only log', lint_category: 'PERFORMANCE' },
    ])
    expect(kept[0]!.created_by).toEqual(expect.any(String))
    const deleted = await call(`${exceptionsPath}?ids=${kept[0]!.id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect((await rules()).map((rule) => rule.lint_name)).toEqual(['no_primary_key'])
    expect((await call(`${exceptionsPath}?ids=${kept[0]!.id}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('refuses a dismissal without a reason and an empty request', async () => {
    const noReason = await call(exceptionsPath, { method: 'POST', body: JSON.stringify({ exceptions: [{ lint_name: 'no_primary_key', is_disabled: false, cache_key: 'k', note: '  ' }] }) })
    expect(noReason.status).toBe(400)
    expect(await noReason.json()).toEqual({ message: 'Say why this finding is dismissed.' })
    expect((await call(exceptionsPath, { method: 'POST', body: JSON.stringify({ exceptions: [] }) })).status).toBe(400)
  })
})
