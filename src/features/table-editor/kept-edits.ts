import { TABLE_EDIT_UNCONFIRMED_AFTER_MS } from '../../constants'
import type { CellInput } from '../../lib/sql/row-edits'
import { browserStorage } from '../../lib/storage'
import type { PendingCell } from './grid-types'
import { changedColumns, listTableEdits, removeTableEdit, tableEditPrefix, writeTableEdit, type TableEdit } from './table-edit-store'

/** This page's id: a change it sends is `savingIn` it; another page's save is not under way here. */
export const THIS_PAGE: string = globalThis.crypto?.randomUUID?.() ?? `page-${Date.now()}-${Math.random()}`

export const INTERRUPTED_MESSAGE = 'The page was closed or reloaded before the database answered, so this change may not have been saved.'
const INTERRUPTED_INSERT_MESSAGE = 'The page was closed or reloaded before the database answered: the row may have been inserted. Look for it before you retry.'
const interruptedMessage = (edit: TableEdit) => (edit.kind === 'insert' ? INTERRUPTED_INSERT_MESSAGE : INTERRUPTED_MESSAGE)

/** A kept change as the screen shows it. */
export interface EditView {
  edit: TableEdit
  /** `saving`: on its way, here or (`elsewhere`) in another tab; the others wait for Retry or Discard. */
  state: 'saving' | 'failed' | 'row-gone'
  error: string | null
  elsewhere: boolean
}

/** A cell's kept edit in the grid: the typed value shown instead of the row's, and its error. */
export type KeptCell = PendingCell & { input: CellInput; id: string }

export interface KeptEditsSnapshot {
  views: readonly EditView[]
  /** Cell edits by row (rowKeyText of its key columns and values), then column name. */
  cells: ReadonlyMap<string, ReadonlyMap<string, KeptCell>>
  /** Rows a kept delete is about, by rowKeyText. */
  deleting: ReadonlyMap<string, EditView['state']>
  /** Changes this page is sending: leaving now would leave their outcome unknown. */
  savingHere: number
}

/** One text per row: its key columns and their values (a change made under another primary key never matches). */
export const rowKeyText = (keyColumns: readonly string[], values: readonly unknown[]) => JSON.stringify([keyColumns, values])

export const cellInputText = (input: CellInput) => (input.kind === 'null' ? 'NULL' : input.kind === 'default' ? 'DEFAULT' : input.text)

function viewOf(edit: TableEdit, now: number): EditView {
  if (edit.status === 'saving') {
    const elsewhere = edit.savingIn !== THIS_PAGE
    if (!elsewhere || now - edit.triedAt < TABLE_EDIT_UNCONFIRMED_AFTER_MS) return { edit, state: 'saving', error: null, elsewhere }
    return { edit, state: 'failed', error: interruptedMessage(edit), elsewhere: false }
  }
  return { edit, state: edit.status, error: edit.error, elsewhere: false }
}

const EMPTY: KeptEditsSnapshot = { views: [], cells: new Map(), deleting: new Map(), savingHere: 0 }

/**
 * The kept changes of one table in this page: what local storage holds (other tabs' changes arrive
 * by the storage event) plus what the browser refused to store, which lives here until this page
 * goes. Read with useSyncExternalStore.
 */
export class KeptEdits {
  private readonly edits = new Map<string, TableEdit>()
  /** Ids of changes the browser refused to store: kept in this page only. */
  private readonly unstored = new Set<string>()
  private readonly listeners = new Set<() => void>()
  private snapshot: KeptEditsSnapshot = EMPTY
  private staleTimer: ReturnType<typeof setTimeout> | undefined

