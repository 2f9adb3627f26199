/**
 * All or nothing, memory after the commit: each request runs as a unit of work (unit-of-work.ts)
 * over copies of what it touches; when it has answered, its changes are written to the store in one
 * transaction, and only once that commits do they become the records everyone reads. A request that
 * throws, answers a server error, holds text PostgreSQL cannot store, or whose write fails, leaves
 * nothing behind, in memory or in the store.
 *
 * Concurrency: requests run side by side, each seeing the committed records plus its own changes.
 * Commits take turns (one at a time, in the order they reach the store), so memory changes in the
 * order the store did. A commit checks first that nothing it changes was committed by another
 * request since this one read it (the records are never changed in place, so "the same record
 * object" is the version); if something was, nothing is written and the request runs once more, this
 * time alone (no other commit until it is done), where nothing can change under it. Two requests
 * changing one record therefore both count (two projects made at once in one organization), as if
 * one had run after the other. What a request only read is not checked (like REPEATABLE READ).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'
import type { RecordPersistence } from '../context'
import type { MockDatabase } from './db'
import { findUnstorableText } from '../../src/lib/storable-text'
import { COLLECTION_NAMES, COLLECTION_TABLES } from './record-tables'
import { RecordCollision, RecordNotStored, UnstorableTextRefusal } from './refusals'
import type { ReplicaLog } from './replica-log'
import { applyChanges, UnitOfWork, type UnitChanges } from './unit-of-work'
import { mergeChanges, takeDisjoint } from './commit-batches'

/** A commit waiting for its batch; settled with nothing when stored, or with why not. */
interface WaitingCommit {
  unit: UnitOfWork
  changes: UnitChanges
  settle(error?: unknown): void
}

/** Under the lock, some commit of a batch was changed by another replica meanwhile: nothing written. */
class CollidedInBatch extends Error {}

/**
 * Writes one unit's changes in one transaction, or throws having written none of them; `around` runs
 * in that transaction before the changes are written and after (replica-log.ts: the lock, the log).
 */
export type UnitWriter = (changes: UnitChanges, around?: { before(client: pg.ClientBase): Promise<void>; after(client: pg.ClientBase): Promise<void> }) => Promise<void>

type CollectionHooks = { on(type: 'create' | 'update' | 'delete', listener: () => void): void }

/** Records changed outside any unit would be in memory only: refused loudly instead. */
function refuseChangesOutsideRequests(live: MockDatabase): void {
  for (const name of COLLECTION_NAMES) {
    const hooks = live[name].hooks as unknown as CollectionHooks
    for (const type of ['create', 'update', 'delete'] as const) {
      hooks.on(type, () => {
        throw new Error(`A platform record (${COLLECTION_TABLES[name]}) was changed outside a request's unit of work: only those are stored (records/record-units.ts)`)
      })
    }
  }
}

/** The first text PostgreSQL cannot store in the changes, refused before anything is written. */
function refuseUnstorableText(changes: UnitChanges): void {
  const written = [
    ...changes.collections.flatMap((change) => [...change.updated, ...change.appended].map(({ record }) => ({ where: COLLECTION_TABLES[change.name], record }))),
    ...changes.kept.map(({ key, record }) => ({ where: key, record })),
  ]
  for (const { where, record } of written) {
    const found = findUnstorableText(record)
    if (found) throw new UnstorableTextRefusal(found.field || where, found.character)
  }
}

const isEmpty = (changes: UnitChanges) => changes.collections.length === 0 && changes.kept.length === 0

/**
 * The record store's side of `RecordPersistence`: `collections` is what handlers use as `ctx.db`
 * (a request's own view inside `track`, the committed records outside), kept records likewise.
 */
