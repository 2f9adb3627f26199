import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
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

describe('Markdown in-app links', () => {
  const REF = 'abcdefghijklmnopqrst'

  it("opens a project's advisor finding inside the app, in this tab", () => {
    const { hook, history } = memoryLocation({ path: '/project/x/editor', record: true })
    render(
      <Router hook={hook}>
        <Markdown text={`See [RLS disabled: \`public.orders\`](/project/${REF}/advisors/security?finding=rls_disabled_in_public_public_orders).`} />
      </Router>,
    )
    const link = screen.getByRole('link', { name: 'RLS disabled: public.orders' })
    expect(link.getAttribute('target')).toBeNull()
    fireEvent.click(link)
    expect(history.at(-1)).toBe(`/project/${REF}/advisors/security?finding=rls_disabled_in_public_public_orders`)
  })

  it('shows any other path of the app as text', () => {
    const { container } = render(<Markdown text={`[Open the editor](/project/${REF}/sql/new?content=drop+table+orders) or [leave](//evil.example/project/${REF}/advisors/security)`} />)
    expect(container.querySelector('a')).toBeNull()
    expect(container.textContent).toBe('Open the editor or leave')
  })
})

describe('Markdown blocks', () => {
  it('renders no HTML the model wrote: a tag shows as its text, never as an element', () => {
    const { container } = render(<Markdown text={'Hello <img src="https://tracker.example/x.png" onerror="alert(1)"> and <b>bold</b>\n\n<script>alert(1)</script>'} />)
    expect(container.querySelector('img, script, b')).toBeNull()
    expect(container.textContent).toContain('and <b>bold</b>')
    expect(container.textContent).toContain('<script>alert(1)</script>')
  })

  it('loads no image the model names: its text, linked only when http(s)', () => {
    const { container } = render(<Markdown text={'![a chart](https://example.com/chart.png) ![secret](javascript:alert(1))'} />)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByRole('link', { name: 'a chart' }).getAttribute('href')).toBe('https://example.com/chart.png')
    expect(screen.getByText('secret').tagName).toBe('SPAN')
  })

  it('draws headings as emphasis, lists and pipe tables', () => {
    const { container } = render(<Markdown text={'## Indexes\n\n1. Find the slow query\n2. Add an index\n\n| table | rows |\n| --- | --- |\n| orders | 12 |'} />)
    expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull()
    expect(screen.getByText('Indexes').tagName).toBe('P')
    expect([...container.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['Find the slow query', 'Add an index'])
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['table', 'rows'])
    expect([...container.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['orders', '12'])
  })
})
