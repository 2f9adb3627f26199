import { describe, expect, it, vi } from 'vitest'
import { LARGE_TABLE } from './large-tables.ts'
import { createProviderCache } from './provider-cache.ts'
import type { ProjectDatabase } from './types.ts'

function fakeOpen() {
  return vi.fn(async (_ref: string, forget: () => void): Promise<ProjectDatabase> => ({
    exec: async () => [],
    query: async () => ({ rows: [], fields: [] }),
    close: async () => forget(),
  }))
}

describe('createProviderCache', () => {
  it('opens a ref once, even when asked concurrently', async () => {
    const open = fakeOpen()
    const provider = createProviderCache(open, { seed: false })
    const [a, b] = await Promise.all([provider.open('one'), provider.open('one')])
    expect(a).toBe(b)
    expect(await provider.open('one')).toBe(a)
    expect(await provider.open('two')).not.toBe(a)
    expect(open).toHaveBeenCalledTimes(2)
  })

  it('forgets a closed database and a failed open, so the next open starts again', async () => {
    const open = fakeOpen()
    const provider = createProviderCache(open, { seed: false })
    const first = await provider.open('one')
    await first.close()
    expect(await provider.open('one')).not.toBe(first)

    open.mockRejectedValueOnce(new Error('no server'))
    await expect(provider.open('bad')).rejects.toThrow('no server')
    await expect(provider.open('bad')).resolves.toBeDefined()
  })

  it('answers a failed open with its failure for a while before it tries again, so requests meanwhile do not each start a database', async () => {
    vi.useFakeTimers()
    try {
      const open = fakeOpen()
      const provider = createProviderCache(open, { seed: false, retryFailedOpenAfterMs: 5_000 })
      open.mockRejectedValueOnce(new Error('extension bundle refused'))
      await expect(provider.open('bad')).rejects.toThrow('extension bundle refused')
      for (let request = 0; request < 20; request++) await expect(provider.open('bad')).rejects.toThrow('extension bundle refused')
      await vi.advanceTimersByTimeAsync(4_000)
      await expect(provider.open('bad')).rejects.toThrow('extension bundle refused')
      expect(open).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1_000)
      await expect(provider.open('bad')).resolves.toBeDefined()
      expect(open).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('settles a ref once its database has opened or failed to (true), and at once for a ref not opening (false)', async () => {
    let finish: (db: ProjectDatabase) => void = () => {}
    const open = vi.fn((_ref: string, forget: () => void) =>
      new Promise<ProjectDatabase>((resolve) => (finish = resolve)).then((db) => ({ ...db, close: async () => forget() })),
    )
    const provider = createProviderCache(open, { seed: false })
    await expect(provider.settled('idle')).resolves.toBe(false)
    const opening = provider.open('one')
    let settled: boolean | null = null
    const waiting = provider.settled('one').then((waited) => (settled = waited))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBeNull()
    finish({ exec: async () => [], query: async () => ({ rows: [], fields: [] }), close: async () => undefined })
    await waiting
    expect(settled).toBe(true)
    await opening
    // Open now, not opening.
    await expect(provider.settled('one')).resolves.toBe(false)

    const failing = createProviderCache(async () => Promise.reject(new Error('no server')))
    const failed = failing.open('bad')
    await expect(failing.settled('bad')).resolves.toBe(true)
    await expect(failed).rejects.toThrow('no server')
    await expect(failing.settled('bad')).resolves.toBe(false)
  })

  it('closes what failed to seed, and closes everything on closeAll', async () => {
    const close = vi.fn(async () => undefined)
    const failing = createProviderCache(async () => ({ exec: async () => Promise.reject(new Error('seed failed')), query: async () => ({ rows: [], fields: [] }), close }))
    await expect(failing.open('x')).rejects.toThrow('seed failed')
    expect(close).toHaveBeenCalledTimes(1)

    const open = fakeOpen()
    const provider = createProviderCache(open, { seed: false })
    const db = await provider.open('one')
    const closeSpy = vi.spyOn(db, 'close')
    await provider.closeAll()
    expect(closeSpy).toHaveBeenCalled()
    expect(await provider.open('one')).not.toBe(db)
  })

  it('gives the platform layer, then the seed, then the large fixture once, for the refs that have it', async () => {
    const statements: Record<string, string[]> = { warehouse: [], plain: [] }
    const provider = createProviderCache(
      async (ref) => ({
        exec: async (sql) => {
          statements[ref]!.push(sql.includes(`create table ${LARGE_TABLE}`) ? 'large tables' : sql.includes('platform_layer') ? 'platform layer' : 'seed')
          return []
        },
        query: async () => {
          // Neither the platform layer's version, the seed's marker nor the large table exists yet.
          statements[ref]!.push('check')
          return { rows: [{}], fields: [] }
        },
        close: async () => undefined,
      }),
      { largeTables: (ref) => ref === 'warehouse' },
    )
    await Promise.all([provider.open('warehouse'), provider.open('warehouse'), provider.open('plain')])
    await provider.open('warehouse')
    expect(statements['warehouse']).toEqual(['check', 'platform layer', 'check', 'seed', 'check', 'large tables'])
    expect(statements['plain']).toEqual(['check', 'platform layer', 'check', 'seed'])
  })
})
