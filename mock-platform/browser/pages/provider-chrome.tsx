import { useEffect, useState, type ButtonHTMLAttributes, type CSSProperties, type ReactNode } from 'react'
import { MOCK_CODE_HOSTING_PATH } from '../../../src/constants'
import { settings } from '../../../src/lib/settings'
import { errorMessage } from '../../../src/lib/error-message'

/**
 * The look of the mock provider's pages: a plain, light, GitHub-like site of its own, so it never
 * passes for the dashboard. Inline styles: these pages sit outside the design system on purpose.
 */
export const providerBase = `${settings.basePath}${MOCK_CODE_HOSTING_PATH}`

export interface ProviderAccount {
  id: number
  login: string
  name: string
  email: string
  verified: boolean
  repositories: string[]
}

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif'
export const styles = {
  page: { minHeight: '100vh', background: '#f6f8fa', color: '#1f2328', fontFamily: font, fontSize: 14 } satisfies CSSProperties,
  header: {
    background: '#24292f',
    color: '#ffffff',
    padding: '12px 20px',
    display: 'flex',
    alignItems: 'center',
    gap: 10,
    fontWeight: 600,
  } satisfies CSSProperties,
  card: {
    maxWidth: 440,
    margin: '28px auto',
    background: '#ffffff',
    border: '1px solid #d0d7de',
    borderRadius: 6,
    padding: 24,
    display: 'flex',
    flexDirection: 'column',
    gap: 14,
  } satisfies CSSProperties,
  title: { fontSize: 20, fontWeight: 400, margin: 0, textAlign: 'center' } satisfies CSSProperties,
  muted: { color: '#59636e', margin: 0 } satisfies CSSProperties,
  buttons: { display: 'flex', gap: 8, justifyContent: 'flex-end' } satisfies CSSProperties,
  error: { background: '#ffebe9', border: '1px solid #ff818266', borderRadius: 6, padding: '8px 12px', color: '#82071e', margin: 0 } satisfies CSSProperties,
}

export function ProviderButton({ primary, children, ...rest }: { primary?: boolean; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...rest}
      style={{
        font: 'inherit',
        fontWeight: 500,
        padding: '5px 16px',
        borderRadius: 6,
        cursor: rest.disabled ? 'not-allowed' : 'pointer',
        opacity: rest.disabled ? 0.6 : 1,
        border: `1px solid ${primary ? '#1f883d' : '#d0d7de'}`,
        background: primary ? '#1f883d' : '#f6f8fa',
        color: primary ? '#ffffff' : '#25292e',
      }}
    >
      {children}
    </button>
  )
}

/** The page frame: a dark bar naming the mock, then a centred card. */
export function ProviderPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · GitHub (mock)`
  }, [title])
  return (
    <div style={styles.page}>
      <div style={styles.header}>
        <svg aria-hidden width="24" height="24" viewBox="0 0 24 24">
          <circle cx="12" cy="12" r="11" fill="#ffffff" />
          <circle cx="12" cy="12" r="5" fill="#24292f" />
        </svg>
        GitHub <span style={{ fontWeight: 400, opacity: 0.7 }}>(mock, served by the Studio mock platform)</span>
      </div>
      <main style={styles.card}>
        <h1 style={styles.title}>{title}</h1>
        {children}
      </main>
    </div>
  )
}

/** The provider's accounts, as its page would know the signed-in user (the mock offers a choice). */
export function useProviderAccounts() {
  const [accounts, setAccounts] = useState<ProviderAccount[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    fetch(`${providerBase}/api/accounts`)
      .then((answer) =>
        answer.ok ? (answer.json() as Promise<ProviderAccount[]>) : Promise.reject(new Error(`The accounts could not be loaded (${answer.status})`)),
      )
      .then((list) => live && setAccounts(list))
      .catch((e: unknown) => live && setError(errorMessage(e)))
    return () => {
      live = false
    }
  }, [])
  return { accounts, error }
}

/** Radio choices of the accounts, each with its avatar (the same size-96 avatar the dashboard loads). */
export function AccountChoice({ accounts, value, onChange }: { accounts: ProviderAccount[]; value: number | null; onChange: (id: number) => void }) {
  return (
    <fieldset style={{ border: '1px solid #d0d7de', borderRadius: 6, padding: 0, margin: 0 }}>
      <legend style={{ padding: '0 6px', marginLeft: 8, fontWeight: 600 }}>Signed in to GitHub as</legend>
      {accounts.map((account, index) => (
        <label
          key={account.id}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 10,
            padding: '10px 12px',
            borderTop: index === 0 ? 'none' : '1px solid #d0d7de',
            cursor: 'pointer',
            background: value === account.id ? '#ddf4ff' : 'transparent',
          }}
        >
          <input type="radio" name="account" checked={value === account.id} onChange={() => onChange(account.id)} />
          <img src={`${providerBase}/${encodeURIComponent(account.login)}.png?size=96`} alt="" width={32} height={32} style={{ borderRadius: '50%' }} />
          <span style={{ display: 'flex', flexDirection: 'column' }}>
            <strong>{account.login}</strong>
            <span style={styles.muted}>
              {account.name} · {account.email} {account.verified ? '' : '(email not verified)'}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/** An absolute URL on this origin (where the mock sends the browser), or null for anything else. */
export function sameOriginUrl(value: string | null): URL | null {
  if (!value) return null
  try {
    const url = new URL(value, window.location.origin)
    return url.origin === window.location.origin ? url : null
  } catch {
    return null
  }
}
