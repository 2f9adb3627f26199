/** The platform's roles, schemas and grants on a seeded database (part of `database-suite.ts`). */
import { beforeAll, describe, expect, it } from 'vitest'
import { REALTIME_PUBLICATION } from '../../src/constants/platform.ts'
import { API_ROLES, PLATFORM_LAYER_VERSION, ensurePlatformLayer } from './platform-layer.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

export function describePlatformLayerSuite(database: () => ProjectDatabase): void {
  describe('platform layer', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })

    it('has the API roles, the authenticator that may become them, and the admin owner', async () => {
      const { rows } = await db.query(
        `select rolname, rolcanlogin, rolbypassrls from pg_catalog.pg_roles
          where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', 'supabase_admin') order by rolname`,
      )
      expect(rows).toEqual([
        { rolname: 'anon', rolcanlogin: false, rolbypassrls: false },
        { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false },
        { rolname: 'authenticator', rolcanlogin: true, rolbypassrls: false },
        { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true },
        { rolname: 'supabase_admin', rolcanlogin: true, rolbypassrls: true },
      ])
      for (const role of API_ROLES) {
        const member = await db.query(`select pg_has_role('authenticator', $1, 'member') as member`, [role])
        expect(member.rows).toEqual([{ member: true }])
      }
    })

    it('has the extensions, auth and storage schemas, and extensions on the search path', async () => {
      const { rows } = await db.query(`select nspname from pg_catalog.pg_namespace where nspname in ('extensions', 'auth', 'storage') order by 1`)
      expect(rows.map((row) => row['nspname'])).toEqual(['auth', 'extensions', 'storage'])
      expect((await db.query('show search_path')).rows).toEqual([{ search_path: '"$user", public, extensions' }])
    })

    it('has pg_stat_statements in the extensions schema, as the platform enables it', async () => {
      const { rows } = await db.query(`select n.nspname from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_stat_statements'`)
      expect(rows).toEqual([{ nspname: 'extensions' }])
    })

    it('has supabase_vault, as the platform enables it on every project: a secret made and read back in plain SQL, nothing of it for a read-only run of its own role', async () => {
      const run = (query: string, readOnly = false) => runPgMetaQuery(db, { query }, { readOnly })
      expect(await run(`select to_regclass('vault.secrets') is not null as vault, to_regprocedure('vault.create_secret(text, text, text, uuid)') is not null as create_secret`)).toEqual([{ vault: true, create_secret: true }])
      // Where the database has the shim's files (PGlite) it is the extension itself, in extensions; a server has its script.
      const [shim] = await run(`select exists (select from pg_catalog.pg_available_extensions where name = 'supabase_vault') as available`)
      if (shim!['available'] === true) {
        expect(await run(`select n.nspname as schema from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'supabase_vault'`)).toEqual([{ schema: 'extensions' }])
      }
      await run(`select vault.create_secret('sk_layer_4eC39Hq', 'layer_check', 'made from plain SQL')`)
      try {
        expect(await run(`select decrypted_secret, description from vault.decrypted_secrets where name = 'layer_check'`)).toEqual([{ decrypted_secret: 'sk_layer_4eC39Hq', description: 'made from plain SQL' }])
        expect(String((await run(`select secret from vault.secrets where name = 'layer_check'`))[0]!['secret'])).not.toContain('sk_layer')
        // A read-only run is a role of its own on a server (PGlite has one user, a superuser: the page's own data).
        const [reader] = await run('select rolsuper from pg_catalog.pg_roles where rolname = current_user', true)
        if (reader!['rolsuper'] === false) {
          for (const read of ['select decrypted_secret from vault.decrypted_secrets', 'select secret, nonce from vault.secrets', 'select * from vault._root_key']) {
            await expect(run(read, true), read).rejects.toMatchObject({ code: '42501' })
          }
        }
      } finally {
        await run(`delete from vault.secrets where name = 'layer_check'`)
      }
    })

    it('gives a database of an older layer, without vault, supabase_vault', async () => {
      await db.exec(`drop extension if exists supabase_vault; drop schema if exists vault cascade; drop table studio_meta.platform_layer;`)
      expect(await ensurePlatformLayer(db)).toBe(true)
      expect((await db.query(`select to_regclass('vault.decrypted_secrets') is not null as vault`)).rows).toEqual([{ vault: true }])
    })

    it('keeps extensions on the search path after a run that changed the session', async () => {
      await db.exec('set search_path = public')
      expect((await db.query('show search_path')).rows).toEqual([{ search_path: '"$user", public, extensions' }])
    })

    it('gives the API roles the public tables (row-level security protects them), including tables made later', async () => {
      const seeded = await db.query(`select has_table_privilege('anon', 'public.customers', 'select') as anon, has_table_privilege('authenticated', 'public.orders', 'insert') as authenticated`)
      expect(seeded.rows).toEqual([{ anon: true, authenticated: true }])
      await db.exec('create table public.layer_later (id int primary key)')
      try {
        const later = await db.query(`select has_table_privilege('service_role', 'public.layer_later', 'delete') as granted`)
        expect(later.rows).toEqual([{ granted: true }])
      } finally {
        await db.exec('drop table public.layer_later')
      }
      // Schemas the user makes are theirs to grant.
      const inventory = await db.query(`select has_table_privilege('anon', 'inventory.products', 'select') as granted`)
      expect(inventory.rows).toEqual([{ granted: false }])
    })

    it('answers auth.uid(), auth.role(), auth.jwt() and auth.email() from the request claims', async () => {
      const claims = { sub: '6f1c7d5e-2b1a-4c7e-9a43-0d5e2f1b9c10', role: 'authenticated', email: 'ada@example.com' }
      const [, answer] = await db.exec(
        `select set_config('request.jwt.claims', '${JSON.stringify(claims)}', false);
         select auth.uid()::text as uid, auth.role() as role, auth.jwt() ->> 'email' as jwt_email, auth.email() as email;`,
      )
      expect(answer?.rows).toEqual([{ uid: claims.sub, role: 'authenticated', jwt_email: claims.email, email: claims.email }])
      // A run of its own is a request of its own: no claims, no user.
      expect((await db.query('select auth.uid() as uid, auth.role() as role')).rows).toEqual([{ uid: null, role: null }])
      // The demo's users (seed-auth-users.ts) are in the auth server's table.
      const users = await db.query(`select count(*)::int as n from auth.users u join auth.identities i on i.user_id = u.id where u.email = 'ana@example.com'`)
      expect(users.rows).toEqual([{ n: 1 }])
    })

    it('has storage.buckets and storage.objects with RLS, the path helpers and the grants of the platform', async () => {
      const tables = await db.query(
        `select c.relname, c.relrowsecurity from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'storage' and c.relkind = 'r' order by 1`,
      )
      expect(tables.rows).toEqual([
        { relname: 'buckets', relrowsecurity: true },
        { relname: 'objects', relrowsecurity: true },
      ])
      const grants = await db.query(
        `select has_table_privilege('anon', 'storage.objects', 'select,insert,update,delete') as anon,
                has_table_privilege('authenticated', 'storage.buckets', 'select') as authenticated`,
      )
      expect(grants.rows).toEqual([{ anon: true, authenticated: true }])
      const helpers = await db.query(
        `select storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file, storage.extension('a/b/c.tar.gz') as ext`,
      )
      expect(helpers.rows).toEqual([{ folders: ['a', 'b'], file: 'c.png', ext: 'gz' }])
      await db.exec(`insert into storage.buckets (id, name) values ('layer-check', 'layer-check');
        insert into storage.objects (bucket_id, name, metadata) values ('layer-check', 'x/y/z.txt', '{"size": 1}');`)
      try {
        const object = await db.query(`select path_tokens, owner, id is not null as has_id, created_at is not null as dated from storage.objects where bucket_id = 'layer-check'`)
        expect(object.rows).toEqual([{ path_tokens: ['x', 'y', 'z.txt'], owner: null, has_id: true, dated: true }])
        await expect(db.exec(`insert into storage.objects (bucket_id, name) values ('layer-check', 'x/y/z.txt')`)).rejects.toThrow(/duplicate key/)
        await expect(db.exec(`insert into storage.objects (bucket_id, name) values ('no-such-bucket', 'a')`)).rejects.toThrow(/foreign key/)
      } finally {
        await db.exec(`delete from storage.objects where bucket_id = 'layer-check'; delete from storage.buckets where id = 'layer-check';`)
      }
    })

    it('gives a database whose storage tables lack columns (an older shape) the missing ones, its rows kept', async () => {
      await db.exec(`insert into storage.buckets (id, name) values ('older', 'older');
        alter table storage.objects drop column metadata, drop column last_accessed_at, drop column path_tokens;
        alter table storage.buckets drop column allowed_mime_types;
        drop table studio_meta.platform_layer;`)
      try {
        expect(await ensurePlatformLayer(db)).toBe(true)
        const columns = await db.query(
          `select table_name::text as t, column_name::text as c from information_schema.columns
            where table_schema = 'storage' and column_name in ('metadata', 'last_accessed_at', 'path_tokens', 'allowed_mime_types') order by 1, 2`,
        )
        expect(columns.rows).toEqual([
          { t: 'buckets', c: 'allowed_mime_types' },
          { t: 'objects', c: 'last_accessed_at' },
          { t: 'objects', c: 'metadata' },
          { t: 'objects', c: 'path_tokens' },
        ])
        expect((await db.query(`select id from storage.buckets where id = 'older'`)).rows).toEqual([{ id: 'older' }])
      } finally {
        await db.exec(`delete from storage.buckets where id = 'older'`)
      }
    })

    it('is applied once per version, and again (harmlessly) to a database without it', async () => {
      expect(await ensurePlatformLayer(db)).toBe(false)
      await db.exec('drop table studio_meta.platform_layer')
      expect(await ensurePlatformLayer(db)).toBe(true)
      expect((await db.query('select version from studio_meta.platform_layer')).rows).toEqual([{ version: PLATFORM_LAYER_VERSION }])
    })

    it('has realtime’s publication, empty, for the project to add tables to', async () => {
      expect((await db.query(`select pubname, puballtables from pg_catalog.pg_publication where pubname = '${REALTIME_PUBLICATION}'`)).rows).toEqual([{ pubname: REALTIME_PUBLICATION, puballtables: false }])
    })
  })
}
