import { AUTH_USER_SORTS, AUTH_USER_STATES, type AuthUserSort, type AuthUserState } from '../../../constants'

/** The users list as its address holds it: the search, the filters, the order and the user opened. */
export interface UserListParams {
  search: string
  state: AuthUserState
  provider: string | null
  sort: AuthUserSort
  ascending: boolean
  /** The user whose panel is open. */
  user: string | null
}

export const DEFAULT_USER_LIST: UserListParams = { search: '', state: 'all', provider: null, sort: 'created_at', ascending: false, user: null }

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback

/** Reads `?q=&state=&provider=&sort=&order=&user=`; anything unknown or malformed is the default. */
export function readUserListParams(search: string): UserListParams {
  const params = new URLSearchParams(search)
  const user = params.get('user')
  return {
    search: params.get('q') ?? '',
    state: oneOf(AUTH_USER_STATES, params.get('state'), DEFAULT_USER_LIST.state),
    provider: params.get('provider') || null,
    sort: oneOf(AUTH_USER_SORTS, params.get('sort'), DEFAULT_USER_LIST.sort),
    ascending: params.get('order') === 'asc',
    user: user && /^[0-9a-f-]{36}$/i.test(user) ? user.toLowerCase() : null,
  }
}

/** The query string for `list`, defaults left out. */
export function writeUserListParams(list: UserListParams): string {
  const params = new URLSearchParams()
  if (list.search) params.set('q', list.search)
  if (list.state !== DEFAULT_USER_LIST.state) params.set('state', list.state)
  if (list.provider) params.set('provider', list.provider)
  if (list.sort !== DEFAULT_USER_LIST.sort) params.set('sort', list.sort)
  if (list.ascending) params.set('order', 'asc')
  if (list.user) params.set('user', list.user)
  const text = params.toString()
  return text ? `?${text}` : ''
}
