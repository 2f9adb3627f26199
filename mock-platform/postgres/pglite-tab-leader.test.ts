import { afterAll, describe, expect, it } from 'vitest'
import { startEmptyDatabase } from './initial-data-node.ts'
import { leaderApiForTab } from './pglite-tab-leader.ts'
import { simpleQueryMessage } from './streamed-results.ts'

const db = await startEmptyDatabase()
afterAll(() => db.close())

/** A tab as the leader sees it: its calls, and its close. */
function tab() {
  let close = () => {}
  const closed = new Promise<void>((resolve) => (close = resolve))
  return { api: leaderApiForTab(db, closed), close }
}

/** Another tab's statement holding the query lock until `finish` is called. */
function busyWithAnotherTab() {
  let finish = () => {}
  const held = new Promise<void>((resolve) => (finish = resolve))
  const done = db._runExclusiveQuery(() => held)
  return { finish, done }
}

function withinSeconds<T>(promise: Promise<T>, seconds = 5): Promise<T | 'no answer'> {
  return Promise.race([promise, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), seconds * 1000))])
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("the leader's locks for a tab", () => {
  it('are not held for good by a tab that closed while its statement waited for the query lock', async () => {
    const busy = busyWithAnotherTab()
    const closing = tab()
    const waiting = closing.api._acquireQueryLock()
    closing.close()
    await tick()
    busy.finish()
    await busy.done
    await waiting
    expect(await withinSeconds(db.query<{ n: number }>('select 1 as n'))).toMatchObject({ rows: [{ n: 1 }] })
  })

  it('are not held for good by a tab that closed while it waited for the transaction lock', async () => {
    let finish = () => {}
    const held = new Promise<void>((resolve) => (finish = resolve))
    const otherTransaction = db._runExclusiveTransaction(() => held)
    const closing = tab()
    const waiting = closing.api._acquireTransactionLock()
    closing.close()
    await tick()
    finish()
    await otherTransaction
    await waiting
    const answer = withinSeconds(db.transaction((tx) => tx.query<{ n: number }>('select 2 as n')))
    expect(await answer).toMatchObject({ rows: [{ n: 2 }] })
  })

  it('are released, and its transaction rolled back, when a tab closes inside its transaction', async () => {
    await db.exec('create table if not exists tab_leader_rows (n int)')
    const closing = tab()
    await closing.api._acquireTransactionLock()
    await closing.api._acquireQueryLock()
    await db.execProtocolRaw(simpleQueryMessage('begin; insert into tab_leader_rows values (1)'))
    closing.close()
    await tick()
    expect(await withinSeconds(db.query<{ n: number }>('select count(*)::int as n from tab_leader_rows'))).toMatchObject({ rows: [{ n: 0 }] })
  })

  it('are given to a tab that is open, and released by it', async () => {
    const open = tab()
    await open.api._acquireQueryLock()
    const other = db.query('select 3 as n')
    expect(await withinSeconds(other, 0.2)).toBe('no answer')
    await open.api._releaseQueryLock()
    expect(await withinSeconds(other)).toMatchObject({ rows: [{ n: 3 }] })
    open.close()
  })
})
