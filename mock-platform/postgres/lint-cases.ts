/**
 * How a lint is checked on a real database (PGlite, and a server under DATABASE_URL): objects that
 * trigger it in a schema of their own, objects that do not, and — where the lint has a fix that
 * runs as it stands — the fix applied and the lint run again, the finding gone. Each case makes and
 * drops its own schema, so the cases share one database (a PGlite start costs seconds).
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LintsAnswerSchema, type Lint } from '../../src/api/schemas/advisors.ts'
import type { LintName } from '../../src/constants/advisors.ts'
import { lintFix } from '../../src/lib/sql/lints/fixes.ts'
import { lintSql } from '../../src/lib/sql/lints/lints.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

export interface LintCase {
  lint: LintName
  /** What the case shows, after "flags". */
  title: string
  /** Statements making objects in schema `s` (already created) that the lint must flag. */
  triggers: (s: string) => string
  /** Statements making similar objects in `s` that it must not flag. */
  passes: (s: string) => string
  /** A finding of this case (default: its object is in `s`). */
  owns?: (lint: Lint, s: string) => boolean
  /** Undoes what the statements made outside `s` (extensions, servers, storage rows). */
  cleanup?: string
  /** The schema is exposed by the API (default true); false checks a lint that ignores exposure. */
  exposed?: boolean
  /** How many findings `triggers` makes (default: at least one). */
  findings?: number
}

export async function runLint(db: ProjectDatabase, name: LintName, apiSchemas: readonly string[]): Promise<Lint[]> {
  return v.parse(LintsAnswerSchema, await runPgMetaQuery(db, { query: lintSql(name, apiSchemas) }))
}

let schemaCount = 0

export function describeLintCases(title: string, cases: readonly LintCase[], database: () => ProjectDatabase): void {
  describe(title, () => {
    async function inSchema(c: LintCase, make: (s: string) => string, check: (found: () => Promise<Lint[]>, db: ProjectDatabase) => Promise<void>) {
      const db = database()
      const s = `lint_case_${++schemaCount}`
      const api = c.exposed === false ? ['public'] : [s, 'public']
      const owns = c.owns ?? ((lint: Lint) => lint.metadata?.schema === s)
      const found = async () => (await runLint(db, c.lint, api)).filter((lint) => owns(lint, s))
      // Apart: on a shared server what only the platform makes (a wrapper) must open its text (platform-statements.ts).
      try {
        await db.exec(`create schema ${s};`)
        await db.exec(make(s))
        await check(found, db)
      } finally {
        await db.exec(`drop schema if exists ${s} cascade;`)
        if (c.cleanup) await db.exec(c.cleanup)
      }
    }

    for (const c of cases) {
      it(`${c.lint} flags ${c.title}; its fix clears it`, async () => {
        await inSchema(c, c.triggers, async (found, db) => {
          const findings = await found()
          if (c.findings === undefined) expect(findings.length).toBeGreaterThan(0)
          else expect(findings.map((lint) => lint.detail)).toHaveLength(c.findings)
          for (const finding of findings) {
            expect(finding).toMatchObject({ name: c.lint, facing: 'EXTERNAL', cache_key: expect.stringMatching(new RegExp(`^${c.lint}_`)) })
            expect(finding.remediation).toMatch(/^https:\/\//)
          }
          const fix = lintFix(findings[0]!)
          if (fix?.runnable) {
            await db.exec(fix.sql)
            expect((await found()).map((lint) => lint.cache_key)).not.toContain(findings[0]!.cache_key)
          }
        })
      })

      it(`${c.lint} leaves alone what does not match`, async () => {
        await inSchema(c, c.passes, async (found) => expect(await found()).toEqual([]))
      })
    }
  })
}
