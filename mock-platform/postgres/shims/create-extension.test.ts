import { describe, expect, it } from 'vitest'
import { enableExtensionSql } from '../../../src/lib/sql/extensions'
import { enableCronSql, enablePgNetSql } from '../../../src/lib/sql/cron'
import { isExtensionNotAvailable, shimCreatedBy } from './create-extension'

describe('a shim asked for where the server has no files for it', () => {
  it('is recognised in what the cron screen and the extensions screen send', () => {
    expect(shimCreatedBy(enableCronSql)?.shim.name).toBe('pg_cron')
    expect(shimCreatedBy(enablePgNetSql)?.shim.name).toBe('pg_net')
    expect(shimCreatedBy(enableExtensionSql({ name: 'pg_net', schema: 'net tools', cascade: true }))).toMatchObject({ shim: { name: 'pg_net' }, schemas: ['create schema if not exists "net tools"'] })
    expect(shimCreatedBy('CREATE EXTENSION "pg_cron" VERSION \'1.6\'')?.shim.name).toBe('pg_cron')
  })

  it('is not read into anything else', () => {
    expect(shimCreatedBy('create extension pg_trgm')).toBeNull()
    expect(shimCreatedBy('create extension pg_cron; drop table public.customers')).toBeNull()
    expect(shimCreatedBy('drop table public.customers; create extension pg_cron')).toBeNull()
    expect(shimCreatedBy('select 1')).toBeNull()
  })

  it('knows the refusal', () => {
    expect(isExtensionNotAvailable({ code: '0A000' })).toBe(true)
    expect(isExtensionNotAvailable({ code: '58P01' })).toBe(true)
    expect(isExtensionNotAvailable({ code: '42601' })).toBe(false)
    expect(isExtensionNotAvailable(null)).toBe(false)
  })
})
