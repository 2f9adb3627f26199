import { MOCK_PLATFORM_STORAGE_PREFIX } from '../../constants'
import { browserStorage, removeStored, storedKeysWithPrefix } from '../../lib/storage'

/**
 * What this browser kept of a deleted project — SQL drafts, run history, assistant chats, table
 * layouts, saved logs queries, the run-as choice — in local and session storage: every key of ours
 * that names its ref as one of its parts. The mock platform's own records forget it themselves.
 */
export function forgetProjectKeys(ref: string, storages: readonly (Storage | undefined)[] = [browserStorage('local'), browserStorage('session')]): void {
  for (const storage of storages) {
    for (const key of storedKeysWithPrefix(storage, 'studio.')) {
      if (!key.startsWith(MOCK_PLATFORM_STORAGE_PREFIX) && key.split('.').includes(ref)) removeStored(storage, key)
    }
  }
}
