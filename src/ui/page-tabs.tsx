import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'

const tabClass = css({ px: '3', py: '1.5', fontSize: 'sm', borderBottomWidth: '2px', borderColor: 'transparent', color: 'fg.muted', _hover: { color: 'fg.default' } })
const currentClass = css({ borderColor: 'accent.default', color: 'fg.default', fontWeight: 'medium' })

/** A page's sibling pages as tabs under its heading (an organization's, the account's): links, the current one marked. */
export function PageTabs({ label, tabs, current }: { label: string; tabs: readonly { id: string; label: string; href: string }[]; current: string }) {
  return (
    <nav aria-label={label} className={css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border.default', overflowX: 'auto' })}>
      {tabs.map((tab) => (
        <Link key={tab.id} href={tab.href} aria-current={tab.id === current ? 'page' : undefined} className={cx(tabClass, tab.id === current && currentClass)}>
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
