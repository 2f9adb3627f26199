/**
 * One replica for the chaos bench (serve-chaos.ts): `npm run serve`'s own start (readServeConfig,
 * startStudioServer) in a process of its own, so the bench can kill it with SIGKILL, but on a records
 * schema and project-database prefix of the bench's (CHAOS_PLATFORM_SCHEMA, CHAOS_DATABASE_PREFIX),
 * never a running server's.
 */
import { readServeConfig } from '../../mock-platform/serve/config'
import { startStudioServer } from '../../mock-platform/serve/server'

const read = readServeConfig(process.env)
if (!read.ok) throw new Error(read.problems.join('\n'))
const running = await startStudioServer({
  config: read.config,
  platformSchema: process.env.CHAOS_PLATFORM_SCHEMA,
  databasePrefix: process.env.CHAOS_DATABASE_PREFIX,
})
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)))
console.log(`replica on ${running.url}`)
