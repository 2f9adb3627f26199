import { AUTH_USER_STATES, type AuthUserSort, type AuthUserState } from '../../constants/auth-users'
import { UUID_TEXT } from '../uuid'
import { sqlLiteral } from './quote'

/**
 * The project's auth users (`auth.users`, `auth.identities`, `auth.sessions`), read and changed as the
 * platform's auth server keeps them: a user made here has a bcrypt hash (pgcrypto's `crypt` with a
 * `bf` salt, as the auth server writes it) and an email identity, so a real auth server could sign
 * them in. Every value goes through sqlLiteral; the search is a substring, never a LIKE pattern.
 */

/** The instance every user of a project belongs to on the platform (a single-tenant auth server). */
export const AUTH_INSTANCE_ID = '00000000-0000-0000-0000-000000000000'

export interface AuthUserListParams {
  search: string
  sort: AuthUserSort
  ascending: boolean
  /** A provider's name (email, phone, google, …), or null for any. */
  provider: string | null
  state: AuthUserState
  offset: number
  limit: number
}

const SORT_COLUMNS: Record<AuthUserSort, string> = {
  created_at: 'u.created_at',
  last_sign_in_at: 'u.last_sign_in_at',
  email: 'lower(u.email)',
}

const STATE_CONDITIONS: Record<AuthUserState, string | null> = {
  all: null,
  confirmed: 'coalesce(u.email_confirmed_at, u.phone_confirmed_at) is not null',
  unconfirmed: 'coalesce(u.email_confirmed_at, u.phone_confirmed_at) is null and u.invited_at is null and not u.is_anonymous',
  invited: 'u.invited_at is not null and u.email_confirmed_at is null',
  banned: 'u.banned_until > now()',
  anonymous: 'u.is_anonymous',
}

/** The providers of a user: their identities', else what the auth server wrote in app metadata. */
const PROVIDERS_SQL = `coalesce(
      (select array_agg(distinct i.provider order by i.provider) from auth.identities i where i.user_id = u.id),
      array(select jsonb_array_elements_text(case when jsonb_typeof(u.raw_app_meta_data -> 'providers') = 'array' then u.raw_app_meta_data -> 'providers' else '[]'::jsonb end)),
      '{}')`

/** One page of users as the list shows them, with how many match in all (`total`, on every row). */
export function authUsersSql(params: AuthUserListParams): string {
  const conditions: string[] = ['u.deleted_at is null']
  const needle = params.search.trim()
  if (needle) {
    const text = sqlLiteral(needle.toLowerCase())
    const byId = UUID_TEXT.test(needle) ? ` or u.id = ${sqlLiteral(needle.toLowerCase())}::uuid` : ''
    // An ASCII needle is matched against the address folded as ASCII ("C"): a locale's lower() over
    // 100,000 addresses costs about three times as much, and folds nothing an ASCII needle could meet.
    const folded = /^[\x20-\x7e]*$/.test(needle) ? `lower(u.email collate "C")` : 'lower(u.email)'
    conditions.push(`(strpos(coalesce(${folded}, ''), ${text}) > 0 or strpos(coalesce(u.phone, ''), ${text}) > 0${byId})`)
  }
  const state = STATE_CONDITIONS[AUTH_USER_STATES.includes(params.state) ? params.state : 'all']
  if (state) conditions.push(state)
  if (params.provider) {
    const provider = sqlLiteral(params.provider)
    conditions.push(
      `(exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = ${provider}) or coalesce(u.raw_app_meta_data -> 'providers', '[]'::jsonb) ? ${provider})`,
    )
  }
  const direction = params.ascending ? 'asc' : 'desc'
  const limit = Math.max(1, Math.floor(params.limit))
  const offset = Math.max(0, Math.floor(params.offset))
  const order = `sort_key ${direction} nulls last, id ${direction}`
  const where = conditions.join('\n     and ')
  // The first page also says how many match in all; the others need not. A search counts in the pass
  // that finds its matches (a second pass would read every email again); without one the count is
  // its own plain count, so the page itself can walk the platform layer's index on created_at
  // (users_created_at_idx, newest first) instead of sorting every user. The page is chosen on (id,
  // sort key) alone, narrow rows sorted rather than whole records; only its rows are read whole and
  // look up their providers.
  const countsInPass = offset === 0 && needle !== ''
  const total = offset !== 0 ? 'null' : countsInPass ? 'p.total' : `(select count(*) from auth.users u where ${where})`
  return `with page as (
  select u.id, ${SORT_COLUMNS[params.sort] ?? SORT_COLUMNS.created_at} as sort_key${countsInPass ? ', count(*) over () as total' : ''}
    from auth.users u
   where ${where}
   order by ${order}
   limit ${limit} offset ${offset}
)
select coalesce(json_agg(json_build_object(
         'id', u.id, 'email', u.email, 'phone', u.phone, 'providers', ${PROVIDERS_SQL},
         'created_at', u.created_at, 'last_sign_in_at', u.last_sign_in_at, 'confirmed_at', coalesce(u.email_confirmed_at, u.phone_confirmed_at),
         'invited_at', u.invited_at, 'banned_until', u.banned_until, 'is_anonymous', u.is_anonymous, 'total', ${total})
         order by p.${order.replace(', id', ', p.id')}), '[]') as users
  from page p join auth.users u on u.id = p.id`
}

