import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'

const PAGES = [
  { id: 'projects', label: 'Projects', path: '' },
  { id: 'team', label: 'Team', path: '/team' },
  { id: 'general', label: 'Settings', path: '/general' },
  { id: 'audit', label: 'Audit log', path: '/audit' },
  { id: 'billing', label: 'Billing', path: '/billing' },
] as const
export type OrganizationPageId = (typeof PAGES)[number]['id']

const tabClass = css({ px: '3', py: '1.5', fontSize: 'sm', borderBottomWidth: '2px', borderColor: 'transparent', color: 'fg.muted', _hover: { color: 'fg.default' } })
const currentClass = css({ borderColor: 'accent.default', color: 'fg.default', fontWeight: 'medium' })

/** An organization's pages as tabs under its name: the same on each of them. */
export function OrganizationNav({ slug, name, current, actions }: { slug: string; name: string; current: OrganizationPageId; actions?: ReactNode }) {
  return (
    <header className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: '4' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{name}</h1>
        {actions ? <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>{actions}</div> : null}
      </div>
      <nav aria-label="Organization" className={css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border.default', overflowX: 'auto' })}>
        {PAGES.map((page) => (
          <Link key={page.id} href={`/org/${encodeURIComponent(slug)}${page.path}`} aria-current={page.id === current ? 'page' : undefined} className={cx(tabClass, page.id === current && currentClass)}>
            {page.label}
          </Link>
        ))}
      </nav>
    </header>
  )
}