export function createRecordUnits(
  live: MockDatabase,
  committedKept: Map<string, unknown>,
  write: UnitWriter,
  replica?: ReplicaLog,
): Omit<RecordPersistence, 'close'> & { settled(): Promise<void> } {
  const units = new AsyncLocalStorage<UnitOfWork>()
  let lastCommit: Promise<unknown> = Promise.resolve()
  /** One commit (or lone run) at a time, in the order asked. */
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = lastCommit.then(work)
    lastCommit = turn.catch(() => undefined)
    return turn
  }

  refuseChangesOutsideRequests(live)
  const collections = {} as MockDatabase
  for (const name of COLLECTION_NAMES) {
    Object.defineProperty(collections, name, { enumerable: true, get: () => units.getStore()?.collection(name) ?? live[name] })
  }

  /**
   * Writes `changes` (one unit's, or a batch's merged) and makes them memory; `checkUnderLock` runs
   * under the replicas' commit lock, once other replicas' commits are applied.
   */
  async function store(changes: UnitChanges, checkUnderLock: () => void): Promise<void> {
    let version = 0
    try {
      await write(
        changes,
        replica && {
          async before(client) {
            await replica.catchUpLocked(client)
            checkUnderLock()
          },
          async after(client) {
            version = await replica.log(client, changes)
          },
        },
      )
    } catch (error) {
      if (error instanceof RecordCollision || error instanceof CollidedInBatch) throw error
      throw new RecordNotStored(error)
    }
    if (replica) replica.applyOwn(version, changes)
    else applyChanges(live, committedKept, changes)
  }

  /** One unit's commit: changed under it (here, or under the lock) means it runs again. */
  async function commit(unit: UnitOfWork, changes: UnitChanges): Promise<void> {
    const collided = unit.collision(changes)
    if (collided) throw new RecordCollision(collided)
    await store(changes, () => {
      const changedMeanwhile = unit.collision(changes)
      if (changedMeanwhile) throw new RecordCollision(changedMeanwhile)
    })
  }

  /** Each waiting commit settled: stored with the others, collided, or refused alone. */
  async function commitBatch(batch: WaitingCommit[]): Promise<void> {
    let open = batch
    while (open.length > 1) {
      open = open.filter(({ unit, changes, settle }) => {
        const collided = unit.collision(changes)
        if (collided) settle(new RecordCollision(collided))
        return !collided
      })
      if (open.length <= 1) break
      const batched = open
      try {
        await store(
          mergeChanges(batched.map((waiting) => waiting.changes)),
          () => {
            if (batched.some(({ unit, changes }) => unit.collision(changes))) throw new CollidedInBatch()
          },
        )
        for (const { settle } of batched) settle()
        return
      } catch (error) {
        // Another replica's commit changed one of them: they are checked again, one by one, above.
        if (error instanceof CollidedInBatch) continue
        // The store refused the transaction (a constraint): each alone, so only what it refused fails.
        // Unreachable, it would refuse each alike: they all fail now.
        if (!(error instanceof RecordNotStored && error.cause instanceof pg.DatabaseError)) {
          for (const { settle } of batched) settle(error)
          return
        }
        break
      }
    }
    for (const { unit, changes, settle } of open) await commit(unit, changes).then(() => settle(), settle)
  }

  const waiting: WaitingCommit[] = []
  let batchAsked = false
  /** The waiting commits' next batch, in turn (after the commit or lone run now going). */
  function askForBatch(): void {
    if (batchAsked || waiting.length === 0) return
    batchAsked = true
    void inTurn(async () => {
      batchAsked = false
      const batch = takeDisjoint(waiting)
      // Whatever happens, no request is left waiting for an answer (settling twice changes nothing).
      await commitBatch(batch).catch((error: unknown) => batch.forEach(({ settle }) => settle(error)))
      askForBatch()
    })
  }
  function commitInBatch(unit: UnitOfWork, changes: UnitChanges): Promise<void> {
    return new Promise((resolve, reject) => {
      waiting.push({ unit, changes, settle: (error?: unknown) => (error === undefined ? resolve() : reject(error)) })
      askForBatch()
    })
  }

  async function attempt<T>(handle: () => Promise<T>, commits: (result: T) => boolean, alone: boolean): Promise<T> {
    const unit = new UnitOfWork(live, committedKept)
    try {
      let result: T
      try {
        result = await units.run(unit, handle)
      } finally {
        unit.close()
      }
      if (!commits(result)) return result
      const changes = unit.changes()
      if (isEmpty(changes)) return result
      refuseUnstorableText(changes)
      await (alone ? commit(unit, changes) : commitInBatch(unit, changes))
      return result
    } finally {
      unit.release()
    }
  }

  return {
    collections,
    kept: (key) => {
      const unit = units.getStore()
      return unit ? unit.kept(key) : committedKept.get(key)
    },
    keep: (key, record) => {
      const unit = units.getStore()
      if (!unit) throw new Error(`The kept record ${key} was changed outside a request's unit of work: only those are stored (records/record-units.ts)`)
      unit.keep(key, record)
    },
    async track(handle, commits = () => true) {
      // Every commit answered before this request began, on any replica, is seen by it.
      await replica?.catchUp()
      try {
        return await attempt(handle, commits, false)
      } catch (error) {
        if (!(error instanceof RecordCollision)) throw error
      }
      // Once more with every other commit held back (this replica's, and with replicas every one's):
      // nothing it reads can change before it commits.
      const alone = () => attempt(handle, commits, true)
      return inTurn(() => (replica ? replica.alone(alone) : alone()))
    },
    async settled() {
      // A batch may leave commits for the turn after it: settled when none waits and none is going.
      for (let last = lastCommit; ; last = lastCommit) {
        await last
        if (last === lastCommit && waiting.length === 0) return
      }
    },
  }
}
