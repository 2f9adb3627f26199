import { describe, expect, it } from 'vitest'
import { ownRecord } from '../../../lib/own-record'
import { largeSchemaGraph } from '../../../test/large-schema'
import { foldTallLayout, layoutDiagram, placeTables } from './diagram-layout'
import { diagramOf, type Diagram, type DiagramTable } from './diagram-model'
import type { Point } from './diagram-positions'

const overlaps = (a: DiagramTable, at: Point, b: DiagramTable, bt: Point) => at.x < bt.x + b.width && bt.x < at.x + a.width && at.y < bt.y + b.height && bt.y < at.y + a.height

function boundsOf(diagram: Diagram, placed: Map<string, Point>) {
  const xs = diagram.tables.flatMap((t) => [placed.get(t.key)!.x, placed.get(t.key)!.x + t.width])
  const ys = diagram.tables.flatMap((t) => [placed.get(t.key)!.y, placed.get(t.key)!.y + t.height])
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) }
}

describe('layoutDiagram', () => {
  it('places every table of a small schema without overlap, a referenced table to the right of the one that points at it', () => {
    const diagram = diagramOf(largeSchemaGraph(16, 24))
    const placed = layoutDiagram(diagram)
    expect(placed.size).toBe(16)
    for (const [i, a] of diagram.tables.entries()) {
      for (const b of diagram.tables.slice(i + 1)) expect(overlaps(a, placed.get(a.key)!, b, placed.get(b.key)!), `${a.key} and ${b.key}`).toBe(false)
    }
    const rightward = diagram.edges.filter((e) => e.source !== e.target && placed.get(e.target)!.x > placed.get(e.source)!.x).length
    expect(rightward).toBe(diagram.edges.filter((e) => e.source !== e.target).length)
  })

  it('sets the bands of a tall schema side by side, near the shape of the screen, none over another', () => {
    const diagram = diagramOf(largeSchemaGraph(500, 800))
    const placed = layoutDiagram(diagram)
    const { width, height } = boundsOf(diagram, placed)
    expect(width / height).toBeGreaterThan(0.8)
    expect(width / height).toBeLessThan(3)
    const sorted = [...diagram.tables].sort((a, b) => placed.get(a.key)!.x - placed.get(b.key)!.x)
    for (const [i, a] of sorted.entries()) {
      const at = placed.get(a.key)!
      for (const b of sorted.slice(i + 1)) {
        const bt = placed.get(b.key)!
        if (bt.x >= at.x + a.width) break
        expect(overlaps(a, at, b, bt), `${a.key} and ${b.key}`).toBe(false)
      }
    }
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

describe('foldTallLayout', () => {
  it('cuts a strip taller than the screen into bands side by side, each keeping its cards as laid out', () => {
    const diagram = diagramOf(largeSchemaGraph(60, 0))
    let y = 0
    const strip = new Map<string, Point>()
    for (const table of diagram.tables) {
      strip.set(table.key, { x: 0, y })
      y += table.height + 36
    }
    const folded = foldTallLayout(diagram, strip)
    const columns = [...new Set([...folded.values()].map((p) => p.x))].sort((a, b) => a - b)
    expect(columns.length).toBeGreaterThan(2)
    expect(columns[1]! - columns[0]!).toBeGreaterThan(diagram.tables[0]!.width)
    for (const [i, table] of diagram.tables.slice(1).entries()) {
      const before = diagram.tables[i]!
      const sameBand = folded.get(table.key)!.x === folded.get(before.key)!.x
      if (sameBand) expect(folded.get(table.key)!.y - folded.get(before.key)!.y).toBe(strip.get(table.key)!.y - strip.get(before.key)!.y)
      else expect(folded.get(table.key)!.x).toBeGreaterThan(folded.get(before.key)!.x)
    }
  })

  it('leaves a schema already near the shape of the screen as laid out', () => {
    const diagram = diagramOf(largeSchemaGraph(4, 0))
    const row = new Map(diagram.tables.map((t, i) => [t.key, { x: i * 400, y: 0 }]))
    expect(foldTallLayout(diagram, row)).toBe(row)
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
