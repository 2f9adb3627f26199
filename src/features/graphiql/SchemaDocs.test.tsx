import { fireEvent, render, screen, within } from '@testing-library/react'
import { buildSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { SchemaDocs } from './SchemaDocs'

const schema = buildSchema(`
  """The root type for querying data"""
  type Query { customersCollection(first: Int, filter: CustomersFilter): CustomersConnection }
  type CustomersConnection { edges: [CustomersEdge!]! totalCount: Int! }
  type CustomersEdge { node: Customers! }
  """People who buy from the shop."""
  type Customers { email: String! status: Status }
  input CustomersFilter { email: StringFilter }
  input StringFilter { eq: String }
  enum Status { active, gone }
`)

describe('schema docs', () => {
  it('lists the root and every type, opens a type from any reference, and goes back', () => {
    render(<SchemaDocs schema={schema} />)
    const types = ['Boolean', 'Customers', 'CustomersConnection', 'CustomersEdge', 'CustomersFilter', 'Int', 'Query', 'Status', 'String', 'StringFilter']
    for (const name of types) expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(0)
    fireEvent.click(screen.getAllByRole('button', { name: 'Query' })[0]!)
    const query = screen.getByRole('region', { name: 'Type Query' })
    expect(query.textContent).toContain('customersCollection(first: Int, filter: CustomersFilter): CustomersConnection')
    fireEvent.click(within(query).getByRole('button', { name: 'CustomersConnection' }))
    fireEvent.click(within(screen.getByRole('region', { name: 'Type CustomersConnection' })).getByRole('button', { name: 'CustomersEdge' }))
    fireEvent.click(within(screen.getByRole('region', { name: 'Type CustomersEdge' })).getByRole('button', { name: 'Customers' }))
    expect(screen.getByRole('region', { name: 'Type Customers' }).textContent).toContain('People who buy from the shop.')
    fireEvent.click(screen.getByRole('button', { name: '← CustomersEdge' }))
    expect(screen.getByRole('region', { name: 'Type CustomersEdge' })).toBeTruthy()
  })

  it('finds types and fields by name', () => {
    render(<SchemaDocs schema={schema} />)
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the schema' }), { target: { value: 'EMAIL' } })
    expect(screen.getByRole('status').textContent).toContain('2 matches')
    fireEvent.click(screen.getByRole('button', { name: 'CustomersFilter.email' }))
    expect(screen.getByRole('region', { name: 'Type CustomersFilter' }).textContent).toContain('email: StringFilter')
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the schema' }), { target: { value: 'nothing-like-it' } })
    expect(screen.getByRole('status').textContent).toContain('Nothing in the schema matches.')
  })
})
