import { css } from 'styled-system/css'
import { PageTabs } from '../../ui/page-tabs'

const PAGES = [
  { id: 'me', label: 'Profile', href: '/account/me' },
  { id: 'tokens', label: 'Access tokens', href: '/account/tokens' },
  { id: 'security', label: 'Security', href: '/account/security' },
] as const

/** The account's pages as tabs under its heading. */
export function AccountNav({ current }: { current: (typeof PAGES)[number]['id'] }) {
  return (
    <header className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Account</h1>
      <PageTabs label="Account" tabs={PAGES} current={current} />
    </header>
  )
}
