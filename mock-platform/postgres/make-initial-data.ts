/**
 * `npm run prepare`: makes public/pglite-initial-data.tar.gz (see initial-data.ts), the project
 * databases' seeded template (seeded-template.ts) from it, and the log
 * store's public/pglite-logs-initial-data.tar.gz (logs/log-store-initial-data.ts). The snapshots
 * only save time, so a failure here warns and lets the install go on: databases then run initdb.
 */
import { LOG_STORE_INITIAL_DATA_PATH, makeLogStoreInitialData } from '../logs/log-store-initial-data-node.ts'
import { INITIAL_DATA_PATH, makeInitialData, makeSeededTemplate, SEEDED_TEMPLATE_PATH } from './initial-data-node.ts'
import { errorMessage } from '../../src/lib/error-message'

const startedAt = performance.now()
try {
  const snapshot = await makeInitialData()
  console.log(`PGlite start-up snapshot: ${INITIAL_DATA_PATH} (${(snapshot.size / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - startedAt)} ms)`)
} catch (error) {
  console.warn(`PGlite start-up snapshot not made (new databases will run initdb): ${errorMessage(error)}`)
}

const templateStartedAt = performance.now()
try {
  const snapshot = await makeSeededTemplate()
  console.log(`Project database seeded template: ${SEEDED_TEMPLATE_PATH} (${(snapshot.size / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - templateStartedAt)} ms)`)
} catch (error) {
  console.warn(`Seeded template not made (new databases will be seeded in full): ${errorMessage(error)}`)
}

const logsStartedAt = performance.now()
try {
  const snapshot = await makeLogStoreInitialData()
  console.log(`Log store start-up snapshot: ${LOG_STORE_INITIAL_DATA_PATH} (${(snapshot.size / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - logsStartedAt)} ms)`)
} catch (error) {
  console.warn(`Log store start-up snapshot not made (the store will make its schema): ${errorMessage(error)}`)
}
