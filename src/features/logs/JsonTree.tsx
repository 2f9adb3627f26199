import { css } from 'styled-system/css'

// An event as a tree: objects and arrays fold open and shut (a native <details>, so keyboard and
// screen readers know it), the first levels open. Keys and values are shown as text, never markup.

const OPEN_DEPTH = 2

const keyClass = css({ color: 'info.default' })
const valueClass = css({ wordBreak: 'break-all', whiteSpace: 'pre-wrap' })
const kindClass = {
  string: css({ color: 'accent.default' }),
  number: css({ color: 'warning.default' }),
  boolean: css({ color: 'warning.default' }),
  null: css({ color: 'fg.subtle', fontStyle: 'italic' }),
}

function Scalar({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className={kindClass.null}>null</span>
  if (typeof value === 'string') return <span className={`${valueClass} ${kindClass.string}`}>{JSON.stringify(value)}</span>
  if (typeof value === 'number' || typeof value === 'bigint') return <span className={kindClass.number}>{String(value)}</span>
  if (typeof value === 'boolean') return <span className={kindClass.boolean}>{String(value)}</span>
  return <span className={valueClass}>{String(value)}</span>
}

const isBranch = (value: unknown): value is object => typeof value === 'object' && value !== null

function summary(value: object): string {
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`
  const keys = Object.keys(value)
  return `{${keys.length} key${keys.length === 1 ? '' : 's'}}`
}

function Node({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const label = name === null ? null : <span className={keyClass}>{name}: </span>
  if (!isBranch(value)) {
    return (
      <li>
        {label}
        <Scalar value={value} />
      </li>
    )
  }
  const entries = Object.entries(value)
  return (
    <li>
      <details open={depth < OPEN_DEPTH}>
        <summary className={css({ cursor: 'pointer' })}>
          {label}
          <span className={css({ color: 'fg.muted' })}>{summary(value)}</span>
        </summary>
        {entries.length > 0 ? (
          <ul className={css({ pl: '4', borderLeftWidth: '1px', borderColor: 'border.default', ml: '1' })}>
            {entries.map(([key, child]) => (
              <Node key={key} name={Array.isArray(value) ? key : JSON.stringify(key)} value={child} depth={depth + 1} />
            ))}
          </ul>
        ) : null}
      </details>
    </li>
  )
}

export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul aria-label={label} className={css({ fontFamily: 'mono', fontSize: 'xs', lineHeight: '1.6', listStyle: 'none', '& ul': { listStyle: 'none' } })}>
      <Node name={null} value={value} depth={0} />
    </ul>
  )
}
