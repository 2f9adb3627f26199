import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { safeLinkHref } from '../lib/safe-link'

const linkClass = {
  /** Underlined within running text. */
  inline: css({ color: 'accent.default', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'fg.default' } }),
  /** Standing on its own (a row's action, a footnote): underlined only under the pointer. */
  quiet: css({ color: 'accent.default', _hover: { textDecoration: 'underline' } }),
}

/**
 * A link whose address comes from data or a model. Only http(s) URLs become a link, opened in a new
 * tab without access to this page; anything else (javascript:, data:, mailto:, file:…) is shown as
 * plain text (SPEC §5). Every link that leaves the dashboard is one of these, so each opens the
 * same way. App routes use the router's Link instead.
 */
export function ExternalLink({
  href,
  children,
  className,
  variant = 'inline',
}: {
  href: string | null | undefined
  children: ReactNode
  className?: string
  variant?: keyof typeof linkClass
}) {
  const safe = safeLinkHref(href)
  if (!safe) return <span className={className}>{children}</span>
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className={cx(linkClass[variant], className)}>
      {children}
    </a>
  )
}
