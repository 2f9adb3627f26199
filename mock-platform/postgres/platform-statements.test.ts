import { describe, expect, it, vi } from 'vitest'
import { platformStatementOf, runWithPlatform } from './platform-statements'

describe('platformStatementOf', () => {
  it('rebuilds an allow-listed extension from what was parsed, never passing the text on', () => {
    expect(platformStatementOf('CREATE  EXTENSION IF NOT EXISTS "dblink" WITH SCHEMA extensions CASCADE;')).toMatchObject({
      run: 'create extension if not exists "dblink" with schema "extensions" cascade;',
      undo: 'drop extension if exists "dblink";',
    })
    expect(platformStatementOf('create extension postgres_fdw')?.run).toBe('create extension if not exists "postgres_fdw" with schema "extensions";')
  })

  it('refuses what is not on the list, a system schema, and anything with more to it', () => {
    for (const text of [
      'create extension file_fdw',
      'create extension adminpack',
      'create extension dblink with schema pg_catalog',
      'create extension dblink; select 1',
      "create extension dblink with schema extensions version '1.2' cascade; drop table x",
      'create foreign data wrapper w handler evil_handler',
      'create foreign data wrapper w validator evil',
      'select pg_stat_statements_reset(0, 0, 0)',
      'create role x superuser',
    ]) {
      expect([text, platformStatementOf(text)]).toEqual([text, null])
    }
  })

  it('makes a bare wrapper and grants its use to the database owner; drops one; resets this database’s statistics only', () => {
    const wrapper = platformStatementOf('create foreign data wrapper "Stripe ""wrapper"""')!
    expect(wrapper.run).toContain('create foreign data wrapper "Stripe ""wrapper""";')
    expect(wrapper.run).toContain(`grant usage on foreign data wrapper %I to %I', 'Stripe "wrapper"'`)
    expect(wrapper.undo).toBe('drop foreign data wrapper if exists "Stripe ""wrapper""" cascade;')
    expect(platformStatementOf('drop foreign data wrapper if exists w cascade')).toEqual({ run: 'drop foreign data wrapper if exists "w" cascade;', undo: null })
    expect(platformStatementOf('select pg_stat_statements_reset();')?.run).toContain('pg_stat_statements_reset(0, (select oid from pg_catalog.pg_database where datname = pg_catalog.current_database()), 0)')
  })

  it('drops or moves an installed extension only where the platform made it (listed, or trusted and not plpgsql)', () => {
    const drop = platformStatementOf('drop extension cube cascade')!.run
    expect(drop).toContain(`execute 'drop extension if exists "cube" cascade'`)
    expect(drop).toContain("e.extname <> 'plpgsql'")
    expect(platformStatementOf('alter extension citext set schema extensions')!.run).toContain(`execute 'alter extension "citext" set schema "extensions"'`)
    expect(platformStatementOf('alter extension citext set schema pg_catalog')).toBeNull()
  })
})

describe('runWithPlatform', () => {
  it('runs the platform statements that open the text as the admin, in one transaction with a safe search path, then the rest as the owner', async () => {
    const admin = vi.fn(async () => [])
    const rest = vi.fn(async (sql: string) => [sql])
    const done = await runWithPlatform(admin, 'create schema if not exists "geo"; create extension earthdistance with schema "geo" cascade; select 1', rest)
    expect(done).toEqual({ answer: ['select 1'] })
    expect(admin).toHaveBeenCalledTimes(1)
    expect(admin.mock.calls[0]).toEqual([expect.stringMatching(/^set search_path = pg_catalog;\nbegin;\n[\s\S]*create schema if not exists %I authorization %I[\s\S]*create extension if not exists "earthdistance" with schema "geo" cascade;\ncommit;$/)])
  })

  it('undoes what the platform made when the rest fails, and leaves a text that is no such request alone', async () => {
    const admin = vi.fn(async () => [])
    const failure = new Error('rest failed')
    await expect(runWithPlatform(admin, 'create foreign data wrapper w; create server s foreign data wrapper w', async () => Promise.reject(failure))).rejects.toBe(failure)
    expect(admin.mock.calls.at(-1)).toEqual(['set search_path = pg_catalog;\ndrop foreign data wrapper if exists "w" cascade;'])
    expect(await runWithPlatform(admin, 'select 1; create extension dblink', async () => [])).toBeNull()
    expect(await runWithPlatform(admin, 'create schema if not exists x', async () => [])).toBeNull()
  })
})
