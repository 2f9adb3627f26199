import { describe, expect, it } from 'vitest'
import { ownRecord } from '../../../lib/own-record'
import { largeSchemaGraph } from '../../../test/large-schema'
import { layoutDiagram, placeTables } from './diagram-layout'
import { diagramOf, type DiagramTable } from './diagram-model'
import type { Point } from './diagram-positions'

const overlaps = (a: DiagramTable, at: Point, b: DiagramTable, bt: Point) => at.x < bt.x + b.width && bt.x < at.x + a.width && at.y < bt.y + b.height && bt.y < at.y + a.height

describe('layoutDiagram', () => {
  it('places every table without overlap, a referenced table to the right of the one that points at it', () => {
    const diagram = diagramOf(largeSchemaGraph(40, 60))
    const placed = layoutDiagram(diagram)
    expect(placed.size).toBe(40)
    for (const [i, a] of diagram.tables.entries()) {
      for (const b of diagram.tables.slice(i + 1)) expect(overlaps(a, placed.get(a.key)!, b, placed.get(b.key)!), `${a.key} and ${b.key}`).toBe(false)
    }
    const rightward = diagram.edges.filter((e) => e.source !== e.target && placed.get(e.target)!.x > placed.get(e.source)!.x).length
    expect(rightward).toBe(diagram.edges.filter((e) => e.source !== e.target).length)
  })

  it('lays out tables named like object properties', () => {
    const graph = largeSchemaGraph(4, 3)
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty']
    const renamed = { ...graph, tables: graph.tables.map((t, i) => ({ ...t, name: names[i]! })), foreign_keys: graph.foreign_keys.map((k) => ({ ...k, target_name: names[k.target_id - 10_000]! })) }
    const placed = layoutDiagram(diagramOf(renamed))
    expect([...placed.keys()].sort()).toEqual([...names].sort())
    expect([...placed.values()].every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true)
  })
})

describe('placeTables', () => {
  it('puts a table a user dragged where they left it, the others where the layout put them', () => {
    const diagram = diagramOf(largeSchemaGraph(3, 2))
    const laidOut = layoutDiagram(diagram)
    const kept = ownRecord([['table_0001', { x: -500, y: 42 }], ['gone_table', { x: 1, y: 1 }]])
    const placed = placeTables(diagram, laidOut, kept)
    expect(placed.get('table_0001')).toEqual({ x: -500, y: 42 })
    expect(placed.get('table_0000')).toEqual(laidOut.get('table_0000'))
    expect(placed.has('gone_table')).toBe(false)
  })
})
