import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { inAppLinkPath } from '../../lib/in-app-link'
import { safeLinkHref } from '../../lib/safe-link'
import { ExternalLink } from '../../ui/external-link'

/**
 * The Markdown the assistant writes (GitHub-flavoured: paragraphs, headings, lists, pipe tables,
 * `code`, **bold**, [links](https://…)), drawn as React elements by react-markdown. No HTML from the
 * model reaches the page (react-markdown renders none without a raw-HTML plugin), and a link the
 * model wrote opens only if it is http(s) (SPEC §5), in a new tab, or a project's advisor page
 * (lib/in-app-link.ts), in the app: the URL transform drops every other address, and ExternalLink
 * shows a link without one as its text. SQL blocks never get here: the panel
 * takes them out first and shows them with their Run and Insert actions.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className={markdownClass}>
      <ReactMarkdown remarkPlugins={REMARK_PLUGINS} urlTransform={safeUrl} components={COMPONENTS}>
        {text}
      </ReactMarkdown>
    </div>
  )
}

const REMARK_PLUGINS = [remarkGfm]

/** An advisor page of the app, or http(s); anything else (javascript:, data:, other paths…) leaves no address at all. */
const safeUrl: UrlTransform = (url) => inAppLinkPath(url) ?? safeLinkHref(url)

const inAppLinkClass = css({ color: 'accent.default', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'fg.default' } })

/** A heading inside a chat message is emphasis, not a section of the page (the page's outline stays the app's). */
const EmphasisHeading: Components['h1'] = ({ children }) => <p className={css({ fontWeight: 'semibold' })}>{children}</p>

const COMPONENTS: Components = {
  a: ({ href, children }) => {
    const path = inAppLinkPath(href)
    return path ? (
      <Link href={path} className={inAppLinkClass}>
        {children}
      </Link>
    ) : (
      <ExternalLink href={href}>{children}</ExternalLink>
    )
  },
  // No image the model names is loaded (it would tell a third party the page was read): its text, linked when http(s).
  img: ({ src, alt }) => <ExternalLink href={typeof src === 'string' ? src : null}>{alt}</ExternalLink>,
  h1: EmphasisHeading,
  h2: EmphasisHeading,
  h3: EmphasisHeading,
  h4: EmphasisHeading,
  h5: EmphasisHeading,
  h6: EmphasisHeading,
  table: ({ children }) => (
    <div className={css({ overflowX: 'auto' })}>
      <table>{children}</table>
    </div>
  ),
}

const markdownClass = css({
  display: 'flex',
  flexDir: 'column',
  gap: '2',
  lineHeight: '1.5',
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', borderRadius: 'sm' },
  '& pre': { fontFamily: 'mono', fontSize: 'xs', bg: 'bg.muted', p: '2', borderRadius: 'sm', overflowX: 'auto' },
  '& pre code': { bg: 'transparent', px: '0' },
  '& ul': { listStyle: 'disc', pl: '5' },
  '& ol': { listStyle: 'decimal', pl: '5' },
  '& li > p': { display: 'inline' },
  '& table': { fontSize: 'xs', borderCollapse: 'collapse' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border.default', px: '2', py: '1', textAlign: 'left', whiteSpace: 'nowrap' },
  '& th': { bg: 'bg.muted', fontWeight: 'medium' },
})
