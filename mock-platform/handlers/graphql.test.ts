import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, GRAPHQL_AUTHORIZATION_HEADER } from '../../src/constants'
import { roleToken } from '../../src/lib/graphql-token'
import { SLOW } from '../postgres/suite-timeouts'
import { useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const project = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY')!
const { call } = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })

function graphql(body: unknown, authorization?: string, ref = project.ref) {
  return call(`/platform/projects/${ref}/api/graphql`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: authorization === undefined ? {} : { [GRAPHQL_AUTHORIZATION_HEADER]: authorization },
  })
}

const sql = (query: string) =>
  call(`/platform/pg-meta/${project.ref}/query`, { method: 'POST', body: JSON.stringify({ query }), headers: { 'x-connection-encrypted': project.connectionString! } })

describe('POST /platform/projects/{ref}/api/graphql', () => {
  it(
    'runs as the role of the JWT in x-graphql-authorization, service_role without one',
    async () => {
      expect((await sql('create table public.gql_private (id int primary key); alter table public.gql_private enable row level security; insert into public.gql_private values (1);')).status).toBe(200)
      const count = '{ gqlPrivateCollection { totalCount } }'
      const asService = await graphql({ query: count })
      expect(asService.status).toBe(200)
      expect(await asService.json()).toEqual({ data: { gqlPrivateCollection: { totalCount: 1 } } })
      const asAnon = await graphql({ query: count }, `Bearer ${roleToken('anon', { lifetimeSeconds: 60 })}`)
      expect(await asAnon.json()).toEqual({ data: { gqlPrivateCollection: { totalCount: 0 } } })
    },
    SLOW,
  )

  it('refuses a header that is not a live token of an API role', async () => {
    for (const [header, message] of [
      ['anon', 'Invalid authorization header: expected "Bearer <JWT>"'],
      [`Bearer ${roleToken('anon', { lifetimeSeconds: -10 })}`, 'JWT expired'],
      [`Bearer ${roleToken('anon', { lifetimeSeconds: 60 }).replace(/^([^.]+)\.[^.]+/, `$1.${btoa('{"role":"postgres"}')}`)}`, 'Invalid JWT: role must be one of anon, authenticated, service_role'],
    ] as const) {
      const answer = await graphql({ query: '{ __typename }' }, header)
      expect(answer.status).toBe(401)
      expect(await answer.json()).toEqual({ message })
    }
  })

  it('answers GraphQL failures as {errors} and other projects as not found', async () => {
    const empty = await graphql({})
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({ errors: [{ message: 'Must provide query string.' }] })
    const stranger = await graphql({ query: '{ __typename }' }, undefined, 'notamemberprojectref')
    expect(stranger.status).toBe(404)
  })
})
