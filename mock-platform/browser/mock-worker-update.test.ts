import { describe, expect, it } from 'vitest'
import { isGoneMockWorkerUpdate } from './mock-worker-update'

const WORKER = 'http://localhost:5173/mockServiceWorker.js'
// Chromium's words when a registration's update finds it unregistered.
const gone = (script: string) => new TypeError(`Failed to update a ServiceWorker for scope ('http://localhost:5173/') with script ('${script}'): Not found`)

describe('isGoneMockWorkerUpdate', () => {
  it("is the mock worker's update finding its registration gone", () => {
    expect(isGoneMockWorkerUpdate(gone(WORKER), WORKER)).toBe(true)
  })

  it('leaves every other rejection an error', () => {
    expect(isGoneMockWorkerUpdate(gone('http://localhost:5173/other-worker.js'), WORKER)).toBe(false)
    expect(isGoneMockWorkerUpdate(new TypeError(`Failed to update a ServiceWorker for scope ('http://localhost:5173/') with script ('${WORKER}'): A bad HTTP response code (500) was received when fetching the script.`), WORKER)).toBe(false)
    expect(isGoneMockWorkerUpdate(new Error('Not found'), WORKER)).toBe(false)
    expect(isGoneMockWorkerUpdate(gone(WORKER).message, WORKER)).toBe(false)
    expect(isGoneMockWorkerUpdate(undefined, WORKER)).toBe(false)
  })
})
