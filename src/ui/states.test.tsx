import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QueryStates } from './states'

function Names({ read }: { read: () => Promise<string[]> }) {
  const names = useQuery({ queryKey: ['names'], queryFn: read, retry: false })
  return (
    <QueryStates query={names} loading="Loading names…" failed="The names could not be read">
      {(data) => <ul aria-label="Names">{data.map((name) => <li key={name}>{name}</li>)}</ul>}
    </QueryStates>
  )
}

const shown = (read: () => Promise<string[]>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Names read={read} />
    </QueryClientProvider>,
  )

describe('QueryStates', () => {
  it('says what is loading, then hands the data to its children', async () => {
    let answer: (names: string[]) => void = () => {}
    shown(() => new Promise((resolve) => (answer = resolve)))
    expect(screen.getByText('Loading names…')).toBeTruthy()
    answer(['ada', 'grace'])
    expect((await screen.findByRole('list', { name: 'Names' })).textContent).toBe('adagrace')
    expect(screen.queryByText('Loading names…')).toBeNull()
  })

  it('shows a failure with its message, and trying again asks once more', async () => {
    let calls = 0
    shown(async () => {
      calls += 1
      if (calls === 1) throw new Error('the server is away')
      return ['ada']
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The names could not be read')
    expect(alert.textContent).toContain('the server is away')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect((await screen.findByRole('list', { name: 'Names' })).textContent).toBe('ada')
    expect(calls).toBe(2)
  })
})
