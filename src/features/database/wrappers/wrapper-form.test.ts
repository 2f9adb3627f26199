import { describe, expect, it } from 'vitest'
import type { DatabaseWrapper } from '../../../api/schemas'
import { WRAPPER_KINDS } from '../../../constants'
import { WRAPPER_SECRETS_TABLE } from '../../../lib/sql/wrappers'
import { emptyWrapperForm, foreignTableName, kindOfWrapper, readWrapperForm, secretIdsOf, wrapperKind } from './wrapper-form'
import { itReadsEach } from '../../../test/each-row'

const stripe = wrapperKind('stripe')!
let ids = 0
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`

describe('readWrapperForm', () => {
  it('keeps secret options apart, named by id, and plain ones on the server', () => {
    const values = { ...emptyWrapperForm(stripe), options: Object.assign(Object.create(null) as Record<string, string>, { api_key: ' sk_test_123 ', api_url: 'https://api.stripe.com/v1/' }) }
    const { wrapper, errors } = readWrapperForm(values, [], newId, WRAPPER_SECRETS_TABLE)
    expect(errors).toEqual({})
    expect(wrapper).toMatchObject({
      wrapperName: 'stripe_wrapper',
      serverName: 'stripe_server',
      schema: 'stripe',
      options: { api_url: 'https://api.stripe.com/v1/' },
      secrets: [{ option: 'api_key', value: 'sk_test_123' }],
      tables: [{ name: 'customers', option: 'object', object: 'customers' }],
    })
  })

  it('says what is missing, field by field, and makes nothing', () => {
    const { wrapper, errors } = readWrapperForm({ ...emptyWrapperForm(stripe), wrapperName: ' ', schema: '', objects: [] }, [], newId, WRAPPER_SECRETS_TABLE)
    expect(wrapper).toBeNull()
    expect(errors).toEqual({
      wrapperName: 'Name the wrapper.',
      schema: 'Name the schema.',
      'option:api_key': 'Stripe secret key is required.',
      objects: 'Choose at least one object to read as a table.',
    })
  })

  it('refuses a wrapper or server name that exists', () => {
    const existing: DatabaseWrapper[] = [{ id: 1, name: 'stripe_wrapper', handler: null, servers: [{ id: 2, name: 'stripe_server', options: [], tables: [] }] }]
    const values = { ...emptyWrapperForm(stripe), options: Object.assign(Object.create(null) as Record<string, string>, { api_key: 'k' }) }
    expect(readWrapperForm(values, existing, newId, WRAPPER_SECRETS_TABLE).errors).toEqual({
      wrapperName: 'A wrapper called stripe_wrapper exists already.',
      serverName: 'A server called stripe_server exists already.',
    })
  })
})

describe('names and kinds', () => {
  itReadsEach('names foreign tables after the object: %j → %j', foreignTableName, [
    ['customers', 'customers'],
    ['auth/users', 'users'],
    ['s3://my-bucket/exports/orders.csv', 'orders'],
    ['firestore/Order Items', 'order_items'],
  ])
  it('knows a wrapper by its handler, else by its name', () => {
    expect(kindOfWrapper({ name: 'anything', handler: 'stripe_fdw_handler' })?.id).toBe('stripe')
    expect(kindOfWrapper({ name: 'airtable_wrapper', handler: null })?.id).toBe('airtable')
    expect(kindOfWrapper({ name: 'my_fdw', handler: null })).toBeUndefined()
  })
  it('finds the secret ids its servers name', () => {
    const id = '3d5c1b1e-8f3a-4d2b-9c6e-2f1a7b9d0e41'
    expect(secretIdsOf({ id: 1, name: 'w', handler: null, servers: [{ id: 2, name: 's', options: [`api_key_id=${id}`, 'api_url=https://x', 'project_id=my-project'], tables: [] }] })).toEqual([id])
  })
  it('offers every kind with at least one object and one required option', () => {
    for (const kind of WRAPPER_KINDS) {
      expect(kind.objects.length, kind.id).toBeGreaterThan(0)
      expect(kind.serverOptions.some((option) => option.required), kind.id).toBe(true)
    }
  })
})
