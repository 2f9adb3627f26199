import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { authProvidersQuery, inviteAuthUser, sendPasswordRecovery } from '../../../api/queries/auth-users'
import { queryKeys } from '../../../api/queries/keys'
import type { AuthUserRow } from '../../../api/schemas'
import { AUTH_USER_SORTS, AUTH_USER_STATES, PERMISSION_MESSAGE, STORAGE_SEARCH_DEBOUNCE, type AuthUserSort, type AuthUserState } from '../../../constants'
import { errorMessage } from '../../../lib/error-message'
import { countOf } from '../../../lib/sentence'
import { Button } from '../../../ui/button'
import { Callout } from '../../../ui/callout'
import { SearchField } from '../../../ui/field'
import { GuardedButton } from '../../../ui/guarded-button'
import { SelectField } from '../../../ui/form-controls'
import { EmptyState, QueryStates } from '../../../ui/states'
import { showToast } from '../../../ui/toast'
import { useNewItemDraft } from '../../../ui/use-list-dialogs'
import { useDatabaseWritePermission, useProjectDatabase } from '../../database'
import { readUserListParams, writeUserListParams, type UserListParams } from './user-list-params'
import { BanUserDialog, CreateUserDialog, DeleteUserDialog, emptyNewUserDraft, InviteUserDialog, MetadataDialog, metadataDraftOf, type MetadataDraft } from './UserDialogs'
import { isBanned, UserList } from './UserList'
import { UserPanel, type UserAction } from './UserPanel'
import { useUserPages } from './use-user-pages'

const STATE_LABELS: Record<AuthUserState, string> = { all: 'All users', confirmed: 'Confirmed', unconfirmed: 'Waiting for confirmation', invited: 'Invited', banned: 'Banned', anonymous: 'Anonymous' }
const SORT_LABELS: Record<AuthUserSort, string> = { created_at: 'Created', last_sign_in_at: 'Last sign-in', email: 'Email' }
/** Where a sent mail can be read: the mock platform's mailbox is the project's Auth logs. */
const MAIL_LOGGED = 'The mail and its link are in the project’s Auth logs.'

type Dialog = { kind: 'create' } | { kind: 'invite' } | { kind: 'ban' | 'delete'; user: AuthUserRow } | { kind: 'metadata'; user: AuthUserRow }

/** The list's search, filters, order and open user, kept in the address (a reload or a shared link keeps them). */
function useUserListParams(): [UserListParams, (change: Partial<UserListParams>) => void] {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const params = useMemo(() => readUserListParams(search), [search])
  const update = useCallback((change: Partial<UserListParams>) => navigate(`${location}${writeUserListParams({ ...params, ...change })}`, { replace: true }), [location, navigate, params])
  return [params, update]
}

