import { describe, expect, it, vi } from 'vitest'
import { api } from '../../api/client'
import { CONSENT_STORAGE_KEY, MOCK_PLATFORM_STORAGE_PREFIX } from '../../constants'
import { MemoryStorage } from '../../test/memory-storage'
import { clearLocalStorage, endSession } from './session-actions'

vi.mock('../../api/client', () => ({ api: { post: vi.fn(async () => undefined) } }))

describe('endSession', () => {
  it('signed out already (a /logout opened with no session), asks the auth service nothing', async () => {
    await endSession()
    expect(api.post).not.toHaveBeenCalled()
  })
})

describe('clearLocalStorage', () => {
  it('clears everything but the cookie-consent answer', () => {
    const storage = new MemoryStorage()
    storage.setItem('studio.auth.session', '{}')
    storage.setItem('studio-ui-preview-unified-logs', 'true')
    storage.setItem(CONSENT_STORAGE_KEY, 'false')
    clearLocalStorage(storage)
    expect(storage.length).toBe(1)
    expect(storage.getItem(CONSENT_STORAGE_KEY)).toBe('false')
  })

  it("keeps the embedded mock platform's records: they are the server's (accounts, organizations, snippets), not this browser's", () => {
    const storage = new MemoryStorage()
    storage.setItem('studio.auth.session', '{}')
    storage.setItem(`${MOCK_PLATFORM_STORAGE_PREFIX}accounts`, '{"users":[]}')
    storage.setItem(`${MOCK_PLATFORM_STORAGE_PREFIX}content.platform`, '{}')
    clearLocalStorage(storage)
    expect(storage.length).toBe(2)
    expect(storage.getItem(`${MOCK_PLATFORM_STORAGE_PREFIX}accounts`)).toBe('{"users":[]}')
    expect(storage.getItem('studio.auth.session')).toBeNull()
  })

  it('with no answer yet, leaves nothing', () => {
    const storage = new MemoryStorage()
    storage.setItem('x', '1')
    clearLocalStorage(storage)
    expect(storage.length).toBe(0)
  })
})
