import { describe, expect, it, vi } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, GRAPHQL_AUTHORIZATION_HEADER, GRAPHQL_MESSAGE, PERMISSION_MESSAGE } from '../../src/constants'
import { openProjectDatabase } from '../projects/database-start'
import { signProjectJwt } from '../auth/project-jwt'
import { SLOW } from '../postgres/suite-timeouts'
import { useNodeMockPlatform } from '../testing'

// SPEC §6 on the GraphQL endpoint: the demo user may only read Read Only Co's project and owns Acme Corp's.
const fixtures = createPlatformFixtures()
const readOnly = fixtures.projects.find((p) => p.organization_slug === 'readonly-co')!
const owned = fixtures.projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })
const { call } = platform
const ctx = () => platform.mock.platform.ctx

function graphql(project: { ref: string }, query: string, authorization?: string) {
  return call(`/platform/projects/${project.ref}/api/graphql`, {
    method: 'POST',
    body: JSON.stringify({ query }),
    headers: authorization === undefined ? {} : { [GRAPHQL_AUTHORIZATION_HEADER]: authorization },
  })
}

function roleToken(project: { ref: string }, role: string) {
  return call(`/platform/projects/${project.ref}/api/graphql/token`, { method: 'POST', body: JSON.stringify({ role }) })
}

const base64Url = (value: unknown) => btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
/** A token anyone can write: no signature at all. */
const unsignedToken = (claims: Record<string, unknown>) => `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(claims)}.`

async function customerCount(project: { ref: string }) {
  const { database } = await openProjectDatabase(ctx(), project)
  return (await database.query('select count(*)::int as n from public.customers')).rows[0]!['n']
}

const INSERT = 'mutation { insertIntoCustomersCollection(objects: [{email: "reader@example.com", fullName: "Reader"}]) { affectedCount } }'
const COUNT = '{ customersCollection { totalCount } }'

describe('GraphQL for a member who may only read', () => {
  it(
    'refuses an insert with a GraphQL error saying it is read-only, and writes nothing',
    async () => {
      const before = await customerCount(readOnly)
      const anon = ((await (await roleToken(readOnly, 'anon')).json()) as { token: string }).token
      for (const authorization of [undefined, `Bearer ${anon}`]) {
        const answer = await graphql(readOnly, INSERT, authorization)
        expect(answer.status).toBe(200)
        expect(await answer.json()).toEqual({ data: null, errors: [expect.objectContaining({ message: GRAPHQL_MESSAGE.readOnlyMutation })] })
      }
      expect(await customerCount(readOnly)).toBe(before)
    },
    SLOW,
  )

  it('reads through the read-only run, as authenticated when no header says otherwise', async () => {
    const { database } = await openProjectDatabase(ctx(), readOnly)
    const exec = vi.spyOn(database, 'exec')
    try {
      const answer = await graphql(readOnly, COUNT)
      expect(await answer.json()).toEqual({ data: { customersCollection: { totalCount: await customerCount(readOnly) } } })
      expect(exec).toHaveBeenCalledTimes(1)
      expect(exec.mock.calls[0]![1]).toMatchObject({ readOnly: true })
      expect(exec.mock.calls[0]![0]).toContain('set local role "authenticated"')
    } finally {
      exec.mockRestore()
    }
  })

  it('is not given a service_role token, nor its key, and one signed by the platform is refused all the same', async () => {
    const asked = await roleToken(readOnly, 'service_role')
    expect(asked.status).toBe(403)
    expect(await asked.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.runGraphqlAsServiceRole) })
    const settings = (await (await call(`/platform/projects/${readOnly.ref}/settings`)).json()) as { service_api_keys: { tags: string }[] }
    expect(settings.service_api_keys.map((key) => key.tags)).toEqual(['anon,public'])

    const signed = await signProjectJwt(ctx(), readOnly.ref, { role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 })
    const answer = await graphql(readOnly, COUNT, `Bearer ${signed}`)
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.runGraphqlAsServiceRole) })
  })
})

describe('GraphQL role claims', () => {
  it('refuses an unsigned (alg none) token claiming service_role with 401, for a reader and an owner alike, and runs nothing', async () => {
    const before = await customerCount(readOnly)
    const forged = `Bearer ${unsignedToken({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 })}`
    for (const project of [readOnly, owned]) {
      const answer = await graphql(project, INSERT, forged)
      expect(answer.status, project.ref).toBe(401)
      expect(await answer.json()).toEqual({ message: GRAPHQL_MESSAGE.unsigned })
    }
    expect(await customerCount(readOnly)).toBe(before)
  })

  it("refuses a token signed with another key, or another project's, with 401", async () => {
    const anon = ((await (await roleToken(owned, 'anon')).json()) as { token: string }).token
    const [header, payload] = anon.split('.')
    const otherProject = fixtures.projects.find((p) => p.organization_slug === 'acme-corp' && p.ref !== owned.ref)!
    const elsewhere = await signProjectJwt(ctx(), otherProject.ref, { role: 'anon', exp: Math.floor(Date.now() / 1000) + 60 })
    for (const token of [`${header}.${payload}.${'A'.repeat(43)}`, elsewhere]) {
      const answer = await graphql(owned, COUNT, `Bearer ${token}`)
      expect(answer.status).toBe(401)
      expect(await answer.json()).toEqual({ message: GRAPHQL_MESSAGE.badSignature })
    }
  })

  it("takes the role of a token the platform signed: the role picker's, or the project's API keys", async () => {
    const anon = ((await (await roleToken(owned, 'anon')).json()) as { token: string }).token
    const settings = (await (await call(`/platform/projects/${owned.ref}/settings`)).json()) as { service_api_keys: { tags: string; api_key: string }[] }
    const anonKey = settings.service_api_keys.find((key) => key.tags.includes('anon'))!.api_key
    const serviceKey = settings.service_api_keys.find((key) => key.tags.includes('service_role'))!.api_key
    for (const token of [anon, anonKey, serviceKey]) {
      const answer = await graphql(owned, '{ __typename }', `Bearer ${token}`)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ data: { __typename: 'Query' } })
    }
  })
})
