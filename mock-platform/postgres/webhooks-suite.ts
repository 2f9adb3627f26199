/** pg_net's shim, the webhook trigger function and the mock's pg_net worker on a seeded database (part of `database-suite.ts`). */
import { beforeAll, describe, expect, it } from 'vitest'
import { createWebhookSql, deleteWebhookSql, setWebhookEnabledSql, updateWebhookSql, webhookCallsSql, webhooksEnabledSql, webhooksSql, type WebhookDefinition } from '../../src/lib/sql/webhooks.ts'
import { drainHttpQueue } from '../net/net-worker.ts'
import { runPgMetaQuery } from './query.ts'
import { installShim, PG_NET } from './shims/index.ts'
import { SUPABASE_FUNCTIONS_SQL } from './shims/supabase-functions.ts'
import type { ProjectDatabase } from './types.ts'

/** A fetch that answers like the echo endpoint and records what it was sent. */
function recordingFetch(status = 200) {
  const sent: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = []
  const send = (async (url: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries())
    sent.push({ url: String(url), method: init?.method ?? 'GET', headers, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null })
    return new Response(JSON.stringify({ ok: true }), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  return { send, sent }
}

export function describeWebhooksSuite(database: () => ProjectDatabase): void {
  describe('pg_net and database webhooks', () => {
    let db: ProjectDatabase
    beforeAll(async () => {
      db = database()
      await installShim(db, PG_NET)
      await db.exec(SUPABASE_FUNCTIONS_SQL)
    })

    it('installs idempotently', async () => {
      await installShim(db, PG_NET)
      await db.exec(SUPABASE_FUNCTIONS_SQL)
      const { rows } = await db.query(`select to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is not null as post, to_regclass('supabase_functions.hooks') is not null as hooks`)
      expect(rows).toEqual([{ post: true, hooks: true }])
    })

    it('queues net.http_post and net.http_get, with params in the query string, and the worker writes the responses', async () => {
      const [post] = (await db.query(`select net.http_post('http://localhost:9/hook', '{"a": 1}'::jsonb, '{"q": "a b&c"}'::jsonb) as id`)).rows
      const [get] = (await db.query(`select net.http_get('https://example.com/x') as id`)).rows
      const { send, sent } = recordingFetch(201)
      expect(await drainHttpQueue(db, { fetch: send })).toBe(2)
      expect(sent).toEqual([{ url: 'http://localhost:9/hook?q=a%20b%26c', method: 'POST', headers: { 'content-type': 'application/json' }, body: { a: 1 } }])
      const responses = await db.query(`select id::text as id, status_code, content, error_msg from net._http_response where id in ($1, $2) order by id`, [post!['id'], get!['id']])
      expect(responses.rows).toEqual([
        { id: String(post!['id']), status_code: 201, content: '{"ok":true}', error_msg: null },
        { id: String(get!['id']), status_code: null, content: null, error_msg: expect.stringMatching(/^Blocked by the mock platform/) },
      ])
      expect((await db.query('select count(*)::int as n from net.http_request_queue')).rows).toEqual([{ n: 0 }])
    })

    it("asks once whether a database has pg_net's queue, then drains it in one statement; a queue gone since is found out", async () => {
      const asked: string[] = []
      // The worker's own view of the database: each statement it sends is noted.
      const watched = new Proxy(db, {
        get: (target, name) => {
          const value = Reflect.get(target, name) as unknown
          if (typeof value !== 'function') return value
          if (name !== 'query') return value.bind(target)
          return (sql: string, params?: unknown[]) => (asked.push(sql.trim().split(/\s+/)[0]!), target.query(sql, params as never))
        },
      })
      const { send } = recordingFetch()
      expect(await drainHttpQueue(watched, { fetch: send })).toBe(0)
      expect(asked).toEqual(['select', 'delete'])
      asked.length = 0
      expect(await drainHttpQueue(watched, { fetch: send })).toBe(0)
      expect(asked).toEqual(['delete'])
      await db.exec('drop extension if exists pg_net cascade; drop schema if exists net cascade')
      try {
        expect(await drainHttpQueue(watched, { fetch: send })).toBe(0)
      } finally {
        await installShim(db, PG_NET)
      }
      // Asked again, and found.
      asked.length = 0
      await db.query(`select net.http_get('https://example.com/again')`)
      expect(await drainHttpQueue(watched, { fetch: send })).toBe(1)
      expect(asked.slice(0, 2)).toEqual(['select', 'delete'])
    })

    it('calls a webhook for each changed row, with the record, keeping every header', async () => {
      await db.exec(`create table public.hook_items (id int primary key, label text);
        create trigger "items hook" after insert or update on public.hook_items for each row
        execute function supabase_functions.http_request('http://localhost:9/echo', 'POST', '{"Content-Type":"application/json","Authorization":"Bearer s3cret"}', '{}', '1000');`)
      try {
        await db.exec(`insert into public.hook_items values (1, 'first'); update public.hook_items set label = 'second' where id = 1;`)
        const { send, sent } = recordingFetch()
        expect(await drainHttpQueue(db, { fetch: send })).toBe(2)
        expect(sent.map((call) => [call.headers['authorization'], (call.body as { type: string }).type, (call.body as { record: { label: string } }).record.label])).toEqual([
          ['Bearer s3cret', 'INSERT', 'first'],
          ['Bearer s3cret', 'UPDATE', 'second'],
        ])
        expect(sent[1]!.body).toMatchObject({ table: 'hook_items', schema: 'public', old_record: { id: 1, label: 'first' } })
        const hooks = await db.query(`select h.hook_name, r.status_code from supabase_functions.hooks h join net._http_response r on r.id = h.request_id
          where h.hook_table_id = 'public.hook_items'::regclass::oid order by h.id`)
        expect(hooks.rows).toEqual([
          { hook_name: 'items hook', status_code: 200 },
          { hook_name: 'items hook', status_code: 200 },
        ])
      } finally {
        await db.exec('drop table public.hook_items')
      }
    })

    it('lists webhooks with their arguments read back exactly, updates them without losing a header, and deletes them', async () => {
      const run = (query: string) => runPgMetaQuery(db, { query })
      await db.exec(`create schema "Odd ""Schema"""; create table "Odd ""Schema"""."order lines" (id int primary key)`)
      const hook: WebhookDefinition = {
        name: 'line "added"',
        schema: 'Odd "Schema"',
        table: 'order lines',
        events: ['insert', 'delete'],
        method: 'POST',
        url: "http://localhost:9/it's?x=1",
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ünïcode' },
        params: { tag: 'a=b' },
        timeoutMs: 2000,
      }
      try {
        expect(await run(webhooksEnabledSql)).toEqual([{ enabled: true }])
        await run(createWebhookSql(hook))
        const [listed] = (await run(webhooksSql)).filter((row) => row['table'] === 'order lines')
        expect(listed).toMatchObject({ name: 'line "added"', schema: 'Odd "Schema"', enabled: true, on_insert: true, on_update: false, on_delete: true })
        expect(listed!['args']).toEqual([hook.url, 'POST', JSON.stringify(hook.headers), '{"tag":"a=b"}', '2000'])

        await run(setWebhookEnabledSql(hook, false))
        await run(updateWebhookSql({ ...hook, enabled: false }, { ...hook, name: 'line changed', events: ['update'], url: 'http://localhost:9/new' }))
        const [updated] = (await run(webhooksSql)).filter((row) => row['table'] === 'order lines')
        expect(updated).toMatchObject({ name: 'line changed', enabled: false, on_update: true, on_insert: false })
        expect(updated!['args']).toEqual(['http://localhost:9/new', 'POST', JSON.stringify(hook.headers), '{"tag":"a=b"}', '2000'])
        expect(await run(webhookCallsSql(Number(updated!['table_id']), 'line changed'))).toEqual([])

        await run(deleteWebhookSql({ ...hook, name: 'line changed' }))
        expect((await run(webhooksSql)).filter((row) => row['table'] === 'order lines')).toEqual([])
      } finally {
        await db.exec(`drop schema "Odd ""Schema""" cascade`)
      }
    })
  })
}
