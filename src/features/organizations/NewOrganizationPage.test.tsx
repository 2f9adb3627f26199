import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import NewOrganizationPage from './NewOrganizationPage'

describe('the new-organization form', () => {
  it('promises no renaming, for which there is no screen yet', async () => {
    const location = memoryLocation({ path: '/new' })
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <NewOrganizationPage />
        </Router>
      </QueryClientProvider>,
    )
    expect(await screen.findByRole('button', { name: 'Create organization' })).toBeTruthy()
    expect(screen.queryByText(/rename/i)).toBeNull()
  })
})
