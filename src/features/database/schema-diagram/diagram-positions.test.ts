import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../../../test/memory-storage'
import { diagramPositionsKey, readDiagramPositions, writeDiagramPositions } from './diagram-positions'

afterEach(() => vi.restoreAllMocks())

describe('the diagram positions a user dragged', () => {
  it('are kept per schema, names like object properties included, and a schema without any loses its entry', () => {
    const storage = new MemoryStorage()
    expect(writeDiagramPositions('ref1', 'public', Object.assign(Object.create(null), { orders: { x: 10.4, y: -20.6 }, ['__proto__']: { x: 1, y: 2 } }), storage)).toBe(true)
    expect(writeDiagramPositions('ref1', 'constructor', Object.assign(Object.create(null), { t: { x: 5, y: 5 } }), storage)).toBe(true)
    const publicPositions = readDiagramPositions('ref1', 'public', storage)
    expect(Object.getPrototypeOf(publicPositions)).toBeNull()
    expect({ ...publicPositions }).toEqual({ orders: { x: 10, y: -21 }, ['__proto__']: { x: 1, y: 2 } })
    expect({ ...readDiagramPositions('ref1', 'constructor', storage) }).toEqual({ t: { x: 5, y: 5 } })
    expect(Object.keys(readDiagramPositions('ref1', 'toString', storage))).toEqual([])
    expect(Object.keys(readDiagramPositions('other', 'public', storage))).toEqual([])

    writeDiagramPositions('ref1', 'public', Object.create(null), storage)
    expect(JSON.parse(storage.getItem(diagramPositionsKey('ref1'))!)).toEqual({ constructor: { t: [5, 5] } })
  })

  it('discard a corrupt or out-of-range value with a warning, and read as none', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    for (const raw of ['{', '[]', '{"public":{"t":[1]}}', '{"public":{"t":[1e12,0]}}', '{"public":{"t":["1","2"]}}', '{"public":[]}']) {
      const storage = new MemoryStorage()
      storage.setItem(diagramPositionsKey('ref1'), raw)
      expect(Object.keys(readDiagramPositions('ref1', 'public', storage)), raw).toEqual([])
      expect(storage.getItem(diagramPositionsKey('ref1')), raw).toBeNull()
    }
    expect(warn).toHaveBeenCalled()
  })
})
