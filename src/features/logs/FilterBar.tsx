import { css, cx } from 'styled-system/css'
import { LOG_HTTP_METHODS, LOG_LEVELS, LOG_STATUS_GROUPS, POSTGRES_SEVERITIES, type LogSource } from '../../constants'
import { filterableFacets, NO_LOG_FILTERS, type LogFilters } from '../../lib/logs-sql'
import { Button } from '../../ui/button'
import { inputClass } from '../../ui/field'
import { pillToggleClass } from '../../ui/form-section'

const groupClass = css({ display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap' })
const groupLabelClass = css({ fontSize: 'xs', color: 'fg.muted', mr: '1' })

/** The severity words a source's events carry: Postgres's own, the shared levels elsewhere. */
export function severitiesOf(source: LogSource): readonly string[] {
  return source.facets.severity === 'error_severity' ? POSTGRES_SEVERITIES : LOG_LEVELS
}

const toggle = <T,>(values: readonly T[], value: T) => (values.includes(value) ? values.filter((v) => v !== value) : [...values, value])

function Chips<T extends string>({ label, options, selected, onChange }: { label: string; options: readonly { id: T; label: string }[]; selected: readonly T[]; onChange: (values: T[]) => void }) {
  return (
    <div role="group" aria-label={label} className={groupClass}>
      <span aria-hidden className={groupLabelClass}>
        {label}
      </span>
      {options.map((option) => (
        <button key={option.id} type="button" aria-pressed={selected.includes(option.id)} className={pillToggleClass} onClick={() => onChange(toggle(selected, option.id))}>
          {option.label}
        </button>
      ))}
    </div>
  )
}

/**
 * The filters a source has columns for (SPEC §2 logs: status, method, severity, path). `typing` says
 * the change came from a keystroke, so the query waits for a pause.
 */
export function FilterBar({ source, filters, onChange }: { source: LogSource; filters: LogFilters; onChange: (filters: LogFilters, typing: boolean) => void }) {
  const can = filterableFacets(source)
  const active = filters.statuses.length + filters.methods.length + filters.severities.length + (filters.path.trim() ? 1 : 0) > 0
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap', px: '4', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', flexShrink: '0' })}>
      {can.status ? (
        <Chips label="Status" options={LOG_STATUS_GROUPS.map((g) => ({ id: g.id, label: g.id }))} selected={filters.statuses} onChange={(statuses) => onChange({ ...filters, statuses }, false)} />
      ) : null}
      {can.method ? <Chips label="Method" options={LOG_HTTP_METHODS.map((m) => ({ id: m, label: m }))} selected={filters.methods} onChange={(methods) => onChange({ ...filters, methods }, false)} /> : null}
      <Chips label="Severity" options={severitiesOf(source).map((s) => ({ id: s, label: s }))} selected={filters.severities} onChange={(severities) => onChange({ ...filters, severities }, false)} />
      {can.path ? (
        <label className={cx(groupClass, css({ fontSize: 'xs', color: 'fg.muted' }))}>
          Path contains
          <input type="search" className={cx(inputClass, css({ h: '7', w: '48', fontSize: 'xs' }))} value={filters.path} onChange={(event) => onChange({ ...filters, path: event.target.value }, true)} placeholder="/rest/v1/…" />
        </label>
      ) : null}
      {active ? (
        <Button size="sm" variant="ghost" onClick={() => onChange({ ...NO_LOG_FILTERS, search: filters.search }, false)}>
          Clear filters
        </Button>
      ) : null}
    </div>
  )
}
