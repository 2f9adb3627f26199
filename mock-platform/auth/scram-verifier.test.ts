import { describe, expect, it } from 'vitest'
import { withAdmin } from '../postgres/server-tenancy'
import { scramVerifier } from './scram-verifier'

const databaseUrl = process.env['DATABASE_URL']
const ROLE = `studio_scram_test_${process.pid}`

describe('a SCRAM-SHA-256 verifier', () => {
  it('has the shape Postgres stores, with a new salt each time', async () => {
    const [one, two] = [await scramVerifier('correct horse battery'), await scramVerifier('correct horse battery')]
    expect(one).toMatch(/^SCRAM-SHA-256\$4096:[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=:[A-Za-z0-9+/]{43}=$/)
    expect(one).not.toBe(two)
  })

  it.runIf(databaseUrl)("is the one Postgres itself makes of the same password and salt", async () => {
    const password = 'Tr0ub4dour & 3 — ünïcode'
    const stored = await withAdmin(databaseUrl!, 10_000, async (admin) => {
      await admin.query(`set password_encryption = 'scram-sha-256'`)
      await admin.query(`create role ${ROLE} password '${password.replace(/'/g, "''")}'`)
      try {
        return String((await admin.query('select rolpassword from pg_authid where rolname = $1', [ROLE])).rows[0].rolpassword)
      } finally {
        await admin.query(`drop role ${ROLE}`)
      }
    })
    const [, iterations, salt] = /^SCRAM-SHA-256\$(\d+):([^$]+)\$/.exec(stored)!
    const saltBytes = Uint8Array.from(atob(salt!), (c) => c.charCodeAt(0))
    expect(await scramVerifier(password, saltBytes, Number(iterations))).toBe(stored)
  })
})
