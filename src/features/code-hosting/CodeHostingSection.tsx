import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { codeHostingConnectionQuery, codeHostingRepositoriesQuery, disconnectCodeHosting } from '../../api/queries/code-hosting'
import { queryKeys } from '../../api/queries/keys'
import type { CodeHostingRepository } from '../../api/schemas'
import { CODE_HOSTING_CALLBACK_PATHS, CODE_HOSTING_MESSAGE, PERMISSION_RESOURCES } from '../../constants'
import { codeHostingAuthorizeUrl, codeHostingInstallUrl, createOAuthState } from '../../lib/code-hosting'
import { PermissionAction } from '../../lib/permissions'
import { settings } from '../../lib/settings'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { GuardedButton } from '../../ui/guarded-button'
import { Spinner } from '../../ui/spinner'
import { ErrorState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { usePermission } from '../permissions'
import { CodeHostingAvatar } from './CodeHostingAvatar'
import { ProviderMark } from './ProviderMark'
import type { CodeHostingPurpose } from './pending-authorization'
import { useOAuthPopup } from './use-oauth-popup'

const MESSAGE = CODE_HOSTING_MESSAGE

/** The provider page each flow opens; the state is added by the machine when the popup opens. */
function providerPage(purpose: CodeHostingPurpose): string {
  const { baseUrl, clientId, appSlug } = settings.codeHosting
  if (purpose === 'install') return codeHostingInstallUrl(baseUrl, appSlug)
  const redirectUri = `${window.location.origin}${settings.basePath}${CODE_HOSTING_CALLBACK_PATHS.authorize}`
  return codeHostingAuthorizeUrl(baseUrl, { clientId, redirectUri })
}

/**
 * The organization page's GitHub section: connect an account through the provider's authorise page,
 * then install the app through its installation page (both in the SPEC §4 popup), list what the
 * app can see, disconnect.
 */
export function CodeHostingSection({ organizationSlug }: { organizationSlug: string }) {
  const queryClient = useQueryClient()
  const connection = useQuery(codeHostingConnectionQuery(organizationSlug))
  const account = connection.data?.account ?? null
  const installed = Boolean(account && connection.data?.installation)
  const repositories = useQuery({ ...codeHostingRepositoriesQuery(organizationSlug), enabled: installed })
  const permission = usePermission(PermissionAction.UPDATE, PERMISSION_RESOURCES.githubConnections, { organizationSlug }, MESSAGE.permission)
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.codeHostingConnection(organizationSlug) })
  const popup = useOAuthPopup(organizationSlug, () => void refresh())
  const flow = useSelector(popup, (s) => ({
    status: s.matches('opening') || s.matches('open') ? 'open' : (s.value as 'idle' | 'completed' | 'blocked' | 'timedOut'),
    purpose: (s.context.purpose ?? 'authorize') as CodeHostingPurpose,
  }))
  const disconnect = useMutation({
    mutationFn: () => disconnectCodeHosting(organizationSlug),
    onSuccess: () => {
      showToast('success', MESSAGE.disconnected)
      return refresh()
    },
    onError: (error) => void showToast('error', error.message),
  })
  const start = (purpose: CodeHostingPurpose) => popup.send({ type: 'start', purpose, url: providerPage(purpose), state: createOAuthState() })
  const busy = flow.status === 'open' || disconnect.isPending

  let body
  if (connection.isPending) {
    body = (
      <p className={css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted' })}>
        <Spinner label="Loading the GitHub connection" /> Loading…
      </p>
    )
  } else if (connection.isError) {
    body = <ErrorState title={MESSAGE.loadFailed} message={connection.error.message} onRetry={() => void connection.refetch()} />
  } else if (!account) {
    body = (
      <div className={rowClass}>
        <span className={css({ color: 'fg.muted' })}>{MESSAGE.notConnected}</span>
        <GuardedButton variant="primary" blockedReason={permission.reason} disabled={permission.loading || busy} onClick={() => start('authorize')}>
          {MESSAGE.connect}
        </GuardedButton>
      </div>
    )
  } else {
    body = (
      <>
        <div className={rowClass}>
          <span className={css({ display: 'flex', alignItems: 'center', gap: '3', minW: 0 })}>
            <CodeHostingAvatar username={account.login} />
            <span className={css({ display: 'flex', flexDir: 'column' })}>
              <strong>{MESSAGE.connectedAs(account.login)}</strong>
              {account.name ? <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{account.name}</span> : null}
            </span>
          </span>
          <span className={css({ display: 'flex', gap: '2' })}>
            {installed ? null : (
              <GuardedButton variant="primary" blockedReason={permission.reason} disabled={permission.loading || busy} onClick={() => start('install')}>
                {MESSAGE.install}
              </GuardedButton>
            )}
            <GuardedButton
              blockedReason={permission.reason}
              disabled={permission.loading || busy}
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate()}
            >
              {MESSAGE.disconnect}
            </GuardedButton>
          </span>
        </div>
        {installed ? <RepositoryList query={repositories} /> : <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{MESSAGE.installHint}</p>}
      </>
    )
  }

  return (
    <section aria-labelledby="code-hosting-heading" className={sectionClass}>
      <header className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <ProviderMark size={18} />
        <h2 id="code-hosting-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {MESSAGE.title}
        </h2>
        {account ? <Badge tone="success">{installed ? MESSAGE.installed : 'Connected'}</Badge> : null}
      </header>
      {account ? null : <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{MESSAGE.description}</p>}
      {flow.status === 'open' ? (
        <div
          role="status"
          className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', p: '3', borderRadius: 'md', bg: 'bg.muted' })}
        >
          <span className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            <Spinner label={MESSAGE.waiting} />
            <span>
              <strong>{MESSAGE.waiting}</strong> <span className={css({ color: 'fg.muted' })}>{MESSAGE.waitingHint}</span>
            </span>
          </span>
          <Button size="sm" onClick={() => popup.send({ type: 'cancel' })}>
            {MESSAGE.cancel}
          </Button>
        </div>
      ) : flow.status === 'blocked' || flow.status === 'timedOut' ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          {flow.status === 'blocked' ? (
            <Callout tone="danger" title={MESSAGE.blocked} />
          ) : (
            <Callout tone="warning" title={MESSAGE.timedOutTitle}>
              {MESSAGE.timedOut}
            </Callout>
          )}
          <Button size="sm" className={css({ alignSelf: 'flex-start' })} onClick={() => start(flow.purpose)}>
            {MESSAGE.tryAgain}
          </Button>
        </div>
      ) : null}
      {body}
    </section>
  )
}

