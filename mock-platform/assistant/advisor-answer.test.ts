import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LintsAnswerSchema, type Lint } from '../../src/api/schemas/advisors'
import { DEFAULT_API_SCHEMAS } from '../../src/constants'
import { lintQueries } from '../../src/lib/sql/lints/lints'
import { FINDINGS_LISTED } from './advisor-answer'
import { detectIntent } from './intents'
import { ask, db, setUpModelDatabase } from './model-test-database'

setUpModelDatabase()
const REF = 'abcdefghijklmnopqrst'

/** The project's findings as run-lints reads them: every lint's SQL on the database. */
async function findings(): Promise<Lint[]> {
  const rows: unknown[] = []
  for (const { sql } of lintQueries([...DEFAULT_API_SCHEMAS])) rows.push(...(await db.query(sql)).rows)
  return v.parse(LintsAnswerSchema, rows)
}
const links = (reply: string) => [...reply.matchAll(/\]\((\/project\/[^)]+)\)/g)].map((match) => match[1])

describe('the assistant asked about the advisors', () => {
  it('knows the question from others', () => {
    for (const text of ['Any security issues?', 'what performance problems does my project have', 'show me the advisor findings', 'run the linter', 'is my database secure?', 'Are there security warnings on my tables'])
      expect(detectIntent(text.toLowerCase(), false), text).toBe('advisors')
    for (const text of ['create an index on notes(user_id)', 'rls policy for notes', 'show the latest notes', 'relation "security" does not exist'])
      expect(detectIntent(text.toLowerCase(), false), text).not.toBe('advisors')
  })

  it("sums up the lints' findings on the project, with a link per finding that opens it in its advisor", async () => {
    await db.exec('create table public.exposed_notes (id int primary key, body text)')
    const found = await findings()
    const reply = ask('Any security issues?', { projectRef: REF, findings: found })
    const security = found.filter((lint) => lint.categories.includes('SECURITY'))
    expect(reply).toMatch(new RegExp(`^I ran the advisors' lints on this project and found \\*\\*${security.length} security issues?\\*\\* \\(`))
    const errors = security.filter((lint) => lint.level === 'ERROR').length
    expect(reply).toContain(`${errors} error${errors === 1 ? '' : 's'}`)
    // Asked about security: the performance findings are not listed.
    expect(links(reply).every((link) => link!.includes('/advisors/security'))).toBe(true)
    const exposed = found.find((lint) => lint.cache_key === 'rls_disabled_in_public_public_exposed_notes')!
    expect(reply).toContain(`[${exposed.title}: \`public.exposed_notes\`](/project/${REF}/advisors/security?finding=rls_disabled_in_public_public_exposed_notes)`)

    // Fixed: gone from the next answer.
    await db.exec('alter table public.exposed_notes enable row level security')
    expect(ask('Any security issues?', { projectRef: REF, findings: await findings() })).not.toContain('finding=rls_disabled_in_public_public_exposed_notes')
  }, 60_000)

  it('covers both advisors when the question names neither, and counts what it does not list', async () => {
    const lint = (i: number, category: 'SECURITY' | 'PERFORMANCE'): Lint => ({
      name: category === 'SECURITY' ? 'rls_disabled_in_public' : 'unindexed_foreign_keys',
      title: category === 'SECURITY' ? 'RLS Disabled in Public' : 'Unindexed foreign keys',
      level: category === 'SECURITY' ? 'ERROR' : 'INFO',
      facing: 'EXTERNAL',
      categories: [category],
      description: '',
      detail: `Object t${i}\nneeds a look`,
      remediation: null,
      metadata: { schema: 'public', name: `t${i}`, type: 'table' },
      cache_key: `${category.toLowerCase()}_public_t${i}`,
    })
    const many = [...Array.from({ length: FINDINGS_LISTED + 3 }, (_, i) => lint(i, 'SECURITY')), lint(99, 'PERFORMANCE')]
    const reply = ask('what do the advisors say?', { projectRef: REF, findings: many })
    expect(reply).toContain(`**${FINDINGS_LISTED + 3} security issues** (${FINDINGS_LISTED + 3} errors) and **1 performance issue** (1 suggestion)`)
    expect(links(reply).filter((link) => link!.includes('?finding=security_'))).toHaveLength(FINDINGS_LISTED)
    expect(reply).toContain(`- and 3 more findings in the [Security Advisor](/project/${REF}/advisors/security)`)
    expect(reply).toContain(`(/project/${REF}/advisors/performance?finding=performance_public_t99): Object t99 needs a look`)
  })

  it('says so when there are none, and when the lints could not run', () => {
    expect(ask('any performance issues?', { projectRef: REF, findings: [] })).toMatch(/^I ran the advisors' lints on this project and found no performance issues\./)
    expect(ask('any performance issues?', { projectRef: REF, findings: null })).toMatch(/^I couldn't run the advisors' lints/)
  })
})
