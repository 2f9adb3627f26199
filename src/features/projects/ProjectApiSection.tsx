import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import { projectSettingsQuery } from '../../api/queries/projects'
import { settings } from '../../lib/settings'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { ExternalLink } from '../../ui/external-link'
import { ErrorState, LoadingState } from '../../ui/states'

const rowClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '10rem 1fr auto' }, gap: '2', alignItems: 'center', py: '2' })
const valueClass = css({ fontFamily: 'mono', fontSize: 'xs', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: '0', bg: 'bg.muted', px: '2', py: '1.5', borderRadius: 'sm' })
const labelClass = css({ fontSize: 'sm', color: 'fg.muted' })

/**
 * The project's API as the platform gives it: the URL, the public `anon` key, and the
 * `service_role` key, hidden until revealed (it bypasses row-level security); the SSL certificate
 * for clients that verify the database's.
 */
export function ProjectApiSection({ projectRef, ready }: { projectRef: string; ready: boolean }) {
  const headingId = useId()
  const answer = useQuery({ ...projectSettingsQuery(projectRef), enabled: ready })
  const [revealed, setRevealed] = useState(false)
  const keys = answer.data?.service_api_keys ?? []
  const anon = keys.find((k) => k.tags.split(',').includes('anon'))
  const service = keys.find((k) => k.tags.split(',').includes('service_role'))
  return (
    <section aria-labelledby={headingId} className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <h2 id={headingId} className={css({ fontWeight: 'semibold' })}>
        Project API
      </h2>
      {!ready ? (
        <p className={css({ color: 'fg.muted' })}>The API is available once the project is running.</p>
      ) : answer.isError ? (
        <ErrorState title="The project's API settings could not be loaded" message={answer.error.message} onRetry={() => void answer.refetch()} />
      ) : !answer.data ? (
        <LoadingState label="Loading the project's API…" />
      ) : (
        <div className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', px: '4', py: '2' })}>
          {answer.data.app_config?.endpoint ? (
            <div className={rowClass}>
              <span className={labelClass}>Project URL</span>
              <span className={valueClass}>{answer.data.app_config.endpoint}</span>
              <CopyButton text={answer.data.app_config.endpoint} subject="Project URL" size="sm" />
            </div>
          ) : null}
          {anon ? (
            <div className={rowClass}>
              <span className={labelClass}>
                anon <span className={css({ fontSize: 'xs' })}>public</span>
              </span>
              <span className={valueClass} aria-label="anon key">
                {anon.api_key}
              </span>
              <CopyButton text={anon.api_key} subject="anon key" size="sm" />
            </div>
          ) : null}
          {service ? (
            <div className={rowClass}>
              <span className={labelClass}>
                service_role <span className={css({ fontSize: 'xs', color: 'danger.default' })}>secret</span>
              </span>
              <span className={valueClass} aria-label="service_role key">
                {revealed ? service.api_key : '•'.repeat(40)}
              </span>
              <span className={css({ display: 'flex', gap: '2' })}>
                <Button size="sm" aria-pressed={revealed} onClick={() => setRevealed((shown) => !shown)}>
                  {revealed ? 'Hide' : 'Reveal'}
                </Button>
                <CopyButton text={service.api_key} subject="service_role key" size="sm" />
              </span>
            </div>
          ) : null}
          <p className={css({ fontSize: 'xs', color: 'fg.muted', py: '2' })}>
            The anon key is safe in a browser when row-level security is on. The service_role key bypasses row-level security: keep it on servers, never in a client.{' '}
            <ExternalLink href={settings.customContent['ssl:certificate_url']}>Download the SSL certificate</ExternalLink>
          </p>
        </div>
      )}
    </section>
  )
}
