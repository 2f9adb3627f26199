import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import * as v from 'valibot'
import { Link, useLocation, useSearch } from 'wouter'
import { joinOrganizationMachine } from '../../../machines/join-organization.machine'
import { acceptInvitation, invitationQuery } from '../../api/queries/invitations'
import { queryKeys } from '../../api/queries/keys'
import { organizationsQuery } from '../../api/queries/organizations'
import { profileQuery } from '../../api/queries/profile'
import { InvitationLinkSchema, type Invitation } from '../../api/schemas'
import { JOIN_MESSAGE } from '../../constants'
import { Button } from '../../ui/button'
import { ErrorState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

const shellClass = css({ maxW: 'xl', mx: 'auto', px: '6', py: '16', display: 'flex', flexDir: 'column', gap: '4' })
const cardClass = css({
  display: 'flex',
  flexDir: 'column',
  gap: '5',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  boxShadow: 'sm',
  p: '8',
})
const overlineClass = css({ color: 'fg.muted', fontSize: 'xs', fontWeight: 'medium', textTransform: 'uppercase', letterSpacing: 'wide' })
const titleClass = css({ fontSize: 'xl', fontWeight: 'semibold', lineHeight: 'snug' })
const textClass = css({ color: 'fg.muted' })
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const linkClass = css({ color: 'fg.muted', fontSize: 'sm', _hover: { color: 'fg.default', textDecoration: 'underline' } })
const avatarClass = css({
  w: '12',
  h: '12',
  borderRadius: 'md',
  display: 'grid',
  placeItems: 'center',
  fontSize: 'lg',
  fontWeight: 'semibold',
  bg: 'accent.subtle',
  color: 'accent.default',
  borderWidth: '1px',
  borderColor: 'border.default',
})

/** One card of the join page: a title, what it means, and what to do next. */
function JoinCard({ title, children, actions, avatar }: { title: string; children?: ReactNode; actions?: ReactNode; avatar?: string }) {
  return (
    <section aria-labelledby="join-title" className={cardClass}>
      {avatar ? (
        <span aria-hidden="true" className={avatarClass}>
          {avatar.charAt(0).toUpperCase()}
        </span>
      ) : null}
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <p className={overlineClass}>{JOIN_MESSAGE.title}</p>
        <h1 id="join-title" className={titleClass}>
          {title}
        </h1>
        {children ? <div className={textClass}>{children}</div> : null}
      </div>
      {actions ? <div className={actionsClass}>{actions}</div> : null}
    </section>
  )
}

function BackToOrganizations() {
  return (
    <Link href="/organizations" className={linkClass}>
      {JOIN_MESSAGE.backToOrganizations}
    </Link>
  )
}

/** /join?token=…&slug=…: accept an organization invitation (signed-in users only; see routes). */
export default function JoinPage() {
  const search = useSearch()
  const link = v.safeParse(InvitationLinkSchema, Object.fromEntries(new URLSearchParams(search)))
  return (
    <div className={shellClass}>
      {link.success ? (
        // A new link is a new invitation: a fresh machine and fresh queries.
        <JoinInvitation key={`${link.output.slug}/${link.output.token}`} slug={link.output.slug} token={link.output.token} />
      ) : (
        <JoinCard title={JOIN_MESSAGE.invalidLinkTitle} actions={<BackToOrganizations />}>
          {JOIN_MESSAGE.invalidLink}
        </JoinCard>
      )}
    </div>
  )
}

/** After joining: the organization list and permissions now include it; refetch them before leaving. */
async function refreshMemberships(queryClient: QueryClient) {
  await Promise.all(
    [queryKeys.organizations(), queryKeys.permissions()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'all' }).catch(() => undefined),
    ),
  )
}

