import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { authUserRecordQuery } from '../../../api/queries/auth-users'
import type { AuthUserRow } from '../../../api/schemas'
import { formatDisplayDate } from '../../../lib/display-date'
import { Badge } from '../../../ui/badge'
import { codeBlock } from '../../../ui/code-block'
import { CopyButton } from '../../../ui/copy-button'
import { GuardedButton } from '../../../ui/guarded-button'
import { IconButton } from '../../../ui/icon-button'
import { QueryStates } from '../../../ui/states'
import { summaryListClass } from '../../../ui/summary-list'
import { isBanned, userStateOf } from './UserList'

export type UserAction = 'metadata' | 'ban' | 'delete' | 'recovery'

const when = (value: unknown) => (typeof value === 'string' ? (formatDisplayDate(value) ?? value) : '—')

/**
 * One user beside the list: who they are, how they sign in, their raw record as the database holds it
 * (the secrets left out), and what an admin may do to them.
 */
export function UserPanel({
  projectRef,
  connectionString,
  user,
  blockedReason,
  onAction,
  onClose,
}: {
  projectRef: string
  connectionString: string | null | undefined
  user: AuthUserRow
  /** Why this member may not change users, or null. */
  blockedReason: string | null
  onAction: (action: UserAction, record: Record<string, unknown> | null) => void
  onClose: () => void
}) {
  const record = useQuery({ ...authUserRecordQuery(projectRef, connectionString, user.id), enabled: Boolean(connectionString) })
  const state = userStateOf(user)
  const banned = isBanned(user)
  const raw = record.data?.user ?? null
  return (
    <aside aria-label={`User ${user.email ?? user.id}`} className={css({ w: { base: 'full', lg: '26rem' }, flexShrink: '0', display: 'flex', flexDir: 'column', gap: '3', minH: '0', overflowY: 'auto', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '4' })}>
      <header className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
        <div className={css({ flex: '1', minW: '0' })}>
          <h2 className={css({ fontWeight: 'semibold', wordBreak: 'break-all' })}>{user.email ?? user.phone ?? 'Anonymous user'}</h2>
          <Badge tone={state.tone}>{state.label}</Badge>
        </div>
        <IconButton glyph="×" label="Close the user’s panel" size="sm" variant="ghost" onClick={onClose} />
      </header>
      <dl className={summaryListClass}>
        <dt>User id</dt>
        <dd className={css({ display: 'flex', gap: '1', alignItems: 'center', minW: '0' })}>
          <code className={css({ fontSize: 'xs', overflow: 'hidden', textOverflow: 'ellipsis' })}>{user.id}</code>
          <CopyButton text={user.id} subject="the user id" size="sm" />
        </dd>
        <dt>Providers</dt>
        <dd>{user.providers.join(', ') || '—'}</dd>
        <dt>Created</dt>
        <dd>{when(user.created_at)}</dd>
        <dt>Last sign-in</dt>
        <dd>{user.last_sign_in_at ? when(user.last_sign_in_at) : 'Never'}</dd>
        <dt>Confirmed</dt>
        <dd>{user.confirmed_at ? when(user.confirmed_at) : 'Not yet'}</dd>
        {banned ? (
          <>
            <dt>Banned until</dt>
            <dd>{when(user.banned_until)}</dd>
          </>
        ) : null}
        <dt>Sessions</dt>
        <dd>{record.data ? record.data.sessions : '…'}</dd>
      </dl>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <GuardedButton size="sm" blockedReason={blockedReason} disabled={blockedReason !== null || !record.data} onClick={() => onAction('metadata', raw)}>
          Edit metadata
        </GuardedButton>
        {user.email ? (
          <GuardedButton size="sm" blockedReason={blockedReason} disabled={blockedReason !== null} onClick={() => onAction('recovery', raw)}>
            Send password recovery
          </GuardedButton>
        ) : null}
        <GuardedButton size="sm" blockedReason={blockedReason} disabled={blockedReason !== null} onClick={() => onAction('ban', raw)}>
          {banned ? 'Lift ban' : 'Ban user'}
        </GuardedButton>
        <GuardedButton size="sm" variant="danger" blockedReason={blockedReason} disabled={blockedReason !== null} onClick={() => onAction('delete', raw)}>
          Delete user
        </GuardedButton>
      </div>
      <section aria-label="Raw record" className={css({ display: 'flex', flexDir: 'column', gap: '1.5', minH: '0' })}>
        <h3 className={css({ fontSize: 'sm', fontWeight: 'medium' })}>Raw record</h3>
        <QueryStates query={record} loading="Reading the user’s record…" failed="The user’s record could not be read">
          {(data) => data.user === null ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>This user no longer exists.</p>
          ) : (
            <pre className={codeBlock({ density: 'compact' })}>{JSON.stringify({ ...data.user, identities: data.identities }, null, 2)}</pre>
          )}
        </QueryStates>
      </section>
    </aside>
  )
}
