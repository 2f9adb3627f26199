/**
 * The demo project's auth users: two named ones (ana and bob, as in the RLS walkthrough), and some of
 * the shop's customers, each with an identity and every state the users screen tells apart (confirmed,
 * waiting, invited, banned, anonymous). One bcrypt hash for all, made once, so the seed needs no
 * pgcrypto and stays the same text for the same ref; it is the hash of DEMO_AUTH_USER_PASSWORD.
 */
import type { SeededDraw } from '../../fixtures/seeded-draw.ts'
import { AUTH_INSTANCE_ID } from '../../src/lib/sql/auth-users.ts'
import { sqlJson, sqlLiteral } from '../../src/lib/sql/quote.ts'

export const DEMO_AUTH_USER_PASSWORD = 'demo-user-password'
const DEMO_PASSWORD_HASH = '$2a$10$Y.3I/7e8ghAv52TCPMnLAe3xn3YXYPKfGCtfoLqB2gyu6/fE8xRg2'
const PROVIDERS = ['email', 'email', 'email', 'github', 'google'] as const

type Kind = 'confirmed' | 'waiting' | 'invited' | 'banned' | 'anonymous'

export function authUsersSeedSql(draw: SeededDraw, customerEmails: readonly string[], reference: Date): string {
  const people: { email: string | null; provider: string; kind: Kind }[] = [
    { email: 'ana@example.com', provider: 'email', kind: 'confirmed' },
    { email: 'bob@example.com', provider: 'email', kind: 'confirmed' },
    ...customerEmails.slice(0, 10).map((email, index) => ({
      email,
      provider: draw.pick(PROVIDERS),
      kind: (['waiting', 'invited', 'banned'] as const)[index] ?? ('confirmed' as const),
    })),
    { email: null, provider: 'anonymous', kind: 'anonymous' },
  ]
  const users = people.map((person) => {
    const createdAt = draw.recent(300)
    const signedIn = person.kind === 'confirmed' || person.kind === 'banned' || person.kind === 'anonymous'
    return { ...person, id: draw.uuid(), createdAt, lastSignIn: signedIn ? new Date(createdAt.getTime() + draw.int(1, 200) * 3_600_000) : null }
  })
  const when = (date: Date | null) => (date ? sqlLiteral(date) : 'NULL')
  const farFuture = new Date(reference.getTime() + 100 * 365 * 86_400_000)
  const userRows = users.map((u) => {
    const confirmed = u.kind === 'confirmed' || u.kind === 'banned' ? u.createdAt : null
    const app = u.kind === 'anonymous' ? { provider: 'anonymous', providers: [] } : { provider: u.provider, providers: [u.provider] }
    const meta = u.email ? { email: u.email, email_verified: confirmed !== null } : {}
    return `(${[
      sqlLiteral(AUTH_INSTANCE_ID),
      sqlLiteral(u.id),
      "'authenticated'",
      "'authenticated'",
      sqlLiteral(u.email),
      u.provider === 'email' ? sqlLiteral(DEMO_PASSWORD_HASH) : "''",
      when(confirmed),
      when(u.kind === 'invited' ? u.createdAt : null),
      when(u.kind === 'banned' ? farFuture : null),
      when(u.lastSignIn),
      sqlJson(app),
      sqlJson(meta),
      sqlLiteral(u.kind === 'anonymous'),
      sqlLiteral(u.createdAt),
      sqlLiteral(u.lastSignIn ?? u.createdAt),
    ].join(', ')})`
  })
  const identityRows = users
    .filter((u) => u.email !== null)
    .map((u) => {
      const providerId = u.provider === 'email' ? u.id : String(draw.int(1_000_000, 99_999_999))
      return `(${[sqlLiteral(providerId), sqlLiteral(u.id), sqlJson({ sub: providerId, email: u.email, email_verified: u.kind === 'confirmed' }), sqlLiteral(u.provider), when(u.lastSignIn), sqlLiteral(u.createdAt), sqlLiteral(u.createdAt)].join(', ')})`
    })
  return [
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, banned_until, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at) values\n${userRows.join(',\n')};`,
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at) values\n${identityRows.join(',\n')};`,
  ].join('\n')
}
