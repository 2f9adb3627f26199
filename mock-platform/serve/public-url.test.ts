/**
 * STUDIO_PUBLIC_URL: the links the served platform mails name where people reach Studio — not the
 * port it listens on behind a proxy, and never what a caller put in its Host header.
 */
import { describe, expect, it } from 'vitest'
import { apiAs, signUp, useServedStudio } from './testing'

const databaseUrl = process.env['DATABASE_URL']
const PUBLIC_URL = 'https://studio.example.com'

describe.runIf(databaseUrl)('the public address of a served Studio', () => {
  const served = useServedStudio('publicurl', { config: { publicUrl: PUBLIC_URL } })

  it("puts it in an invitation's join link, whatever Host the inviter's request named", async () => {
    const owner = apiAs(served.server, await signUp(served.server, `publicurl-${process.pid}@example.com`, 'amber-Kettle-52-orchard!violin'))
    await owner.call('/platform/profile', { method: 'POST' })
    const { slug } = (await owner.call('/platform/organizations', { method: 'POST', body: { name: 'Proxy Labs', tier: 'tier_free' } })).body as { slug: string }
    const invited = await owner.call(`/platform/organizations/${slug}/members/invitations`, {
      method: 'POST',
      body: { email: 'colleague@example.com', role_id: 3 },
      headers: { host: 'attacker.example' },
    })
    expect(invited.status).toBe(201)
    expect((invited.body as { join_link: string }).join_link).toMatch(new RegExp(`^${PUBLIC_URL}/join\\?token=inv_[0-9a-f]{48}&slug=${slug}$`))
  })
})
