import { useReactFlow } from '@xyflow/react'
import { useId, useState, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import type { SchemaGraph } from '../../../api/schemas'
import { downloadBlob } from '../../../lib/download'
import { errorMessage } from '../../../lib/error-message'
import { schemaDefinitionSql } from '../../../lib/sql/schema-export'
import { Button } from '../../../ui/button'
import { inputClass } from '../../../ui/field'
import { IconButton } from '../../../ui/icon-button'
import { Menu, MenuItem } from '../../../ui/menu'
import { showToast } from '../../../ui/toast'
import { FIT_VIEW, type Diagram } from './diagram-model'
import type { Point } from './diagram-positions'
import { findTable } from './diagram-search'
import { diagramSvg, svgToPng } from './diagram-svg'
import type { TableCardNode } from './TableCard'

const barClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', px: { base: '4', md: '6' }, py: '2' })

/** A file name part from a schema name: letters, digits, dashes and underscores; the rest become dashes. */
const fileStem = (schema: string) => `schema-${schema.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 60) || 'unnamed'}`

/** Search (centres a table), zoom, fit, a reset of dragged positions, and the exports: SVG, PNG, SQL. */
export function DiagramToolbar({ diagram, graph, keptCount, onResetLayout, summary }: { diagram: Diagram; graph: SchemaGraph; keptCount: number; onResetLayout: () => void; summary: string }) {
  const { setCenter, zoomIn, zoomOut, fitView, setNodes, getNodes } = useReactFlow<TableCardNode>()
  const [search, setSearch] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const searchId = useId()
  const listId = useId()

  const centre = (event: FormEvent) => {
    event.preventDefault()
    const table = findTable(diagram.tables, search)
    if (!table) {
      setProblem(search.trim() === '' ? 'Type a table’s name.' : `No table in ${graph.schema} is called “${search.trim()}”.`)
      return
    }
    setProblem(null)
    const node = getNodes().find((n) => n.data.table.key === table.key)
    if (!node) return
    setNodes((all) => all.map((n) => (n.selected === (n.id === node.id) ? n : { ...n, selected: n.id === node.id })))
    void setCenter(node.position.x + table.width / 2, node.position.y + Math.min(table.height, 400) / 2, { zoom: 1, duration: 300 })
  }

  const placed = () => new Map<string, Point>(getNodes().map((n) => [n.data.table.key, n.position]))
  const exportAs = async (format: string) => {
    try {
      const stem = fileStem(graph.schema)
      if (format === 'sql') {
        downloadBlob(new Blob([schemaDefinitionSql(graph)], { type: 'application/sql' }), `${stem}.sql`)
        return
      }
      const drawing = diagramSvg(diagram, placed(), `The schema ${graph.schema}`)
      if (format === 'svg') downloadBlob(new Blob([drawing.svg], { type: 'image/svg+xml' }), `${stem}.svg`)
      else downloadBlob(await svgToPng(drawing), `${stem}.png`)
    } catch (error) {
      showToast('error', 'The diagram could not be exported', errorMessage(error))
    }
  }

  return (
    <div className={barClass}>
      <form onSubmit={centre} role="search" className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
        <label htmlFor={searchId} className={css({ srOnly: true })}>
          Find a table
        </label>
        <input
          id={searchId}
          list={listId}
          value={search}
          placeholder="Find a table"
          aria-describedby={problem ? `${searchId}-problem` : undefined}
          onChange={(event) => {
            setSearch(event.target.value)
            setProblem(null)
          }}
          className={cx(inputClass, css({ w: '52' }))}
        />
        <datalist id={listId}>
          {diagram.tables.map((t) => (
            <option key={t.key} value={t.name} />
          ))}
        </datalist>
        <Button type="submit" size="sm">
          Show
        </Button>
      </form>
      <span id={`${searchId}-problem`} role="status" className={css({ color: 'danger.default', fontSize: 'xs' })}>
        {problem}
      </span>
      <span className={css({ flex: '1' })} />
      <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>{summary}</span>
      <IconButton size="sm" glyph="−" label="Zoom out" onClick={() => void zoomOut({ duration: 200 })} />
      <IconButton size="sm" glyph="+" label="Zoom in" onClick={() => void zoomIn({ duration: 200 })} />
      <Button size="sm" onClick={() => void fitView({ ...FIT_VIEW, duration: 300 })}>
        Fit
      </Button>
      <Button size="sm" disabled={keptCount === 0} title={keptCount === 0 ? 'No table was moved' : undefined} onClick={onResetLayout}>
        Reset layout
      </Button>
      <Menu label="Export" triggerLabel="Export" onSelect={(format) => void exportAs(format)}>
        <MenuItem value="svg">Image (SVG)</MenuItem>
        <MenuItem value="png">Image (PNG)</MenuItem>
        <MenuItem value="sql">SQL that makes the schema</MenuItem>
      </Menu>
    </div>
  )
}
