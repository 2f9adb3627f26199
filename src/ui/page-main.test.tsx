import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ErrorScreen } from '../app/ErrorScreen'
import { PageMain } from './page-main'

vi.mock('../api/error-reporting', () => ({ reportError: () => 'abc123' }))

// Every screen's source, as text: which of them writes a <main> element itself.
const sources = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], { query: '?raw', import: 'default', eager: true })

describe('one main landmark per page', () => {
  it('a page main inside another is a plain element', () => {
    render(
      <PageMain aria-label="Shell">
        <PageMain data-testid="screen">
          <PageMain>content</PageMain>
        </PageMain>
      </PageMain>,
    )
    expect(screen.getAllByRole('main')).toHaveLength(1)
    expect(screen.getByRole('main').getAttribute('aria-label')).toBe('Shell')
    expect(screen.getByTestId('screen').tagName).toBe('DIV')
  })

  it('only PageMain renders <main>: the shells and lone pages go through it, so none nests a second', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20)
    const offenders = Object.entries(sources)
      .filter(([path, text]) => !path.endsWith('/src/ui/page-main.tsx') && /<main[\s>]/.test(text.replace(/\{\/\*[\s\S]*?\*\/\}|\/\/.*$/gm, '')))
      .map(([path]) => path)
    expect(offenders).toEqual([])
  })

  it('the error screen, a page on its own, is a main landmark holding the alert', () => {
    render(
      <ErrorScreen
        error={new Error('Kaboom')}
        environment="local"
        pathname="/org/acme"
        onReset={() => undefined}
        onReload={() => undefined}
      />,
    )
    expect(screen.getAllByRole('main')).toHaveLength(1)
    expect(screen.getByRole('main').contains(screen.getByRole('alert'))).toBe(true)
  })
})