/** Every provider some user has, for the filter. */
export const authProvidersSql = `select coalesce(json_agg(provider order by provider), '[]') as providers from (
  select distinct provider from auth.identities
  union
  select distinct jsonb_array_elements_text(raw_app_meta_data -> 'providers') from auth.users where jsonb_typeof(raw_app_meta_data -> 'providers') = 'array'
) p`

/** One user's whole record (the password's hash left out) with their identities and how many sessions they have. */
export function authUserRecordSql(id: string): string {
  return `select json_build_object(
  'user', (select to_jsonb(u) - 'encrypted_password' - 'confirmation_token' - 'recovery_token' from auth.users u where u.id = ${sqlLiteral(id)}::uuid),
  'identities', coalesce((select json_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = ${sqlLiteral(id)}::uuid), '[]'),
  'sessions', (select count(*) from auth.sessions s where s.user_id = ${sqlLiteral(id)}::uuid)
) as record`
}

export interface NewAuthUser {
  email: string
  password: string
  /** Confirmed at once (the auth server's "auto confirm"); else the user has to confirm by mail. */
  autoConfirm: boolean
}

/**
 * A user with an email and password, and their email identity, in one statement: the password hashed
 * by the database as the auth server does. A second user with the address is refused by the auth
 * schema's unique index on email (Postgres's message names it).
 */
export function createAuthUserSql(user: NewAuthUser): string {
  const email = sqlLiteral(user.email.trim().toLowerCase())
  return `with made as (
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  values (${sqlLiteral(AUTH_INSTANCE_ID)}, gen_random_uuid(), 'authenticated', 'authenticated', ${email},
          extensions.crypt(${sqlLiteral(user.password)}, extensions.gen_salt('bf')), ${user.autoConfirm ? 'now()' : 'null'},
          '{"provider": "email", "providers": ["email"]}', '{}', now(), now())
  returning id, email
)
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', ${user.autoConfirm ? 'true' : 'false'}), 'email', now(), now()
  from made;`
}

/** Deletes a user with their identities and sessions (they cascade). */
export function deleteAuthUserSql(id: string): string {
  return `delete from auth.users where id = ${sqlLiteral(id)}::uuid;`
}

/** Bans a user for `hours` (their sessions end now), or lifts the ban (`hours` null). */
export function banAuthUserSql(id: string, hours: number | null): string {
  const user = `${sqlLiteral(id)}::uuid`
  if (hours === null) return `update auth.users set banned_until = null, updated_at = now() where id = ${user};`
  const span = Math.max(1, Math.floor(hours))
  return `update auth.users set banned_until = now() + interval '${span} hours', updated_at = now() where id = ${user};
delete from auth.sessions where user_id = ${user};`
}

/** Replaces a user's metadata: what they may change (user) and what only the platform and admins do (app). */
export function updateAuthUserMetadataSql(id: string, metadata: { user: unknown; app: unknown }): string {
  return `update auth.users
   set raw_user_meta_data = ${sqlLiteral(JSON.stringify(metadata.user))}::jsonb,
       raw_app_meta_data = ${sqlLiteral(JSON.stringify(metadata.app))}::jsonb,
       updated_at = now()
 where id = ${sqlLiteral(id)}::uuid;`
}

/**
 * Invites an address: a new user waiting for their invitation (invited, not confirmed, an email
 * identity), or one already invited and not yet confirmed invited again. `tokenHash` is what the
 * auth server keeps of the invitation's token (its hash, never the token). One row: `id` of the
 * invited user, `confirmed` 1 when the address already belongs to a confirmed user (nothing changed).
 */
export function inviteAuthUserSql(email: string, tokenHash: string): string {
  const address = sqlLiteral(email.trim().toLowerCase())
  const hash = sqlLiteral(tokenHash)
  return `with existing as (
  select id, email_confirmed_at from auth.users where lower(email) = ${address} and deleted_at is null
), again as (
  update auth.users set invited_at = coalesce(invited_at, now()), confirmation_token = ${hash}, confirmation_sent_at = now(), updated_at = now()
   where id in (select id from existing where email_confirmed_at is null)
  returning id
), made as (
  insert into auth.users (instance_id, id, aud, role, email, invited_at, confirmation_token, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  select ${sqlLiteral(AUTH_INSTANCE_ID)}, gen_random_uuid(), 'authenticated', 'authenticated', ${address}, now(), ${hash}, now(),
         '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
   where not exists (select 1 from existing)
  returning id, email
), identity as (
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', false), 'email', now(), now() from made
  returning user_id
)
select coalesce((select id from again), (select user_id from identity)) as id,
       (select count(*) from existing where email_confirmed_at is not null)::int as confirmed`
}

/** Starts a password recovery for the address: the token's hash and when it was sent; no row when no user has the address. */
export function recoverAuthUserSql(email: string, tokenHash: string): string {
  return `update auth.users set recovery_token = ${sqlLiteral(tokenHash)}, recovery_sent_at = now(), updated_at = now()
 where lower(email) = ${sqlLiteral(email.trim().toLowerCase())} and deleted_at is null
returning id`
}
