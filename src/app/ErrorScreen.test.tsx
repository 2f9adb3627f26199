import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './ErrorBoundary'
import { ErrorScreen, isDomMutationError, supportLinkFor } from './ErrorScreen'

vi.mock('../api/error-reporting', () => ({ reportError: () => 'abc123' }))

function props(overrides: Partial<Parameters<typeof ErrorScreen>[0]> = {}) {
  return {
    error: Object.assign(new Error('Kaboom'), { stack: 'Error: Kaboom\n    at Thing' }),
    environment: 'local' as const,
    pathname: '/org/acme',
    onReset: vi.fn(),
    onReload: vi.fn(),
    ...overrides,
  }
}

describe('ErrorScreen', () => {
  it("offers 'Return to dashboard' outside production and resets with it", () => {
    const p = props()
    render(<ErrorScreen {...p} />)
    fireEvent.click(screen.getByRole('button', { name: 'Return to dashboard' }))
    expect(p.onReset).toHaveBeenCalledOnce()
    expect(screen.queryByRole('button', { name: 'Reload dashboard' })).toBeNull()
  })

  it("offers 'Reload dashboard' in production", () => {
    const p = props({ environment: 'production' })
    render(<ErrorScreen {...p} />)
    fireEvent.click(screen.getByRole('button', { name: 'Reload dashboard' }))
    expect(p.onReload).toHaveBeenCalledOnce()
    expect(screen.queryByRole('button', { name: 'Return to dashboard' })).toBeNull()
  })

  it('shows the five suggestions and no translator warning for an ordinary error', () => {
    render(<ErrorScreen {...props()} />)
    expect(screen.getByRole('heading', { name: 'Sorry! An unexpected error occurred.' })).toBeTruthy()
    expect(screen.getAllByRole('listitem')).toHaveLength(5)
    expect(screen.getByRole('link', { name: 'Sign out and sign back in' }).getAttribute('href')).toBe('/logout')
    expect(screen.queryByText('Still stuck?')).toBeNull()
  })

  it('warns about translators for DOM insertion failures', () => {
    render(<ErrorScreen {...props({ error: new Error("Failed to execute 'insertBefore' on 'Node'") })} />)
    expect(screen.getByText('Still stuck?')).toBeTruthy()
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })
})

describe('supportLinkFor', () => {
  it('prefills category, sid, subject and message', () => {
    const url = new URL(supportLinkFor({ message: 'm', stack: 'STACK' }, '/org/x', 'sid1'), 'http://x')
    expect(url.pathname).toBe('/support/new')
    expect(Object.fromEntries(url.searchParams)).toEqual({ category: 'dashboard_bug', sid: 'sid1', subject: 'Dashboard error on /org/x', message: 'STACK' })
  })
  it('leaves sid out when there is no report id', () => {
    const url = new URL(supportLinkFor({ message: 'only message' }, '/', undefined), 'http://x')
    expect(url.searchParams.has('sid')).toBe(false)
    expect(url.searchParams.get('message')).toBe('only message')
  })
})

describe('isDomMutationError', () => {
  it.each([
    ["Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.", true],
    ["Failed to execute 'insertBefore' on 'Node'", true],
    ['Cannot read properties of undefined', false],
  ])('%s → %s', (message, expected) => expect(isDomMutationError(message)).toBe(expected))
})

describe('ErrorBoundary', () => {
  it('catches a render error, shows the screen, and renders the children again after a reset', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Bomb() {
      const [armed, setArmed] = useState(false)
      if (armed) throw new Error('exploded')
      return <button onClick={() => setArmed(true)}>arm</button>
    }
    render(
      <ErrorBoundary>
        <Bomb />
      </ErrorBoundary>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'arm' }))
    expect(screen.getByTestId('error-text').textContent).toContain('exploded')
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toContain('sid=abc123')
    fireEvent.click(screen.getByRole('button', { name: 'Return to dashboard' }))
    expect(screen.getByRole('button', { name: 'arm' })).toBeTruthy()
  })
})
