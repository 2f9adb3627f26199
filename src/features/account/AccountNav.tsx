import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'

const PAGES = [
  { id: 'me', label: 'Profile', path: '/account/me' },
  { id: 'tokens', label: 'Access tokens', path: '/account/tokens' },
] as const

const tabClass = css({ px: '3', py: '1.5', fontSize: 'sm', borderBottomWidth: '2px', borderColor: 'transparent', color: 'fg.muted', _hover: { color: 'fg.default' } })
const currentClass = css({ borderColor: 'accent.default', color: 'fg.default', fontWeight: 'medium' })

/** The account's pages as tabs under its heading. */
export function AccountNav({ current }: { current: (typeof PAGES)[number]['id'] }) {
  return (
    <header className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Account</h1>
      <nav aria-label="Account" className={css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border.default' })}>
        {PAGES.map((page) => (
          <Link key={page.id} href={page.path} aria-current={page.id === current ? 'page' : undefined} className={cx(tabClass, page.id === current && currentClass)}>
            {page.label}
          </Link>
        ))}
      </nav>
    </header>
  )
}
