import { describe, expect, it, vi } from 'vitest'
import { unregisterMockServiceWorker } from './mock-service-worker'

const registration = (scriptURL: string) => ({ active: { scriptURL }, waiting: null, installing: null, unregister: vi.fn(async () => true) })

describe('a served build on an origin where the embedded mock once ran', () => {
  it("unregisters the mock's service worker and leaves any other", async () => {
    const mock = registration('http://127.0.0.1:8080/studio-mock-worker.js')
    const earlierMock = registration('http://127.0.0.1:8080/mockServiceWorker.js')
    const other = registration('http://127.0.0.1:8080/sw.js')
    const container = { getRegistrations: async () => [mock, earlierMock, other] as unknown as readonly ServiceWorkerRegistration[] }
    await unregisterMockServiceWorker(container)
    expect(mock.unregister).toHaveBeenCalledOnce()
    expect(earlierMock.unregister).toHaveBeenCalledOnce()
    expect(other.unregister).not.toHaveBeenCalled()
  })

  it('does nothing without service workers, and only warns when they fail', async () => {
    await expect(unregisterMockServiceWorker(undefined)).resolves.toBeUndefined()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await unregisterMockServiceWorker({ getRegistrations: () => Promise.reject(new Error('insecure context')) })
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})
