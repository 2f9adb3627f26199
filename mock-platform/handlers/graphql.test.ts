import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, GRAPHQL_AUTHORIZATION_HEADER, GRAPHQL_MESSAGE, PLATFORM_API_ROLES } from '../../src/constants'
import { signProjectJwt, signRoleToken } from '../auth/project-jwt'
import { SLOW } from '../postgres/suite-timeouts'
import { useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const project = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY')!
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })
const { call } = platform

function graphql(body: unknown, authorization?: string, ref = project.ref) {
  return call(`/platform/projects/${ref}/api/graphql`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: authorization === undefined ? {} : { [GRAPHQL_AUTHORIZATION_HEADER]: authorization },
  })
}

/** The role picker's token for `role`, as the platform signs it. */
async function pickerToken(role: string, ref = project.ref) {
  const answer = await call(`/platform/projects/${ref}/api/graphql/token`, { method: 'POST', body: JSON.stringify({ role }) })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { token: string }).token
}

const sql = (query: string) =>
  call(`/platform/pg-meta/${project.ref}/query`, { method: 'POST', body: JSON.stringify({ query }), headers: { 'x-connection-encrypted': project.connectionString! } })

describe('POST /platform/projects/{ref}/api/graphql', () => {
  it(
    "runs as the role of the JWT in x-graphql-authorization, service_role without one (the owner's highest role)",
    async () => {
      expect((await sql('create table public.gql_private (id int primary key); alter table public.gql_private enable row level security; insert into public.gql_private values (1);')).status).toBe(200)
      const count = '{ gqlPrivateCollection { totalCount } }'
      const asService = await graphql({ query: count })
      expect(asService.status).toBe(200)
      expect(await asService.json()).toEqual({ data: { gqlPrivateCollection: { totalCount: 1 } } })
      const asAnon = await graphql({ query: count }, `Bearer ${await pickerToken('anon')}`)
      expect(await asAnon.json()).toEqual({ data: { gqlPrivateCollection: { totalCount: 0 } } })
    },
    SLOW,
  )

  it('refuses a header that is not a live token of an API role, signed by the platform for this project', async () => {
    const ctx = platform.mock.platform.ctx
    for (const [header, message] of [
      ['anon', GRAPHQL_MESSAGE.badHeader],
      [`Bearer ${await signRoleToken(ctx, project.ref, { role: 'anon' }, -10)}`, GRAPHQL_MESSAGE.expired],
      [`Bearer ${await signProjectJwt(ctx, project.ref, { role: 'postgres' })}`, GRAPHQL_MESSAGE.role(PLATFORM_API_ROLES)],
      [`Bearer ${(await pickerToken('anon')).replace(/^([^.]+)\.[^.]+/, `$1.${btoa('{"role":"service_role"}')}`)}`, GRAPHQL_MESSAGE.badSignature],
    ] as const) {
      const answer = await graphql({ query: '{ __typename }' }, header)
      expect(answer.status).toBe(401)
      expect(await answer.json()).toEqual({ message })
    }
  })

  it("gives the role picker a token for the role, naming the member for authenticated, and refuses what is not a role", async () => {
    const demo = platform.mock.platform.ctx.db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!
    const token = await pickerToken('authenticated')
    expect(JSON.parse(atob(token.split('.')[1]!.replaceAll('-', '+').replaceAll('_', '/')))).toMatchObject({ role: 'authenticated', sub: demo.id, ref: project.ref })
    const refused = await call(`/platform/projects/${project.ref}/api/graphql/token`, { method: 'POST', body: JSON.stringify({ role: 'postgres' }) })
    expect(refused.status).toBe(400)
    expect((await call('/platform/projects/notamemberprojectref/api/graphql/token', { method: 'POST', body: JSON.stringify({ role: 'anon' }) })).status).toBe(404)
  })

  it('answers GraphQL failures as {errors} and other projects as not found', async () => {
    const empty = await graphql({})
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({ errors: [{ message: 'Must provide query string.' }] })
    const stranger = await graphql({ query: '{ __typename }' }, undefined, 'notamemberprojectref')
    expect(stranger.status).toBe(404)
  })
})
