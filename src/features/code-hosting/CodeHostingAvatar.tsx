import { css } from 'styled-system/css'
import { CODE_HOSTING_MESSAGE } from '../../constants'
import { codeHostingAvatarUrl } from '../../lib/code-hosting'
import { settings } from '../../lib/settings'

/** The provider's avatar of a username, loaded at size 96 from the provider base (SPEC §7), shown at `displaySize` px. */
export function CodeHostingAvatar({ username, displaySize = 40 }: { username: string; displaySize?: number }) {
  return (
    <img
      src={codeHostingAvatarUrl(settings.codeHosting.baseUrl, username)}
      alt={CODE_HOSTING_MESSAGE.avatarAlt(username)}
      width={displaySize}
      height={displaySize}
      className={css({ borderRadius: 'full', borderWidth: '1px', borderColor: 'border.default', bg: 'bg.muted', flexShrink: 0 })}
    />
  )
}
