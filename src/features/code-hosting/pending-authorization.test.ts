import { describe, expect, it, vi } from 'vitest'
import { OAUTH_STATE_STORAGE_KEY } from '../../constants'
import { MemoryStorage } from '../../test/memory-storage'
import { discardPendingAuthorization, storePendingAuthorization, takePendingAuthorization } from './pending-authorization'

const STATE = 'k'.repeat(32)

describe('pending authorisation', () => {
  it('is taken once by a callback with the same state and purpose', () => {
    const storage = new MemoryStorage()
    storePendingAuthorization({ state: STATE, purpose: 'authorize', organization: 'acme-corp' }, storage)
    expect(takePendingAuthorization(STATE, 'authorize', storage)).toEqual({ state: STATE, purpose: 'authorize', organization: 'acme-corp' })
    expect(takePendingAuthorization(STATE, 'authorize', storage)).toBeNull()
  })

  it('is not taken for another state, another purpose or no state, and stays for the right callback', () => {
    const storage = new MemoryStorage()
    storePendingAuthorization({ state: STATE, purpose: 'install', organization: 'acme-corp' }, storage)
    expect(takePendingAuthorization('x'.repeat(32), 'install', storage)).toBeNull()
    expect(takePendingAuthorization(STATE, 'authorize', storage)).toBeNull()
    expect(takePendingAuthorization(null, 'install', storage)).toBeNull()
    expect(takePendingAuthorization(STATE, 'install', storage)?.organization).toBe('acme-corp')
  })

  it('discards what is stored, and a corrupt value is dropped with a warning, never trusted', () => {
    const storage = new MemoryStorage()
    storePendingAuthorization({ state: STATE, purpose: 'authorize', organization: 'acme-corp' }, storage)
    discardPendingAuthorization(storage)
    expect(storage.getItem(OAUTH_STATE_STORAGE_KEY)).toBeNull()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storage.setItem(OAUTH_STATE_STORAGE_KEY, JSON.stringify({ state: 'short', purpose: 'authorize', organization: 'acme-corp' }))
    expect(takePendingAuthorization('short', 'authorize', storage)).toBeNull()
    expect(storage.getItem(OAUTH_STATE_STORAGE_KEY)).toBeNull()
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})
