/**
 * Group commit: the commits waiting for their turn are written in one transaction (one lock, one
 * log version, one flush) when no two of them change the same record. Applying their changes merged
 * is then the same as applying them one after the other, and each still checks its own collision.
 * Measured (the chaos bench, 100 people saving on two replicas): commits take turns across replicas,
 * so one at a time capped the whole platform near 50 saves a second however many people waited.
 */
import type { CollectionChange, UnitChanges } from './unit-of-work'

/** The most commits one transaction takes: a long wait behind a huge batch is not better than two. */
export const COMMIT_BATCH_LIMIT = 64

/** Every record a unit's changes touch, as `collection key` (kept records as `kept key`). */
export function changedKeys(changes: UnitChanges): string[] {
  return [
    ...changes.collections.flatMap((change) => [...change.deleted, ...change.updated.map((u) => u.key), ...change.appended.map((a) => a.key)].map((key) => `${change.name} ${key}`)),
    ...changes.kept.map(({ key }) => `kept ${key}`),
  ]
}

/**
 * Takes from `waiting`, in order, the commits that touch no record an earlier taken one touches (at
 * most `limit`); the others stay, in their order, for the next batch. The first is always taken.
 */
export function takeDisjoint<T extends { changes: UnitChanges }>(waiting: T[], limit = COMMIT_BATCH_LIMIT): T[] {
  const taken: T[] = []
  const touched = new Set<string>()
  const left: T[] = []
  for (const commit of waiting) {
    const keys = changedKeys(commit.changes)
    // A record a commit left waiting touches counts as touched: a later commit of it must not pass it.
    const clashes = taken.length >= limit || keys.some((key) => touched.has(key))
    for (const key of keys) touched.add(key)
    if (clashes) left.push(commit)
    else taken.push(commit)
  }
  waiting.length = 0
  waiting.push(...left)
  return taken
}

/** Changes of units that touch different records, as one unit's (in their order). */
export function mergeChanges(all: readonly UnitChanges[]): UnitChanges {
  if (all.length === 1) return all[0]!
  const collections = new Map<CollectionChange['name'], CollectionChange>()
  for (const changes of all) {
    for (const change of changes.collections) {
      let into = collections.get(change.name)
      if (!into) collections.set(change.name, (into = { name: change.name, deleted: [], updated: [], appended: [] }))
      into.deleted.push(...change.deleted)
      into.updated.push(...change.updated)
      into.appended.push(...change.appended)
    }
  }
  return { collections: [...collections.values()], kept: all.flatMap((changes) => changes.kept) }
}
