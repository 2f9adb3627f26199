/**
 * `npm run prepare`: makes public/pglite-initial-data.tar.gz (see initial-data.ts). The snapshot
 * only saves time, so a failure here warns and lets the install go on: databases then run initdb.
 */
import { INITIAL_DATA_PATH, makeInitialData } from './initial-data-node.ts'

const startedAt = performance.now()
try {
  const snapshot = await makeInitialData()
  console.log(`PGlite start-up snapshot: ${INITIAL_DATA_PATH} (${(snapshot.size / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - startedAt)} ms)`)
} catch (error) {
  console.warn(`PGlite start-up snapshot not made (new databases will run initdb): ${error instanceof Error ? error.message : String(error)}`)
}
