/**
 * A new project database in the page starts from the seeded template: the start-up snapshot
 * (initial-data.ts) with the platform layer and every table, type, function and view of the demo
 * seed already made, their rows left out. Only the rows depend on the ref (seed.ts draws them from
 * it), so the page writes just those (`buildSeedRowsSql`) instead of the layer and the whole seed:
 * in the browser the layer and the seed took 2.4 s of a 4.5 s start. Made once per install
 * (`npm run prepare`) into `public/`; the database's worker fetches it (pglite.worker.ts). Its file name carries a key of the SQL it holds (and of initdb's arguments), so a page
 * whose layer, seed or cluster changed since never loads a stale one: it falls back to the start-up
 * snapshot and seeds as before. The template only saves time; it never decides what a database holds.
 */
import { fnv1a } from '../../src/lib/fnv1a.ts'
import { INITDB_PARAMS } from './initial-data.ts'
import { platformLayerSql } from './platform-layer.ts'
import { SEEDED_TEMPLATE_SQL } from './seed-schema.ts'

export const SEEDED_TEMPLATE_PREFIX = 'pglite-seeded-template-'

/** The template's file name for this version of the layer and the seed's schema. */
export function seededTemplateFile(): string {
  return `${SEEDED_TEMPLATE_PREFIX}${fnv1a(`${INITDB_PARAMS.join(' ')}\n${platformLayerSql()}\n${SEEDED_TEMPLATE_SQL}`).toString(36)}.tar.gz`
}
