import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { HOME_PATH } from '../lib/home-path'
import { settings } from '../lib/settings'

export function NotFound() {
  return (
    <div className={css({ maxW: 'xl', mx: 'auto', py: '20', textAlign: 'center', display: 'flex', flexDir: 'column', gap: '3' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Page not found</h1>
      <p className={css({ color: 'fg.muted' })}>There is nothing at this address.</p>
      <Link href={HOME_PATH} className={css({ color: 'accent.default' })}>
        {settings.isPlatform ? 'Go to your organizations' : 'Go to your project'}
      </Link>
    </div>
  )
}