function JoinInvitation({ slug, token }: { slug: string; token: string }) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const invitation = useQuery(invitationQuery(slug, token))
  const organizations = useQuery(organizationsQuery())
  const profile = useQuery(profileQuery())
  const [snapshot, send] = useInspectedMachine(
    joinOrganizationMachine.provide({
      actors: { acceptInvitation: fromPromiseUntilStopped(({ input, signal }) => acceptInvitation(input.slug, input.token, { signal })) },
      actions: {
        onJoined: (_, joined) => {
          const name = queryClient.getQueryData<Invitation>(queryKeys.invitation(joined.slug, joined.token))?.organization_name || joined.slug
          void refreshMemberships(queryClient).then(() => {
            showToast('success', JOIN_MESSAGE.joined(name))
            navigate(`/org/${joined.slug}`)
          })
        },
      },
    }),
    { input: { slug, token } },
  )

  const membership = organizations.data?.find((o) => o.slug === slug)
  const organizationName = membership?.name || invitation.data?.organization_name || JOIN_MESSAGE.unknownOrganization
  const email = profile.data?.primary_email ?? undefined
  const joinPath = `/join?${new URLSearchParams({ token, slug })}`

  const alreadyMember = (
    <JoinCard
      title={JOIN_MESSAGE.alreadyMemberTitle(organizationName)}
      avatar={organizationName}
      actions={
        <Link href={`/org/${slug}`} className={cx(button({ variant: 'primary', size: 'lg' }), css({ textDecoration: 'none' }))}>
          {JOIN_MESSAGE.openOrganization}
        </Link>
      }
    />
  )
  const signOut = (
    <>
      <Link href={`/logout?${new URLSearchParams({ returnTo: joinPath })}`} className={cx(button({ variant: 'primary', size: 'lg' }), css({ textDecoration: 'none' }))}>
        {JOIN_MESSAGE.signOut}
      </Link>
      <BackToOrganizations />
    </>
  )

  if (snapshot.matches('alreadyMember')) return alreadyMember
  // While the join is being refreshed into the organization list, keep the invitation on screen.
  const joiningOrJoined = snapshot.matches('joining') || snapshot.matches('joined')
  if (!joiningOrJoined) {
    if (invitation.isPending || organizations.isPending) return <LoadingState label={JOIN_MESSAGE.loading} />
    if (invitation.isError) {
      return <ErrorState title={JOIN_MESSAGE.loadFailed} message={invitation.error.message} onRetry={() => void invitation.refetch()} />
    }
    // The organization list failing to load only means membership is unknown: the POST still answers 409.
    if (membership) return alreadyMember
    const answer = invitation.data
    if (answer.token_does_not_exist) {
      return (
        <JoinCard title={JOIN_MESSAGE.notFoundTitle} actions={<BackToOrganizations />}>
          {JOIN_MESSAGE.notFound}
        </JoinCard>
      )
    }
    if (answer.expired_token) {
      return (
        <JoinCard title={JOIN_MESSAGE.expiredTitle} avatar={organizationName} actions={<BackToOrganizations />}>
          {JOIN_MESSAGE.expired}
        </JoinCard>
      )
    }
    if (!answer.email_match) {
      return (
        <JoinCard title={JOIN_MESSAGE.emailMismatchTitle} avatar={organizationName} actions={signOut}>
          {JOIN_MESSAGE.emailMismatch(email)}
        </JoinCard>
      )
    }
    if (answer.sso_mismatch) {
      return (
        <JoinCard title={JOIN_MESSAGE.ssoMismatchTitle} avatar={organizationName} actions={signOut}>
          {JOIN_MESSAGE.ssoMismatch}
        </JoinCard>
      )
    }
  }

  const failed = snapshot.matches('failed')
  return (
    <JoinCard
      title={JOIN_MESSAGE.invitedTitle(organizationName)}
      avatar={organizationName}
      actions={
        failed ? null : (
          <>
            <Button variant="primary" size="lg" loading={joiningOrJoined} onClick={() => send({ type: 'join.accept' })}>
              {joiningOrJoined ? JOIN_MESSAGE.joining : JOIN_MESSAGE.join}
            </Button>
            <BackToOrganizations />
          </>
        )
      }
    >
      <p>{JOIN_MESSAGE.invited(email)}</p>
      {failed ? (
        <div className={css({ mt: '4', display: 'flex', flexDir: 'column', gap: '3', color: 'fg.default' })}>
          <ErrorState
            title={JOIN_MESSAGE.joinFailed}
            message={snapshot.context.error ?? ''}
            onRetry={() => send({ type: 'join.retry' })}
          />
          <BackToOrganizations />
        </div>
      ) : null}
    </JoinCard>
  )
}
