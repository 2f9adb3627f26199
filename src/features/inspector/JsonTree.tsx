import { css } from 'styled-system/css'
import type { JsonValue } from '../../lib/inspector-json'

const leafClass = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' })
const keyClass = css({ color: 'info.default' })

function Leaf({ value }: { value: JsonValue }) {
  if (value === null) return <span className={css({ color: 'fg.subtle' })}>null</span>
  if (typeof value === 'string') return <span className={css({ color: 'accent.emphasis' })}>"{value}"</span>
  return <span className={css({ color: 'warning.default' })}>{String(value)}</span>
}

function Node({ name, value, depth }: { name: string | null; value: JsonValue; depth: number }) {
  if (value === null || typeof value !== 'object') {
    return (
      <div className={leafClass}>
        {name !== null ? <span className={keyClass}>{name}: </span> : null}
        <Leaf value={value} />
      </div>
    )
  }
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value)
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`
  return (
    <details open={depth < 2} className={leafClass}>
      <summary className={css({ cursor: 'pointer' })}>
        {name !== null ? <span className={keyClass}>{name} </span> : null}
        <span className={css({ color: 'fg.subtle' })}>{summary}</span>
      </summary>
      <div className={css({ pl: '3.5', borderLeftWidth: '1px', borderColor: 'border.default', ml: '1' })}>
        {entries.map(([key, child]) => (
          <Node key={key} name={key} value={child} depth={depth + 1} />
        ))}
      </div>
    </details>
  )
}

/** A JSON value as a collapsible tree (the first two levels open). */
export function JsonTree({ value, label }: { value: JsonValue; label: string }) {
  return (
    <div aria-label={label} className={css({ overflow: 'auto' })}>
      <Node name={null} value={value} depth={0} />
    </div>
  )
}
