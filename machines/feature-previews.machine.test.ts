import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { PREVIEW } from '../src/constants'
import type { RemoteFlags } from '../src/lib/feature-previews'
import { featurePreviewsMachine } from './feature-previews.machine'

afterEach(() => vi.useRealTimers())

function start(loads: ((cloudProvider: string | null) => Promise<RemoteFlags>)[], stored = {}) {
  const load = vi.fn(({ input }: { input: { cloudProvider: string | null } }) =>
    (loads.shift() ?? (() => Promise.reject(new Error('no more loads'))))(input.cloudProvider),
  )
  const persist = vi.fn()
  const reportToggle = vi.fn()
  const actor = createActor(
    featurePreviewsMachine.provide({
      actors: { loadRemoteFlags: fromPromise(load) },
      actions: { persist: (_, params) => persist(params), reportToggle: (_, params) => reportToggle(params) },
    }),
    { input: { stored, isPlatform: true } },
  ).start()
  return { actor, load, persist, reportToggle }
}

describe('featurePreviewsMachine', () => {
  it('starts from the stored flags and loads the remote flags', async () => {
    vi.useFakeTimers()
    const { actor, load } = start([async () => ({ unified_logs: true })], { [PREVIEW.apiSidePanel]: true })
    expect(actor.getSnapshot().context.enabled).toEqual({ [PREVIEW.apiSidePanel]: true })
    expect(actor.getSnapshot().matches({ flags: 'loading' })).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ flags: 'ready' })).toBe(true)
    expect(actor.getSnapshot().context.remoteFlags).toEqual({ unified_logs: true })
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ input: { cloudProvider: null } }))
  })

  it('a toggle flips the flag, stores the new value and reports it with Unknown for missing groups', async () => {
    vi.useFakeTimers()
    const { actor, persist, reportToggle } = start([async () => ({})])
    actor.send({ type: 'preview.toggle', key: PREVIEW.columnPrivileges, project: 'abc', organization: null })
    expect(actor.getSnapshot().context.enabled[PREVIEW.columnPrivileges]).toBe(true)
    expect(persist).toHaveBeenLastCalledWith({ key: PREVIEW.columnPrivileges, enabled: true })
    expect(reportToggle).toHaveBeenLastCalledWith({
      action: 'feature_preview_enabled',
      feature: PREVIEW.columnPrivileges,
      groups: { project: 'abc', organization: 'Unknown' },
    })
    actor.send({ type: 'preview.toggle', key: PREVIEW.columnPrivileges })
    expect(actor.getSnapshot().context.enabled[PREVIEW.columnPrivileges]).toBe(false)
    expect(persist).toHaveBeenLastCalledWith({ key: PREVIEW.columnPrivileges, enabled: false })
    expect(reportToggle).toHaveBeenLastCalledWith({
      action: 'feature_preview_disabled',
      feature: PREVIEW.columnPrivileges,
      groups: { project: 'Unknown', organization: 'Unknown' },
    })
  })

  it('asks for the flags again when the cloud provider changes, not when it stays', async () => {
    vi.useFakeTimers()
    let resolveSlow: (flags: RemoteFlags) => void = () => {}
    const { actor, load } = start([
      async () => ({}),
      async (provider) => ({ provider: provider === 'FLY' }),
      () => new Promise((resolve) => (resolveSlow = resolve)),
      async (provider) => ({ provider }),
    ])
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'flags.refresh', cloudProvider: 'FLY' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.remoteFlags).toEqual({ provider: true })
    actor.send({ type: 'flags.refresh', cloudProvider: 'FLY' })
    expect(load).toHaveBeenCalledTimes(2)
    // A change while a load is under way drops that load and asks for the new provider.
    actor.send({ type: 'flags.refresh', cloudProvider: 'AWS' })
    actor.send({ type: 'flags.refresh', cloudProvider: 'AWS_K8S' })
    resolveSlow({ stale: true })
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(4)
    expect(actor.getSnapshot().context.remoteFlags).toEqual({ provider: 'AWS_K8S' })
  })

  it('a failed load hides remote-flagged previews and a refresh retries', async () => {
    vi.useFakeTimers()
    const { actor } = start([() => Promise.reject(new Error('offline')), async () => ({ advisor_rules: true })])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ flags: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context.remoteFlags).toEqual({})
    actor.send({ type: 'flags.refresh', cloudProvider: null })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ flags: 'ready' })).toBe(true)
    expect(actor.getSnapshot().context.remoteFlags).toEqual({ advisor_rules: true })
  })

  it('the modal opens on a key, follows a new key, and closes', () => {
    const { actor } = start([() => new Promise(() => {})])
    actor.send({ type: 'modal.open', key: PREVIEW.inlineEditor })
    expect(actor.getSnapshot().matches({ modal: 'open' })).toBe(true)
    actor.send({ type: 'modal.open', key: PREVIEW.apiSidePanel })
    expect(actor.getSnapshot().context.selectedKey).toBe(PREVIEW.apiSidePanel)
    actor.send({ type: 'modal.close' })
    expect(actor.getSnapshot().matches({ modal: 'closed' })).toBe(true)
    expect(actor.getSnapshot().context.selectedKey).toBeNull()
  })
})