function RepositoryList({
  query,
}: {
  query: { data?: CodeHostingRepository[]; isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown }
}) {
  if (query.isPending) return <Spinner label="Loading repositories" />
  if (query.isError) return <ErrorState title={MESSAGE.repositoriesFailed} message={query.error?.message ?? ''} onRetry={() => void query.refetch()} />
  const list = query.data ?? []
  if (list.length === 0) return <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{MESSAGE.noRepositories}</p>
  return (
    <>
      <h3 id="code-hosting-repositories" className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>
        {MESSAGE.repositoriesHeading}
      </h3>
      <ul
        aria-labelledby="code-hosting-repositories"
        className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', divideY: '1px', divideColor: 'border.default' })}
      >
        {list.map((repository) => (
          <li
            key={repository.id}
            className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', px: '3', py: '2', fontSize: 'sm' })}
          >
            <span className={css({ fontFamily: 'mono' })}>{repository.full_name}</span>
            <span className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}>
              <span title="Default branch">{repository.default_branch}</span>
              <Badge tone={repository.private ? 'neutral' : 'info'}>{repository.private ? MESSAGE.private : MESSAGE.public}</Badge>
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}

const sectionClass = css({
  display: 'flex',
  flexDir: 'column',
  gap: '3',
  p: '4',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
})
const rowClass = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })
