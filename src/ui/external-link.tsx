import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { safeLinkHref } from '../lib/safe-link'

const linkClass = css({ color: 'accent.default', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'fg.default' } })

/**
 * A link whose address comes from data or a model. Only http(s) URLs become a link, opened in a new
 * tab without access to this page; anything else (javascript:, data:, mailto:, file:…) is shown as
 * plain text (SPEC §5). App routes use the router's Link instead.
 */
export function ExternalLink({ href, children, className }: { href: string | null | undefined; children: ReactNode; className?: string }) {
  const safe = safeLinkHref(href)
  if (!safe) return <span className={className}>{children}</span>
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className={cx(linkClass, className)}>
      {children}
    </a>
  )
}
