import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { PageTabs } from '../../ui/page-tabs'

const PAGES = [
  { id: 'projects', label: 'Projects', path: '' },
  { id: 'team', label: 'Team', path: '/team' },
  { id: 'general', label: 'Settings', path: '/general' },
  { id: 'audit', label: 'Audit log', path: '/audit' },
  { id: 'billing', label: 'Billing', path: '/billing' },
] as const
export type OrganizationPageId = (typeof PAGES)[number]['id']

/** An organization's pages as tabs under its name: the same on each of them. */
export function OrganizationNav({ slug, name, current, actions }: { slug: string; name: string; current: OrganizationPageId; actions?: ReactNode }) {
  return (
    <header className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: '4' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{name}</h1>
        {actions ? <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>{actions}</div> : null}
      </div>
      <PageTabs label="Organization" tabs={PAGES.map((page) => ({ id: page.id, label: page.label, href: `/org/${encodeURIComponent(slug)}${page.path}` }))} current={current} />
    </header>
  )
}
