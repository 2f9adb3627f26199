/** `npm run serve`: reads the environment, says what is missing, starts the server (README: settings). */
import { join, resolve } from 'node:path'
import { databaseServerAddress } from '../postgres/server-address'
import { mockProvidersWarning, readServeConfig } from './config'
import { SECRET_FILE } from './secret'
import { startStudioServer } from './server'
import { errorMessage } from '../../src/lib/error-message'

const read = readServeConfig(process.env)
if (!read.ok) {
  console.error(`npm run serve cannot start:\n${read.problems.map((problem) => `- ${problem}`).join('\n')}`)
  process.exit(1)
}
const { config } = read
const warning = mockProvidersWarning(config.mockProviders ?? [])
if (warning) console.warn(warning)
let running: Awaited<ReturnType<typeof startStudioServer>>
try {
  running = await startStudioServer({ config })
} catch (error) {
  console.error(`npm run serve cannot start: ${errorMessage(error)}`)
  process.exit(1)
}
if (running.secretCreated) console.log(`Generated a signing secret in ${join(resolve(config.dataDir), SECRET_FILE)} (kept for the next start; set STUDIO_SECRET to choose your own).`)
if (config.mode === 'self-hosted') {
  const { host, port, user, database } = databaseServerAddress(config.databaseUrl)
  console.log(`Studio (self-hosted) on ${running.url}: the default project is database ${database} on ${host}:${port}, used as ${user}`)
} else {
  console.log(`Studio on ${running.url} (platform API under /api, databases on ${new URL(config.databaseUrl).host})`)
}

// A stop: no new connection, the requests in flight finished (bounded), then exit. A second signal does not wait.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    console.log(`${signal}: taking no new request, finishing those in flight…`)
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Stopped with an error: ${errorMessage(error)}`)
        process.exit(1)
      },
    )
  })
}