/** /project/{ref}/auth/users: the project's auth users, found, filtered, made, banned and deleted here. */
export function UsersScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run } = useProjectDatabase(ref)
  const queryClient = useQueryClient()
  const [params, update] = useUserListParams()
  const [typed, setTyped] = useState(params.search)
  // The search reaches the address (and the database) once typing pauses.
  useEffect(() => {
    if (typed === params.search) return
    const timer = setTimeout(() => update({ search: typed, user: null }), STORAGE_SEARCH_DEBOUNCE)
    return () => clearTimeout(timer)
  }, [typed, params.search, update])

  const { search, sort, ascending, provider, state } = params
  const filters = useMemo(() => ({ search, sort, ascending, provider, state }), [search, sort, ascending, provider, state])
  const { first, total, rowAt, want, findLoaded } = useUserPages(ref, connectionString, filters)
  const providers = useQuery({ ...authProvidersQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const open = findLoaded(params.user)

  const permission = useDatabaseWritePermission(ref, 'auth_users', PERMISSION_MESSAGE.manageAuthUsers)
  const blocked = permission.allowed ? null : (permission.reason ?? PERMISSION_MESSAGE.checking)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const newUser = useNewItemDraft(emptyNewUserDraft)
  const [metadata, setMetadata] = useState<MetadataDraft>(() => metadataDraftOf(null))
  const close = () => setDialog(null)
  const finish = (message: string, change: Partial<UserListParams> = {}, description?: string) => {
    setDialog(null)
    showToast('success', message, description)
    if (Object.keys(change).length > 0) update(change)
    void queryClient.invalidateQueries({ queryKey: queryKeys.authUsers(ref) })
  }
  const [inviteEmail, setInviteEmail] = useState('')
  const recovery = useMutation({
    mutationFn: (email: string) => sendPasswordRecovery(ref, email),
    onSuccess: (_, email) => showToast('success', `Password recovery sent to ${email}`, MAIL_LOGGED),
    onError: (error) => showToast('error', 'The password recovery could not be sent', errorMessage(error)),
  })
  const act = (action: UserAction, user: AuthUserRow, record: Record<string, unknown> | null) => {
    if (action === 'recovery') return user.email ? recovery.mutate(user.email) : undefined
    if (action === 'metadata') setMetadata(metadataDraftOf(record))
    setDialog({ kind: action, user })
  }
  const filtered = params.search !== '' || params.state !== 'all' || params.provider !== null

  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column', gap: '3', px: { base: '4', md: '6' }, py: '5' })}>
      <header className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap' })}>
        <div className={css({ flex: '1', minW: '0' })}>
          <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>Users</h1>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>The people who sign in to your app: the project’s auth.users, with how they sign in and their state.</p>
        </div>
        <div className={css({ display: 'flex', gap: '2' })}>
          <GuardedButton blockedReason={blocked} disabled={blocked !== null} onClick={() => setDialog({ kind: 'invite' })}>
            Invite user
          </GuardedButton>
          <GuardedButton variant="primary" blockedReason={blocked} disabled={blocked !== null} onClick={() => setDialog({ kind: 'create' })}>
            Create user
          </GuardedButton>
        </div>
      </header>
      {permission.reason ? <Callout tone="warning" title={permission.reason} /> : null}
      <div role="search" className={css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap' })}>
        <SearchField label="Search users" placeholder="Email, phone or user id" value={typed} onChange={setTyped} className={css({ flex: '1', minW: '60' })} />
        <SelectField label="State" value={params.state} onChange={(state) => update({ state: state as AuthUserState, user: null })}>
          {AUTH_USER_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Provider" value={params.provider ?? ''} onChange={(provider) => update({ provider: provider || null, user: null })}>
          <option value="">Any provider</option>
          {[...new Set([...(providers.data ?? []), ...(params.provider ? [params.provider] : [])])].map((provider) => (
            <option key={provider} value={provider}>
              {provider}
            </option>
          ))}
        </SelectField>
        <SelectField label="Sort by" value={params.sort} onChange={(sort) => update({ sort: sort as AuthUserSort })}>
          {AUTH_USER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
        <Button aria-label={params.ascending ? 'Ascending: sort descending instead' : 'Descending: sort ascending instead'} onClick={() => update({ ascending: !params.ascending })}>
          {params.ascending ? '↑ Ascending' : '↓ Descending'}
        </Button>
      </div>
      <p aria-live="polite" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        {first.isSuccess ? (filtered ? `${countOf(total, 'user')} ${total === 1 ? 'matches' : 'match'}` : countOf(total, 'user')) : '\u00a0'}
      </p>
      <div className={css({ flex: '1', minH: '0', display: 'flex', gap: '3', flexDir: { base: 'column', lg: 'row' } })}>
        <QueryStates query={first} loading="Loading users…" failed="The users could not be read">
          {() => total === 0 ? (
            <EmptyState title={filtered ? 'No user matches' : 'No users yet'}>
              {filtered ? 'Try another search or filter.' : 'Users appear here when they sign up in your app, or when you create one.'}
            </EmptyState>
          ) : (
            <UserList count={total} rowAt={rowAt} openId={params.user} onOpen={(user) => update({ user: user.id })} onRange={want} />
          )}
        </QueryStates>
        {open ? <UserPanel projectRef={ref} connectionString={connectionString} user={open} blockedReason={blocked} onAction={(action, record) => act(action, open, record)} onClose={() => update({ user: null })} /> : null}
      </div>
      {dialog?.kind === 'create' ? (
        <CreateUserDialog
          draft={newUser.draft}
          onDraft={newUser.setDraft}
          run={run}
          onClose={close}
          onDone={() => {
            finish(`User ${newUser.draft.email.trim().toLowerCase()} created`)
            newUser.made()
          }}
        />
      ) : null}
      {dialog?.kind === 'invite' ? (
        <InviteUserDialog
          email={inviteEmail}
          onEmail={setInviteEmail}
          invite={(email) => inviteAuthUser(ref, email)}
          onClose={close}
          onDone={() => {
            finish(`Invitation sent to ${inviteEmail.trim().toLowerCase()}`, {}, MAIL_LOGGED)
            setInviteEmail('')
          }}
        />
      ) : null}
      {dialog?.kind === 'ban' ? <BanUserDialog user={dialog.user} run={run} onClose={close} onDone={() => finish(isBanned(dialog.user) ? 'Ban lifted' : 'User banned')} /> : null}
      {dialog?.kind === 'delete' ? <DeleteUserDialog user={dialog.user} run={run} onClose={close} onDone={() => finish('User deleted', { user: null })} /> : null}
      {dialog?.kind === 'metadata' ? <MetadataDialog userId={dialog.user.id} draft={metadata} onDraft={setMetadata} run={run} onClose={close} onDone={() => finish('Metadata saved')} /> : null}
    </div>
  )
}
