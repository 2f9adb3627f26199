import { describe, expect, it } from 'vitest'
import { ASSISTANT_STORAGE_KEY, MOCK_ACCOUNTS_STORAGE_KEY, SQL_RUN_HISTORY_KEY_PREFIX, TABLE_LAYOUT_STORAGE_KEY } from '../../constants'
import { MemoryStorage } from '../../test/memory-storage'
import { forgetProjectKeys } from './forget-project-keys'

describe("a deleted project's keys in this browser", () => {
  it('go where they name its ref as a part; another project’s, the platform’s and other apps’ stay', () => {
    const local = new MemoryStorage()
    const session = new MemoryStorage()
    const ref = 'abcdefghijklmnopqrst'
    const other = 'abcdefghijklmnopqrsu'
    for (const key of [ASSISTANT_STORAGE_KEY(ref), TABLE_LAYOUT_STORAGE_KEY(ref, 7), `${SQL_RUN_HISTORY_KEY_PREFIX}${ref}`, ASSISTANT_STORAGE_KEY(other), MOCK_ACCOUNTS_STORAGE_KEY, `other-app.${ref}`, `studio.sql-draft.${ref}x.1`])
      local.setItem(key, '{}')
    session.setItem(`studio.run-as.${ref}`, '{}')
    forgetProjectKeys(ref, [local, session])
    expect(Array.from({ length: local.length }, (_, i) => local.key(i)).sort()).toEqual([ASSISTANT_STORAGE_KEY(other), `other-app.${ref}`, MOCK_ACCOUNTS_STORAGE_KEY, `studio.sql-draft.${ref}x.1`].sort())
    expect(session.length).toBe(0)
  })
})
