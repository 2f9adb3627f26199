import { useQuery } from '@tanstack/react-query'
import { ShieldOff } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'
import { projectSettingsQuery } from '../../api/queries/projects'
import type { TableEntity } from '../../api/schemas'
import { exposedSchemas } from '../../lib/exposed-schemas'
import { isProtectedSchema, schemasForPicker } from '../../lib/protected-schemas'
import { inputClass } from '../../ui/field'
import { SearchBox, SidePanel, sideListItemStyle, sidePanelHeadingClass } from '../../ui/side-panel'
import { NewTableButton } from './TableStructureView'

export const TYPE_LABEL: Record<TableEntity['type'], string> = {
  table: 'Table',
  view: 'View',
  materialized_view: 'Materialized view',
  foreign_table: 'Foreign table',
}

/**
 * The side list of the table editor: one schema's tables, chosen in a picker (the user's schemas
 * first, the platform's marked protected), or every schema's matches while searching. The schema
 * follows the table opened, wherever it was opened from (a link, a foreign key, the command menu).
 */
export function EntityList({
  projectRef,
  connectionString,
  entities,
  selectedId,
}: {
  projectRef: string
  connectionString: string | null | undefined
  entities: ReturnType<typeof useQuery<TableEntity[]>>
  selectedId: number | null
}) {
  const [search, setSearch] = useState('')
  const needle = search.trim().toLowerCase()
  // RLS off matters where the API serves the table: only there does the list mark it.
  const apiSchemas = exposedSchemas(useQuery(projectSettingsQuery(projectRef)).data?.app_config?.db_schema)
  const openedSchema = entities.data?.find((entity) => entity.id === selectedId)?.schema
  // A schema the user picks holds until a table of another schema opens; the list follows that one.
  const [choice, setChoice] = useState<{ schema: string; opened: string | undefined } | null>(null)
  const schema = (choice && choice.opened === openedSchema ? choice.schema : openedSchema) ?? 'public'
  const picker = useMemo(() => schemasForPicker(['public', schema, ...(entities.data ?? []).map((entity) => entity.schema)]), [entities.data, schema])
  const bySchema = useMemo(() => {
    const groups = new Map<string, TableEntity[]>()
    for (const entity of entities.data ?? []) {
      if (needle ? !`${entity.schema}.${entity.name}`.toLowerCase().includes(needle) : entity.schema !== schema) continue
      groups.set(entity.schema, [...(groups.get(entity.schema) ?? []), entity])
    }
    return [...groups.entries()]
  }, [entities.data, needle, schema])
  const pickerId = useId()

  return (
    <SidePanel
      label="Tables"
      onNarrow={selectedId === null ? 'fill' : 'hide'}
      toolbar={
        <div className={css({ borderBottomWidth: '1px', borderColor: 'border.default' })}>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '2', pt: '2' })}>
            <label htmlFor={pickerId} className={css({ fontSize: 'xs', color: 'fg.muted', flexShrink: '0' })}>
              Schema
            </label>
            <select id={pickerId} className={cx(inputClass, css({ h: '8', flex: '1', minW: '0' }))} value={schema} onChange={(event) => setChoice({ schema: event.target.value, opened: openedSchema })}>
              {picker.user.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
              {picker.protected.length > 0 ? (
                <optgroup label="Protected: managed by the platform">
                  {picker.protected.map((name) => (
                    <option key={name} value={name}>
                      {name} (protected)
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          </div>
          <div className={css({ display: 'flex', alignItems: 'center', pr: '2' })}>
            <div className={css({ flex: '1', minW: '0' })}>
              <SearchBox label="Search tables" value={search} onChange={setSearch} />
            </div>
            <NewTableButton projectRef={projectRef} connectionString={connectionString} entities={entities.data ?? []} />
          </div>
          {isProtectedSchema(schema) && !needle ? (
            <p role="note" className={css({ px: '3', pb: '2', fontSize: 'xs', color: 'fg.muted' })}>
              {schema} is managed by the platform: read its tables here, but change them only through the platform’s own screens.
            </p>
          ) : null}
        </div>
      }
    >
      {entities.isPending ? <p className={mutedClass}>Loading tables…</p> : null}
      {entities.isError ? (
        <p role="alert" className={cx(mutedClass, css({ color: 'danger.default' }))}>
          Failed to load tables: {entities.error.message}
        </p>
      ) : null}
      {entities.isSuccess && bySchema.length === 0 ? (
        <p className={mutedClass}>{needle ? `No tables match "${search.trim()}".` : `The schema ${schema} has no tables yet.`}</p>
      ) : null}
      {bySchema.map(([schemaName, list]) => (
        <section key={schemaName} aria-label={`Schema ${schemaName}`}>
          <h2 className={sidePanelHeadingClass}>{schemaName}</h2>
          <ul>
            {list.map((entity) => (
              <li key={entity.id}>
                <Link href={`/project/${projectRef}/editor/${entity.id}`} aria-current={entity.id === selectedId ? 'page' : undefined} className={entityLinkClass}>
                  <span className={css({ flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{entity.name}</span>
                  {entity.type !== 'table' ? <span className={css({ fontSize: 'xs', color: 'fg.subtle' })}>{TYPE_LABEL[entity.type]}</span> : null}
                  {/* The table's own header says it in words; here a glance down the list finds the open ones. */}
                  {entity.type === 'table' && !entity.rls_enabled && apiSchemas.includes(entity.schema) ? (
                    <span title="RLS disabled" className={css({ display: 'flex', color: 'warning.default' })}>
                      <ShieldOff aria-hidden size={13} />
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </SidePanel>
  )
}

const mutedClass = css({ px: '2', py: '2', color: 'fg.muted', fontSize: 'sm' })
const entityLinkClass = css(sideListItemStyle, { py: '1' })
