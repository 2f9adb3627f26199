// The people of serve-load.ts: each signs in, then runs SQL on the team's project and saves a snippet,
// again and again until `until`. They run in a worker thread of their own (serve-load.ts starts it),
// as people are elsewhere than the server: in the server's event loop, their own requests' and
// answers' JavaScript (fetch, streams, JSON: about a fifth of the process's CPU) queued the server's.
import { isMainThread, parentPort, workerData } from 'node:worker_threads'

/** One call to the server's API: its status and parsed body. */
export async function call(url, path, init = {}) {
  const headers = { 'content-type': 'application/json', ...init.headers }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const answer = await fetch(`${url}/api${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
  const text = await answer.text()
  return { status: answer.status, body: text ? JSON.parse(text) : null }
}

/** Every person's rounds; answers the latencies, the errors and the ids of the snippets answered as saved. */
export async function runPeople({ url, ref, connection, connectionHeader, credentials, users, until }) {
  const latencies = { sql: [], save: [] }
  const errors = []
  const saved = []
  async function person(n) {
    const session = await call(url, '/auth/v1/token?grant_type=password', { method: 'POST', body: credentials })
    if (session.status !== 200) return void errors.push(`sign-in ${session.status}`)
    const token = session.body.access_token
    for (let round = 0; Date.now() < until; round++) {
      const sqlStarted = performance.now()
      const sql = await call(url, `/platform/pg-meta/${ref}/query`, { method: 'POST', token, headers: { [connectionHeader]: connection }, body: { query: `select count(*)::int as n, ${n} as person, ${round} as round from public.customers` } })
      latencies.sql.push(performance.now() - sqlStarted)
      if (sql.status !== 200) errors.push(`sql ${sql.status}`)
      const id = crypto.randomUUID()
      const saveStarted = performance.now()
      const save = await call(url, `/platform/projects/${ref}/content`, { method: 'PUT', token, body: { id, name: `Load ${n}.${round}`, type: 'sql', content: { sql: `select ${n}, ${round}` } } })
      latencies.save.push(performance.now() - saveStarted)
      if (save.status >= 200 && save.status < 300) saved.push(id)
      else errors.push(`save ${save.status}`)
    }
  }
  await Promise.all(Array.from({ length: users }, (_, n) => person(n)))
  return { latencies, errors, saved }
}

if (!isMainThread && workerData?.people) parentPort.postMessage(await runPeople(workerData.people))
