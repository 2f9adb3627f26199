import { useQuery } from '@tanstack/react-query'
import { Fragment, useId, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { projectPoolerQuery, projectSettingsQuery } from '../../api/queries/projects'
import { CONNECTION_MESSAGE, CONNECTION_METHODS, type ConnectionMethod } from '../../constants'
import { connectionOptions, type ConnectionOption } from '../../lib/connection-string'
import { CopyButton } from '../../ui/copy-button'
import { ErrorState, LoadingState } from '../../ui/states'
import { Tooltip } from '../../ui/tooltip'
import { pillToggleClass } from '../../ui/form-section'
import { homeCardClass } from './home-card'

const monoClass = css({ fontFamily: 'mono', fontSize: 'xs', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: '0' })

const FIELDS = [
  { key: 'host', label: 'Host' },
  { key: 'port', label: 'Port' },
  { key: 'database', label: 'Database' },
  { key: 'user', label: 'User' },
] as const satisfies readonly { key: keyof ConnectionOption; label: string }[]

/**
 * How to reach the project's database: the direct connection and the pooler's modes, each as
 * host, port, database, user and a URI with the password left out. Built from the settings and
 * pooler answers only — the project's encrypted connection string is internal and never shown.
 */
export function ConnectionDetails({ projectRef, ready }: { projectRef: string; ready: boolean }) {
  const headingId = useId()
  const settings = useQuery({ ...projectSettingsQuery(projectRef), enabled: ready })
  const pooler = useQuery({ ...projectPoolerQuery(projectRef), enabled: ready })
  const [chosen, setChosen] = useState<ConnectionMethod>('direct')

  let body: ReactNode
  if (!ready) body = <p className={css({ color: 'fg.muted' })}>{CONNECTION_MESSAGE.notReady}</p>
  else if (settings.isError || pooler.isError) {
    const failed = settings.isError ? settings : pooler
    body = <ErrorState title={CONNECTION_MESSAGE.loadFailed} message={failed.error?.message ?? ''} onRetry={() => void failed.refetch()} />
  } else if (!settings.data || !pooler.data) body = <LoadingState label="Loading connection details…" />
  else {
    const options = connectionOptions(settings.data, pooler.data)
    const current = options.find((o) => o.method === chosen) ?? options[0]!
    body = <ConnectionOptionView options={options} current={current} onChoose={setChosen} />
  }

  return (
    <section aria-labelledby={headingId} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <h2 id={headingId} className={css({ fontWeight: 'semibold' })}>
        {CONNECTION_MESSAGE.heading}
      </h2>
      {body}
    </section>
  )
}

function ConnectionOptionView({
  options,
  current,
  onChoose,
}: {
  options: ConnectionOption[]
  current: ConnectionOption
  onChoose: (method: ConnectionMethod) => void
}) {
  const method = CONNECTION_METHODS[current.method]
  return (
    <div className={cx(homeCardClass, css({ display: 'flex', flexDir: 'column' }))}>
      {options.length > 1 ? (
        <div role="group" aria-label="Connection method" className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          {options.map((o) => (
            <button
              key={o.method}
              type="button"
              aria-pressed={o.method === current.method}
              onClick={() => onChoose(o.method)}
              className={pillToggleClass}
            >
              {CONNECTION_METHODS[o.method].label}
            </button>
          ))}
        </div>
      ) : (
        <h3 className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{method.label}</h3>
      )}
      <p className={css({ color: 'fg.muted', fontSize: 'xs' })}>{method.hint}</p>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        {/* Wrapped, not cut: the whole URI stays readable and selectable. */}
        <code
          aria-label="Connection string"
          className={css({ flex: '1', minW: '0', fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all', bg: 'bg.muted', p: '2', borderRadius: 'sm' })}
        >
          {current.uri}
        </code>
        <Tooltip content={CONNECTION_MESSAGE.copyUri}>
          <CopyButton text={current.uri} subject="connection string" />
        </Tooltip>
      </div>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: '6', rowGap: '1', alignItems: 'center' })}>
        {FIELDS.map((field) => {
          const value = String(current[field.key])
          return (
            <Fragment key={field.key}>
              <dt className={css({ color: 'fg.muted', fontSize: 'xs' })}>{field.label}</dt>
              <dd className={css({ display: 'flex', alignItems: 'center', gap: '1', minW: '0' })}>
                <span className={monoClass} title={value}>
                  {value}
                </span>
                <CopyButton text={value} subject={field.label.toLowerCase()} variant="ghost" />
              </dd>
            </Fragment>
          )
        })}
      </dl>
      <p className={css({ color: 'fg.subtle', fontSize: 'xs' })}>{CONNECTION_MESSAGE.passwordNote}</p>
    </div>
  )
}
