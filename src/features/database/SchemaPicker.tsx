import { useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { schemaListQuery } from '../../api/queries/schema-graph'
import { schemasForPicker } from '../../lib/protected-schemas'
import { inputClass } from '../../ui/field'
import { useProjectDatabase } from './use-project-database'

const DEFAULT_SCHEMA = 'public'

/** The schema a Database screen shows, kept in its address (`?schema=`, public when absent), and a way to choose another. */
export function useSchemaParam(): [string, (schema: string) => void] {
  const [location, navigate] = useLocation()
  const schema = new URLSearchParams(useSearch()).get('schema') || DEFAULT_SCHEMA
  return [schema, (next) => navigate(`${location}?schema=${encodeURIComponent(next)}`, { replace: true })]
}

/**
 * The schema picker of the Database screens: the user's schemas first (public leading), the
 * platform's under a heading of their own, each with how many relations it holds.
 */
export function SchemaPicker({ projectRef, schema, onChange }: { projectRef: string; schema: string; onChange: (schema: string) => void }) {
  const { connectionString } = useProjectDatabase(projectRef)
  const schemas = useQuery({ ...schemaListQuery(projectRef, connectionString), enabled: Boolean(connectionString) })
  const id = useId()
  const relations = useMemo(() => new Map((schemas.data ?? []).map((s) => [s.name, s.relations])), [schemas.data])
  const picker = useMemo(() => schemasForPicker([schema, ...relations.keys()]), [schema, relations])
  const option = (name: string) => (
    <option key={name} value={name}>
      {relations.has(name) ? `${name} (${relations.get(name)})` : name}
    </option>
  )
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
      <label htmlFor={id} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        Schema
      </label>
      <select id={id} value={schema} onChange={(event) => onChange(event.target.value)} className={cx(inputClass, css({ w: 'auto', minW: '40' }))}>
        {picker.user.map(option)}
        {picker.protected.length > 0 ? <optgroup label="Protected: managed by the platform">{picker.protected.map(option)}</optgroup> : null}
      </select>
    </div>
  )
}
