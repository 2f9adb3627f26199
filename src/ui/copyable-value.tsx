import { css } from 'styled-system/css'
import { CopyButton } from './copy-button'

/** A value to copy whole (a new secret shown once, a link, a connection string): wrapped, never cut, with its copy button. */
export function CopyableValue({ label, value, subject }: { label: string; value: string; subject: string }) {
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
      <code aria-label={label} className={css({ flex: '1', minW: '0', fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all', bg: 'bg.muted', p: '2', borderRadius: 'sm' })}>
        {value}
      </code>
      <CopyButton text={value} subject={subject} />
    </div>
  )
}
