import { describe, expect, it } from 'vitest'
import { largeSchemaGraph } from '../../../test/large-schema'
import { layoutDiagram } from './diagram-layout'
import { diagramOf } from './diagram-model'
import { diagramBounds, diagramSvg, escapeXml, pngScale } from './diagram-svg'

describe('the diagram as SVG', () => {
  it('draws a card per table and a line per key, sized to the drawing', () => {
    const diagram = diagramOf(largeSchemaGraph(6, 5))
    const placed = layoutDiagram(diagram)
    const { svg, width, height } = diagramSvg(diagram, placed, 'The schema public')
    expect(svg.match(/<g class="card">/g)).toHaveLength(6)
    expect(svg.match(/marker-end="url\(#arrow\)"/g)).toHaveLength(diagram.edges.length)
    const bounds = diagramBounds(diagram, placed)
    expect(width).toBe(Math.ceil(bounds.width + 64))
    expect(height).toBe(Math.ceil(bounds.height + 64))
    expect(svg).toContain(`viewBox="${bounds.x - 32} ${bounds.y - 32} ${width} ${height}"`)
  })

  it('escapes every name: a table or column called like markup stays text', () => {
    const graph = largeSchemaGraph(2, 1)
    const payload = `<script>alert("x")</script>&'`
    graph.tables[0]!.name = payload
    graph.tables[0]!.columns[1]!.name = `<img src=x>`
    graph.foreign_keys[0]!.name = `</title><script>1</script>`
    graph.foreign_keys[0]!.target_name = payload
    const diagram = diagramOf(graph)
    const { svg } = diagramSvg(diagram, layoutDiagram(diagram), payload)
    expect(svg).not.toMatch(/<script|<img|<\/title><script/)
    expect(svg).toContain(escapeXml('<img src=x>'))
    expect(escapeXml(`<a href="x">'&`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;')
  })

  it('scales a PNG down to what a canvas can hold', () => {
    expect(pngScale(1000, 800)).toBe(2)
    expect(pngScale(20_000, 1000)).toBeCloseTo(16_384 / 20_000)
    const scale = pngScale(15_000, 15_000)
    expect(15_000 * scale * 15_000 * scale).toBeLessThanOrEqual(268_000_000 + 1)
  })
})
