/** For tests of a database that is down: the error node-postgres really throws when nothing listens on its port. */
import { createServer } from 'node:net'
import pg from 'pg'

/** A loopback port nothing listens on (one just freed). */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** node-postgres's error on connecting to a closed port (`connect ECONNREFUSED 127.0.0.1:…`, code ECONNREFUSED). */
export async function refusedConnectionError(): Promise<Error> {
  const port = await closedPort()
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' })
  return client.connect().then(
    () => {
      throw new Error(`Something listens on port ${port}`)
    },
    (error: unknown) => error as Error,
  )
}
