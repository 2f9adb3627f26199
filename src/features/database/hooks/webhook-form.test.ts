import { describe, expect, it } from 'vitest'
import { createWebhookSql } from '../../../lib/sql/webhooks'
import { emptyWebhookForm, readWebhookForm, webhookFormFrom, type WebhookFormValues } from './webhook-form'

const filled = (overrides: Partial<WebhookFormValues> = {}): WebhookFormValues => ({
  ...emptyWebhookForm('public', 'orders'),
  name: 'order placed',
  url: 'https://example.com/hooks/orders',
  headers: 'Content-Type: application/json\nAuthorization: Bearer s3cret',
  params: 'source=studio',
  ...overrides,
})

describe('readWebhookForm', () => {
  it('gives the definition of a well-filled form', () => {
    const { definition, errors } = readWebhookForm(filled())
    expect(errors).toEqual({})
    expect(definition).toMatchObject({
      name: 'order placed',
      events: ['insert'],
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' },
      params: { source: 'studio' },
      timeoutMs: 5000,
    })
  })

  it.each([
    [{ url: '' }, 'url', 'Enter the URL to call.'],
    [{ url: 'ftp://example.com' }, 'url', 'The URL must start with http:// or https://.'],
    [{ url: 'example.com/hook' }, 'url', 'That is not a URL: write it whole, e.g. https://example.com/hooks/orders.'],
    [{ headers: 'Content-Type: application/json\nAuthorization Bearer x' }, 'headers', 'Line 2 ("Authorization Bearer x") is not a header: write it as Name: value.'],
    [{ headers: 'X Custom: 1' }, 'headers', 'Line 1: "X Custom" cannot be a header name (letters, digits and - only).'],
    [{ headers: 'Accept: a\naccept: b' }, 'headers', 'Line 2: the header "accept" is given twice.'],
    [{ params: 'novalue' }, 'params', 'Line 1 ("novalue") is not a parameter: write it as name=value.'],
    [{ name: '  ' }, 'name', 'Name the webhook.'],
    [{ name: 'x'.repeat(64) }, 'name', 'The name is longer than Postgres allows (63 bytes).'],
    [{ table: '' }, 'table', 'Choose the table to watch.'],
    [{ events: { insert: false, update: false, delete: false } }, 'events', 'Choose at least one event.'],
    [{ timeoutMs: '500' }, 'timeoutMs', 'The timeout is a whole number of milliseconds from 1000 to 10000.'],
    [{ timeoutMs: '2.5' }, 'timeoutMs', 'The timeout is a whole number of milliseconds from 1000 to 10000.'],
  ] as const)('%j → %s: %s', (overrides, field, message) => {
    const { definition, errors } = readWebhookForm(filled(overrides as Partial<WebhookFormValues>))
    expect(definition).toBeNull()
    expect(errors[field]).toBe(message)
  })

  it('keeps a header called __proto__ or constructor as a header', () => {
    const { definition } = readWebhookForm(filled({ headers: '__proto__: a\nconstructor: b' }))
    expect(Object.entries(definition!.headers)).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
    ])
  })
})

describe('webhookFormFrom', () => {
  it('reads a stored webhook back with every header, Authorization included, and its URL as it was', () => {
    const { definition } = readWebhookForm(filled({ events: { insert: true, update: true, delete: false } }))
    const sql = createWebhookSql(definition!)
    const args = [...sql.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'"))
    const form = webhookFormFrom({ name: 'order placed', schema: 'public', table: 'orders', on_insert: true, on_update: true, on_delete: false, args })
    expect(form).toEqual(filled({ events: { insert: true, update: true, delete: false }, headers: 'Content-Type: application/json\nAuthorization: Bearer s3cret' }))
  })
})
