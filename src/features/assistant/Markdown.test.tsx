import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown } from './Markdown'

describe('Markdown links', () => {
  it('renders an https link the model wrote as a link that opens in a new tab', () => {
    render(<Markdown text="Read [the Postgres docs](https://www.postgresql.org/docs/) first." />)
    const link = screen.getByRole('link', { name: 'the Postgres docs' })
    expect(link.getAttribute('href')).toBe('https://www.postgresql.org/docs/')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.closest('p')?.textContent).toBe('Read the Postgres docs first.')
  })

  it('shows a javascript: link as its text only', () => {
    const { container } = render(<Markdown text="- [Click to fix](javascript:alert(document.cookie)) now" />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(container.querySelector('a')).toBeNull()
    expect(screen.getByText('Click to fix').tagName).toBe('SPAN')
    expect(container.textContent).not.toContain('javascript:')
  })

  it('shows data: and relative links as text too, beside code and bold', () => {
    const { container } = render(<Markdown text={'Run `select 1` **now**: [here](data:text/html,x) or [there](/project/abc/sql/new).'} />)
    expect(container.querySelector('a')).toBeNull()
    expect(container.querySelector('code')?.textContent).toBe('select 1')
    expect(container.querySelector('strong')?.textContent).toBe('now')
    expect(container.textContent).toBe('Run select 1 now: here or there.')
  })
})
