import { buildSchema, getIntrospectionQuery, graphqlSync } from 'graphql'
import type { IntrospectionQuery } from 'graphql'
import { describe, expect, it } from 'vitest'
import { headerAuthorization, operationAt, parseHeaders, parseVariables, requestHeaders, starterQuery } from './request-parts'

describe('variables and headers', () => {
  it('reads a JSON object, empty text as none, and says what is wrong otherwise', () => {
    expect(parseVariables('')).toEqual({ value: {} })
    expect(parseVariables(' { "first": 2 } ')).toEqual({ value: { first: 2 } })
    expect(parseVariables('[1]').error).toBe('Variables must be a JSON object')
    expect(parseVariables('{first: 2}').error).toMatch(/^Variables are not valid JSON: /)
  })

  it('lower-cases header names, keeps names like constructor as headers, and refuses what the dashboard sends itself', () => {
    const parsed = parseHeaders('{"X-Trace": "1", "constructor": "c", "__proto__": "p"}')
    expect(parsed.value && Object.getPrototypeOf(parsed.value)).toBeNull()
    expect(Object.entries(parsed.value!)).toEqual([
      ['x-trace', '1'],
      ['constructor', 'c'],
      ['__proto__', 'p'],
    ])
    expect(parseHeaders('{"Authorization": "Bearer x"}').error).toBe('The dashboard sets the Authorization header itself; it cannot be set here')
    expect(parseHeaders('{"bad name": "x"}').error).toBe('"bad name" is not a valid header name')
    expect(parseHeaders('{"x-n": 1}').error).toBe('The value of the x-n header must be a string')
  })

  it("sends the picked role's token, unless the headers carry one", () => {
    const picked = requestHeaders('signed.role.token', parseHeaders('{"x-trace": "1"}').value!)
    expect(picked['x-trace']).toBe('1')
    expect(picked['x-graphql-authorization']).toBe('Bearer signed.role.token')
    expect(Object.getPrototypeOf(picked)).toBeNull()
    expect(requestHeaders(null, { 'x-trace': '1' })).not.toHaveProperty('x-graphql-authorization')
    const own = parseHeaders('{"X-GraphQL-Authorization": "Bearer a.b.c"}').value!
    expect(headerAuthorization(own)).toBe('Bearer a.b.c')
    expect(requestHeaders('signed.role.token', own)['x-graphql-authorization']).toBe('Bearer a.b.c')
  })
})

describe('the operation to run', () => {
  const doc = 'query A { a }\n\nmutation B { b }\n'
  it('is the one under the cursor when there are several, named; the only one is sent unnamed', () => {
    expect(operationAt(doc, 3)).toEqual({ name: 'A', kind: 'query' })
    expect(operationAt(doc, doc.indexOf('mutation') + 2)).toEqual({ name: 'B', kind: 'mutation' })
    expect(operationAt(doc, doc.length)).toEqual({ name: 'A', kind: 'query' })
    expect(operationAt('mutation M { b }', 0)).toEqual({ name: null, kind: 'mutation' })
    expect(operationAt('{ a ', 0)).toBeNull()
  })
})

describe('the starter query', () => {
  const introspect = (sdl: string) => graphqlSync({ schema: buildSchema(sdl), source: getIntrospectionQuery() }).data as unknown as IntrospectionQuery
  it("asks the first collection's first rows for a few of its columns", () => {
    const schema = introspect(`
      type Query { node(nodeId: ID!): Customers, customersCollection(first: Int): CustomersConnection }
      type CustomersConnection { totalCount: Int! }
      type Customers { nodeId: ID!, id: BigInt!, email: String!, fullName: String, tags: [String], ordersCollection: CustomersConnection }
      scalar BigInt`)
    const text = starterQuery(schema)
    expect(text).toContain('customersCollection(first: 5)')
    expect(text.match(/^ {8}\w+$/gm)?.map((line) => line.trim())).toEqual(['nodeId', 'id', 'email', 'fullName'])
    expect(starterQuery(introspect('type Query { a: Int }'))).toContain('__typename')
  })
})
