import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, MFA_MESSAGE } from '../../src/constants'
import { createPlatformFixtures } from '../../fixtures/platform'
import { totpCode } from '../auth/totp-factors'
import { useNodeMockPlatform } from '../testing'

const platform = useNodeMockPlatform()
const { call } = platform
const secureRef = createPlatformFixtures().projects.find((p) => p.organization_slug === 'secure-bank')!.ref
const acmeRef = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp')!.ref

const send = (method: string, path: string, token: string, body?: unknown) =>
  call(path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { authorization: `Bearer ${token}` } }, false)
const signIn = async () =>
  ((await (await call('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify(DEMO_CREDENTIALS) }, false)).json()) as { access_token: string }).access_token

describe("an organization that requires MFA, as the platform's rule", () => {
  it('refuses its calls to a member without a verified factor (a personal access token too), shows whose a project is, and lets them in once they enrol', async () => {
    const token = await signIn()
    const refused = await send('GET', '/platform/organizations/secure-bank/members', token)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: MFA_MESSAGE.required('Secure Bank') })
    expect((await send('GET', `/platform/projects/${secureRef}/settings`, token)).status).toBe(403)
    expect((await send('POST', '/platform/pg-meta/' + secureRef + '/query', token, { query: 'select 1' })).status).toBe(403)
    // Whose the project is stays readable, so the dashboard can say why it stops.
    expect((await send('GET', `/platform/projects/${secureRef}`, token)).status).toBe(200)
    // Other organizations are as they were.
    expect((await send('GET', '/platform/organizations/acme-corp/members', token)).status).toBe(200)
    expect((await send('GET', `/platform/projects/${acmeRef}/settings`, token)).status).toBe(200)
    const pat = (await (await send('POST', '/platform/profile/access-tokens', token, { name: 'script' })).json()) as { token: string }
    expect((await send('GET', '/platform/organizations/secure-bank/members', pat.token)).status).toBe(403)

    const enrolment = (await (await send('POST', '/auth/v1/factors', token, { factor_type: 'totp' })).json()) as { id: string; totp: { secret: string } }
    const challenge = (await (await send('POST', `/auth/v1/factors/${enrolment.id}/challenge`, token)).json()) as { id: string }
    const now = Date.now() + platform.mock.platform.ctx.clockOffset
    const raised = (await (await send('POST', `/auth/v1/factors/${enrolment.id}/verify`, token, { challenge_id: challenge.id, code: totpCode(enrolment.totp.secret, now) })).json()) as { access_token: string }
    expect((await send('GET', '/platform/organizations/secure-bank/members', raised.access_token)).status).toBe(200)
    expect((await send('GET', `/platform/projects/${secureRef}/settings`, raised.access_token)).status).toBe(200)
    expect((await send('GET', '/platform/organizations/secure-bank/members', pat.token)).status).toBe(200)
  })
})
