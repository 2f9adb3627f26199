import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ExternalLink } from './external-link'

describe('ExternalLink', () => {
  it('renders an https link that opens in a new tab without access to the opener', () => {
    render(<ExternalLink href="https://example.com/docs">Docs</ExternalLink>)
    const link = screen.getByRole('link', { name: 'Docs' })
    expect(link.getAttribute('href')).toBe('https://example.com/docs')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd', 'mailto:a@example.com', '/relative/path'])(
    'shows %j as text, not a link',
    (href) => {
      const { container } = render(<ExternalLink href={href}>Click me</ExternalLink>)
      expect(screen.queryByRole('link')).toBeNull()
      expect(container.querySelector('a')).toBeNull()
      expect(screen.getByText('Click me').tagName).toBe('SPAN')
      expect(container.innerHTML).not.toContain(href.split(':')[0] + ':')
    },
  )
})