  constructor(
    readonly ref: string,
    readonly tableId: number,
    private readonly storage: Storage | undefined = browserStorage('local'),
    private readonly now: () => number = Date.now,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  getSnapshot = () => this.snapshot

  /** Reads what is kept and follows other tabs while a view shows it; returns the stop. */
  start(): () => void {
    this.reload()
    if (this.views++ === 0) globalThis.addEventListener?.('storage', this.onStorage)
    return () => {
      if (--this.views > 0) return
      globalThis.removeEventListener?.('storage', this.onStorage)
      clearTimeout(this.staleTimer)
    }
  }

  private views = 0
  private readonly onStorage = (event: StorageEvent) => {
    if (event.storageArea === this.storage && (event.key === null || event.key.startsWith(tableEditPrefix(this.ref, this.tableId)))) this.reload()
  }

  /** Keeps this page's saves under way as interrupted: the page is going and cannot learn their outcome. */
  keepSavesAsInterrupted(): void {
    for (const edit of this.edits.values()) {
      if (edit.status === 'saving' && edit.savingIn === THIS_PAGE) writeTableEdit({ ...edit, status: 'failed', error: interruptedMessage(edit), savingIn: null }, this.storage)
    }
  }

  get(id: string): TableEdit | undefined {
    return this.edits.get(id)
  }

  /** Keeps a change (new or updated); false when the browser refused to store it (it is then kept in this page only). */
  put(edit: TableEdit): boolean {
    const stored = writeTableEdit(edit, this.storage)
    if (stored) this.unstored.delete(edit.id)
    else this.unstored.add(edit.id)
    this.edits.set(edit.id, edit)
    this.changed()
    return stored
  }

  remove(id: string): void {
    removeTableEdit(this.ref, this.tableId, id, this.storage)
    this.unstored.delete(id)
    if (this.edits.delete(id)) this.changed()
  }

  /** Storage again (another tab changed it), keeping what only this page holds. */
  reload(): void {
    const kept = listTableEdits(this.ref, this.tableId, this.storage)
    const onlyHere = [...this.unstored].map((id) => this.edits.get(id)).filter((edit): edit is TableEdit => edit !== undefined)
    this.edits.clear()
    for (const edit of [...kept, ...onlyHere].sort((a, b) => a.madeAt - b.madeAt)) this.edits.set(edit.id, edit)
    this.changed()
  }

  private changed() {
    const now = this.now()
    const views = [...this.edits.values()].map((edit) => viewOf(edit, now))
    const cells = new Map<string, Map<string, KeptCell>>()
    const deleting = new Map<string, EditView['state']>()
    for (const view of views) {
      const { edit } = view
      if (edit.kind === 'cell' || edit.kind === 'row') {
        const row = rowKeyText(edit.keyColumns, edit.rowKey)
        const columns = cells.get(row) ?? new Map<string, KeptCell>()
        for (const [column, input] of changedColumns(edit)) {
          columns.set(column, { text: cellInputText(input), error: view.state === 'saving' ? null : (view.error ?? 'Not saved'), input, id: edit.id })
        }
        cells.set(row, columns)
      } else if (edit.kind === 'delete') {
        for (const key of edit.rowKeys) deleting.set(rowKeyText(edit.keyColumns, key), view.state)
      }
    }
    this.snapshot = { views, cells, deleting, savingHere: views.filter((v) => v.state === 'saving' && !v.elsewhere).length }
    this.scheduleStaleCheck(now)
    for (const listener of this.listeners) listener()
  }

  /** Another tab's save turns into "interrupted" when it has gone unconfirmed too long: look again then. */
  private scheduleStaleCheck(now: number) {
    clearTimeout(this.staleTimer)
    const waits = this.snapshot.views.filter((v) => v.elsewhere).map((v) => v.edit.triedAt + TABLE_EDIT_UNCONFIRMED_AFTER_MS - now)
    if (waits.length) this.staleTimer = setTimeout(() => this.changed(), Math.max(0, Math.min(...waits)) + 50)
  }
}

/**
 * One KeptEdits per table in a page, shared by every view of it: a save still on its way when the
 * user leaves the table and comes back reports to the view that shows it then (a tab hears no
 * storage events of its own).
 */
const books = new Map<string, KeptEdits>()

export function keptEditsFor(ref: string, tableId: number): KeptEdits {
  const key = JSON.stringify([ref, tableId])
  let book = books.get(key)
  if (!book) books.set(key, (book = new KeptEdits(ref, tableId)))
  return book
}

// A page that goes while it sends changes cannot learn their outcome: they are kept as interrupted,
// so the next page offers them for Retry at once instead of waiting for them.
globalThis.addEventListener?.('pagehide', () => {
  for (const book of books.values()) book.keepSavesAsInterrupted()
})
