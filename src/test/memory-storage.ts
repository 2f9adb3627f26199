/** A Storage kept in memory, for tests of code that reads and writes browser storage. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>()
  /** Set to make every write fail the way a full browser storage does. */
  full = false
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    this.items.set(key, value)
  }
}
