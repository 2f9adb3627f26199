import { useQuery } from '@tanstack/react-query'
import { BookOpen, Code2 } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'
import { databaseExtensionsQuery } from '../../../api/queries/database-extensions'
import { ENABLED_ON_EVERY_PROJECT_MESSAGE, EXTENSION_TAGS, PERMISSION_MESSAGE, type ExtensionTag } from '../../../constants'
import { settings } from '../../../lib/settings'
import { Badge } from '../../../ui/badge'
import { Callout } from '../../../ui/callout'
import { ExternalLink } from '../../../ui/external-link'
import { inputClass, SearchField, ValueOptions } from '../../../ui/field'
import { EmptyState, QueryStates } from '../../../ui/states'
import { Switch } from '../../../ui/switch'
import { showToast } from '../../../ui/toast'
import { currentDestination } from '../../project-shell'
import { QueryLoadingState } from '../../retries'
import { DatabaseToolPage, ToolTable } from '../DatabaseToolPage'
import { useDatabaseWritePermission, useProjectDatabase } from '../use-project-database'
import { DisableExtensionDialog, EnableExtensionDialog } from './ExtensionDialogs'
import { extensionRows, filterExtensionRows, type ExtensionRow } from './extension-list'

type Change = { kind: 'enable' | 'disable'; extension: ExtensionRow }

const cellClass = css({ px: '3', py: '2.5', verticalAlign: 'top', borderTopWidth: '1px', borderColor: 'border.default' })

