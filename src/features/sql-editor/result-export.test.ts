import { afterEach, describe, expect, it, vi } from 'vitest'
import { toCsv, toJson } from '../../lib/sql/result-format'
import { exportResult } from './result-export'

const columns = ['id', 'name']
const rows = Array.from({ length: 23 }, (_, i) => ({ id: i, name: i % 4 === 0 ? null : `n,"${i}" ☃` }))

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('exportResult', () => {
  it('downloads exactly the CSV text, reporting progress per chunk', async () => {
    const download = vi.fn<(blob: Blob, fileName: string) => void>()
    const progress: [number, number][] = []
    const summary = await exportResult({
      format: 'csv',
      columns,
      rows,
      fileName: 'r.csv',
      chunkRows: 10,
      download,
      onProgress: (p) => progress.push([p.done, p.total]),
    })
    expect(download).toHaveBeenCalledOnce()
    const [blob, name] = download.mock.calls[0]!
    expect(name).toBe('r.csv')
    expect(blob.type).toBe('text/csv;charset=utf-8')
    expect(await blob.text()).toBe(toCsv(columns, rows))
    expect(progress).toEqual([
      [0, 23],
      [0, 23],
      [10, 23],
      [20, 23],
      [23, 23],
    ])
    expect(summary.rows).toBe(23)
    expect(summary.bytes).toBe(new TextEncoder().encode(toCsv(columns, rows)).length)
    expect(summary.ms).toBeGreaterThanOrEqual(0)
  })

  it('downloads exactly the JSON text', async () => {
    const download = vi.fn<(blob: Blob, fileName: string) => void>()
    await exportResult({ format: 'json', columns, rows, fileName: 'r.json', chunkRows: 7, download })
    const blob = download.mock.calls[0]![0]
    expect(blob.type).toBe('application/json;charset=utf-8')
    expect(await blob.text()).toBe(toJson(columns, rows))
  })

  it('yields to the event loop between chunks', async () => {
    const download = vi.fn()
    let ticks = 0
    const timer = setInterval(() => ticks++, 0)
    await exportResult({ format: 'csv', columns, rows, fileName: 'r.csv', chunkRows: 1, download })
    clearInterval(timer)
    expect(ticks).toBeGreaterThan(5)
  })

  it('stops, without downloading, when aborted midway', async () => {
    const controller = new AbortController()
    const download = vi.fn()
    const promise = exportResult({
      format: 'csv',
      columns,
      rows,
      fileName: 'r.csv',
      chunkRows: 5,
      download,
      signal: controller.signal,
      onProgress: (p) => p.done >= 10 && controller.abort(),
    })
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' })
    expect(download).not.toHaveBeenCalled()
  })

  it('does not start when already aborted', async () => {
    const download = vi.fn()
    await expect(exportResult({ format: 'json', columns, rows, fileName: 'r.json', download, signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(download).not.toHaveBeenCalled()
  })
})
