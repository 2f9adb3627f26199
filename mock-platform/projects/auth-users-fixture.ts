/**
 * A bench and test seam: `count` auth users (and their email identities) added to a project at once,
 * one insert with generate_series (`bench-user-000001@bench.example`, …, created a minute apart,
 * every seventh signed in, every thirteenth unconfirmed). Reached from the page as
 * `window.__studioMock.fillAuthUsers(ref, count)` (browser/index.ts). Users already there stay.
 */
import { AUTH_INSTANCE_ID } from '../../src/lib/sql/auth-users'
import { sqlLiteral } from '../../src/lib/sql/quote'
import type { PlatformContext } from '../context'
import { openProjectDatabase } from './database-start'

export const FIXTURE_USER_DOMAIN = 'bench.example'
export const fixtureUserEmail = (index: number) => `bench-user-${String(index).padStart(6, '0')}@${FIXTURE_USER_DOMAIN}`

/** Adds the fixture's users missing from the project; answers how many it holds in all. */
export async function fillAuthUsers(ctx: PlatformContext, ref: string, count: number): Promise<number> {
  const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
  if (!project) throw new Error(`No project ${ref}`)
  const { unlogged: db } = await openProjectDatabase(ctx, project)
  const wanted = Math.max(0, Math.floor(count))
  await db.exec(`
with made as (
  insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  select ${sqlLiteral(AUTH_INSTANCE_ID)}, gen_random_uuid(), 'authenticated', 'authenticated',
         'bench-user-' || lpad(g::text, 6, '0') || '@${FIXTURE_USER_DOMAIN}',
         case when g % 13 = 0 then null else timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute' end,
         case when g % 7 = 0 then timestamptz '2026-01-02 00:00:00+00' + g * interval '1 minute' end,
         '{"provider": "email", "providers": ["email"]}', jsonb_build_object('n', g),
         timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute', timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute'
    from generate_series(1, ${wanted}) g
   where not exists (select 1 from auth.users u where u.email = 'bench-user-' || lpad(g::text, 6, '0') || '@${FIXTURE_USER_DOMAIN}')
  returning id, email, created_at
)
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email), 'email', created_at, created_at from made;
analyze auth.users; analyze auth.identities;`)
  const { rows } = await db.query(`select count(*)::int as n from auth.users where email like '%@${FIXTURE_USER_DOMAIN}'`)
  return Number(rows[0]?.['n'] ?? 0)
}