/** /project/{ref}/database/extensions: the database's extensions, merged with the catalogue (SPEC §3). */
export function ExtensionsScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const extensions = useQuery({ ...databaseExtensionsQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const permission = useDatabaseWritePermission(ref, 'extensions', PERMISSION_MESSAGE.manageExtensions)
  const [search, setSearch] = useState('')
  const [tag, setTag] = useState<ExtensionTag | null>(null)
  const [enabledOnly, setEnabledOnly] = useState(false)
  const [change, setChange] = useState<Change | null>(null)
  const tagId = useId()

  const rows = useMemo(() => extensionRows(extensions.data ?? []), [extensions.data])
  const shown = useMemo(() => filterExtensionRows(rows, { search, tag, enabledOnly }), [rows, search, tag, enabledOnly])
  const enabledCount = rows.filter((row) => row.state === 'enabled').length
  const availableCount = rows.filter((row) => row.state !== 'unavailable').length

  const done = (message: string) => {
    setChange(null)
    showToast('success', message)
    void refresh()
  }

  return (
    <DatabaseToolPage
      title="Extensions"
      description={
        extensions.isSuccess
          ? `${enabledCount} enabled of the ${availableCount} this project’s Postgres can install.`
          : 'Postgres extensions of this project’s database.'
      }
    >
      {permission.reason ? <Callout tone="warning" title={permission.reason} /> : null}
      <div role="search" className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
        <SearchField label="Search extensions" placeholder="Search extensions…" value={search} onChange={setSearch} className={css({ flex: '1', minW: '48', maxW: 'sm' })} />
        <label htmlFor={tagId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Tag
        </label>
        <select id={tagId} className={cx(inputClass, css({ w: 'auto' }))} value={tag ?? ''} onChange={(event) => setTag((event.target.value || null) as ExtensionTag | null)}>
          <option value="">All tags</option>
          <ValueOptions values={EXTENSION_TAGS} />
        </select>
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
          <input type="checkbox" checked={enabledOnly} onChange={(event) => setEnabledOnly(event.target.checked)} />
          Enabled only
        </label>
      </div>
      <QueryStates query={extensions} loading={<QueryLoadingState label="Loading extensions…" queryKey={databaseExtensionsQuery(ref, connectionString).queryKey} />} failed="The extensions could not be read">
        {() => shown.length === 0 ? (
          <EmptyState title="No extension matches">Try another word or tag.</EmptyState>
        ) : (
          <ToolTable columns={['Name', 'Description', 'Version', 'Schema', { hidden: 'Enabled' }]}>
            {shown.map((row) => (
              <ExtensionTableRow
                key={row.name}
                projectRef={ref}
                row={row}
                disabled={!permission.allowed}
                onChange={(enable) => setChange({ kind: enable ? 'enable' : 'disable', extension: row })}
              />
            ))}
          </ToolTable>
        )}
      </QueryStates>
      {change?.kind === 'enable' ? (
        <EnableExtensionDialog
          projectRef={ref}
          connectionString={connectionString}
          extension={change.extension}
          run={run}
          onDone={() => done(`Extension ${change.extension.name} enabled`)}
          onClose={() => setChange(null)}
        />
      ) : null}
      {change?.kind === 'disable' ? (
        <DisableExtensionDialog
          projectRef={ref}
          connectionString={connectionString}
          extension={change.extension}
          run={run}
          onDone={() => done(`Extension ${change.extension.name} disabled`)}
          onClose={() => setChange(null)}
        />
      ) : null}
    </DatabaseToolPage>
  )
}

function ExtensionTableRow({ projectRef, row, disabled, onChange }: { projectRef: string; row: ExtensionRow; disabled: boolean; onChange: (enable: boolean) => void }) {
  const { catalogue, database } = row
  const productPath = catalogue?.product_url ? `/project/${projectRef}${catalogue.product_url}` : null
  const productExists = productPath !== null && currentDestination(productPath, projectRef) !== undefined
  return (
    <tr aria-label={row.name}>
      <td className={cellClass}>
        <div className={css({ fontFamily: 'mono', fontWeight: 'medium', wordBreak: 'break-all' })}>{row.name}</div>
        <div className={css({ display: 'flex', gap: '1', flexWrap: 'wrap', mt: '1' })}>
          {row.tags.map((name) => (
            <Badge key={name}>{name}</Badge>
          ))}
          {catalogue?.deprecated?.map((version) => (
            <Badge key={version} tone="warning">
              Deprecated on {version}
            </Badge>
          ))}
        </div>
      </td>
      <td className={cellClass}>
        <div>{row.comment}</div>
        {settings.isPlatform && catalogue?.enabledOnEveryProject ? (
          <div className={css({ fontSize: 'xs', color: 'fg.muted', mt: '0.5' })}>{ENABLED_ON_EVERY_PROJECT_MESSAGE.extension}</div>
        ) : null}
        <div className={css({ display: 'flex', gap: '3', mt: '1', fontSize: 'xs', alignItems: 'center', flexWrap: 'wrap' })}>
          {catalogue ? (
            <ExternalLink href={catalogue.link} className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
              <BookOpen size={12} aria-hidden /> Docs<span className={css({ srOnly: true })}> for {row.name}</span>
            </ExternalLink>
          ) : null}
          {catalogue?.github_url ? (
            <ExternalLink href={catalogue.github_url} className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
              <Code2 size={12} aria-hidden /> Source<span className={css({ srOnly: true })}> of {row.name}</span>
            </ExternalLink>
          ) : null}
          {productExists && productPath && row.state === 'enabled' ? (
            <Link href={productPath} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
              Open {catalogue?.product}
            </Link>
          ) : null}
        </div>
      </td>
      <td className={cellClass}>
        <span className={css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'nowrap' })}>
          {database ? (database.installed_version ?? database.default_version ?? '—') : '—'}
        </span>
      </td>
      <td className={cellClass}>
        <span className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{database?.schema ?? '—'}</span>
      </td>
      <td className={cellClass}>
        {row.state === 'unavailable' ? (
          <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>Not available on this project</span>
        ) : (
          <Switch
            checked={row.state === 'enabled'}
            disabled={disabled}
            onCheckedChange={onChange}
            label={<span className={css({ srOnly: true })}>{`${row.name} enabled`}</span>}
          />
        )}
      </td>
    </tr>
  )
}
