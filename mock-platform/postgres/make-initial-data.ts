/** `npm run prepare`: makes public/pglite-initial-data.tar.gz (see initial-data.ts). */
import { INITIAL_DATA_PATH, makeInitialData } from './initial-data-node.ts'

const startedAt = performance.now()
const snapshot = await makeInitialData()
console.log(`PGlite start-up snapshot: ${INITIAL_DATA_PATH} (${(snapshot.size / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - startedAt)} ms)`)
