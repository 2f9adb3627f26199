import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { profileQuery } from '../../api/queries/profile'
import { CODE_HOSTING_MESSAGE, CODE_HOSTING_PROVIDER } from '../../constants'
import { isProviderAccount, providerUsername } from '../../lib/code-hosting'
import { CodeHostingAvatar } from './CodeHostingAvatar'

/**
 * In the account menu, for a profile that signed in through GitHub (SPEC §3: its auth0_id starts
 * with 'github'): the provider avatar and 'Signed in with GitHub'. Nothing for other accounts.
 */
export function ProviderAccountSummary() {
  // Read from the cache the profile gate fills; this never fetches on its own.
  const profile = useQuery({ ...profileQuery(), enabled: false }).data
  if (!profile || !isProviderAccount(profile.auth0_id, CODE_HOSTING_PROVIDER.name)) return null
  const username = providerUsername(profile, CODE_HOSTING_PROVIDER.id)
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2.5', px: '2.5', py: '1.5' })}>
      <CodeHostingAvatar username={username} displaySize={28} />
      <span className={css({ display: 'flex', flexDir: 'column', fontSize: 'sm', lineHeight: 'tight' })}>
        <span>{CODE_HOSTING_MESSAGE.signedInWith}</span>
        <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>@{username}</span>
      </span>
    </div>
  )
}
