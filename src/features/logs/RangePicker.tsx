import { useState, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { LOG_TIME_RANGES } from '../../constants'
import { customRangeProblem, toLocalInput, type LogRange, type LogTimeRangeId, type ResolvedRange } from '../../lib/log-range'
import { Button } from '../../ui/button'
import { fieldErrorClass, inputClass } from '../../ui/field'

const CUSTOM = 'custom'
const smallInput = cx(inputClass, css({ h: '8', w: 'auto', fontSize: 'xs' }))

/**
 * The time range: a quick range (counted back from now at each read) or a custom one, two local
 * dates and times applied together.
 */
export function RangePicker({ range, resolved, onChange }: { range: LogRange; resolved: ResolvedRange; onChange: (range: LogRange) => void }) {
  const [editing, setEditing] = useState(false)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  function choose(value: string) {
    if (value === CUSTOM) {
      setFrom(toLocalInput(resolved.start))
      setTo(toLocalInput(resolved.end))
      setProblem(null)
      setEditing(true)
      return
    }
    setEditing(false)
    onChange({ kind: 'relative', id: value as LogTimeRangeId })
  }

  function apply(event: FormEvent) {
    event.preventDefault()
    const why = customRangeProblem(from, to)
    setProblem(why)
    if (why) return
    setEditing(false)
    onChange({ kind: 'custom', start: new Date(from).toISOString(), end: new Date(to).toISOString() })
  }

  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
      <label className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
        Range
        <select className={smallInput} value={editing || range.kind === 'custom' ? CUSTOM : range.id} onChange={(event) => choose(event.target.value)}>
          {LOG_TIME_RANGES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
          <option value={CUSTOM}>Custom…</option>
        </select>
      </label>
      {editing ? (
        <form aria-label="Custom range" onSubmit={apply} className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <label className={css({ fontSize: 'xs', color: 'fg.muted', display: 'flex', alignItems: 'center', gap: '1' })}>
            From
            <input type="datetime-local" className={smallInput} value={from} onChange={(event) => setFrom(event.target.value)} aria-invalid={problem ? true : undefined} />
          </label>
          <label className={css({ fontSize: 'xs', color: 'fg.muted', display: 'flex', alignItems: 'center', gap: '1' })}>
            To
            <input type="datetime-local" className={smallInput} value={to} onChange={(event) => setTo(event.target.value)} aria-invalid={problem ? true : undefined} />
          </label>
          <Button size="sm" type="submit">
            Apply
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          {problem ? (
            <span role="alert" className={fieldErrorClass}>
              {problem}
            </span>
          ) : null}
        </form>
      ) : null}
    </div>
  )
}
