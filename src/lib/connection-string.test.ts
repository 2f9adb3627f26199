import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { connectionOptions, connectionUri, type PoolerEntry } from './connection-string'
import { itReadsEach } from '../test/each-row'

const settings = { db_host: 'db.abcdefghijklmnopqrst.example.co', db_port: 5432, db_name: 'postgres', db_user: 'postgres' }
const transaction: PoolerEntry = {
  database_type: 'PRIMARY',
  db_host: 'aws-0-eu-central-1.pooler.example.co',
  db_port: 6543,
  db_name: 'postgres',
  db_user: 'postgres.abcdefghijklmnopqrst',
  pool_mode: 'transaction',
}

describe('connectionUri', () => {
  itReadsEach('%o → %s', connectionUri, [
    [{ host: 'db.x.example.co', port: 5432, database: 'postgres', user: 'postgres' }, 'postgresql://postgres:[YOUR-PASSWORD]@db.x.example.co:5432/postgres'],
    [{ host: 'pooler.example.co', port: 6543, database: 'postgres', user: 'postgres.ref' }, 'postgresql://postgres.ref:[YOUR-PASSWORD]@pooler.example.co:6543/postgres'],
    // Characters that would end the user or the path are encoded.
    [{ host: 'localhost', port: 6000, database: 'my db/1', user: 'me@corp' }, 'postgresql://me%40corp:[YOUR-PASSWORD]@localhost:6000/my%20db%2F1'],
    [{ host: '::1', port: 5432, database: 'studio_x', user: 'postgres' }, 'postgresql://postgres:[YOUR-PASSWORD]@[::1]:5432/studio_x'],
  ])

  it('reads back as the same host, port, database and user, with only the placeholder as password', () => {
    // '.' and '..' alone are path steps to a URL parser; no one names a database that.
    const name = fc.string({ minLength: 1, maxLength: 30 }).filter((n) => n !== '.' && n !== '..')
    fc.assert(
      fc.property(fc.domain(), fc.integer({ min: 1, max: 65535 }), name, name, (host, port, database, user) => {
        const url = new URL(connectionUri({ host, port, database, user }))
        expect(url.protocol).toBe('postgresql:')
        expect(url.hostname).toBe(host)
        expect(Number(url.port)).toBe(port)
        expect(decodeURIComponent(url.pathname.slice(1))).toBe(database)
        expect(decodeURIComponent(url.username)).toBe(user)
        expect(decodeURIComponent(url.password)).toBe('[YOUR-PASSWORD]')
      }),
    )
  })
})

describe('connectionOptions', () => {
  it('without a pooler: the direct connection only', () => {
    expect(connectionOptions(settings, [])).toEqual([
      { method: 'direct', host: settings.db_host, port: 5432, database: 'postgres', user: 'postgres', uri: `postgresql://postgres:[YOUR-PASSWORD]@${settings.db_host}:5432/postgres` },
    ])
  })

  it("the platform's one transaction entry gives both modes: transaction on 6543, session on 5432 on the same host", () => {
    const [direct, tx, session] = connectionOptions(settings, [transaction])
    expect(direct?.method).toBe('direct')
    expect(tx).toMatchObject({ method: 'transaction', host: transaction.db_host, port: 6543, user: transaction.db_user })
    expect(tx?.uri).toBe('postgresql://postgres.abcdefghijklmnopqrst:[YOUR-PASSWORD]@aws-0-eu-central-1.pooler.example.co:6543/postgres')
    expect(session).toMatchObject({ method: 'session', host: transaction.db_host, port: 5432, user: transaction.db_user })
  })

  it("a mode's own entry wins (its own port); read replicas are not offered as the project's connection", () => {
    const session: PoolerEntry = { ...transaction, pool_mode: 'session', db_port: 5999 }
    const replica: PoolerEntry = { ...transaction, database_type: 'READ_REPLICA', db_host: 'replica.example.co' }
    const options = connectionOptions(settings, [replica, session, transaction])
    expect(options.map((o) => [o.method, o.host, o.port])).toEqual([
      ['direct', settings.db_host, 5432],
      ['transaction', transaction.db_host, 6543],
      ['session', transaction.db_host, 5999],
    ])
    expect(connectionOptions(settings, [replica]).map((o) => o.method)).toEqual(['direct'])
  })
})
