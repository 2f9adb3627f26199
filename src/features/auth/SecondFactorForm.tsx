import { ShieldCheck } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { TOTP } from '../../constants'
import { Button } from '../../ui/button'
import { inputClass, TextField } from '../../ui/field'
import { authCardClass } from './auth-page'

/** The sign-in's second step: the authenticator app's code for the factor `factorName`. */
export function SecondFactorForm({
  factorName,
  verifying,
  error,
  onSubmit,
  onEdit,
  onCancel,
}: {
  factorName: string
  verifying: boolean
  error: string | null
  onSubmit: (code: string) => void
  onEdit: () => void
  onCancel: () => void
}) {
  const [code, setCode] = useState('')
  const field = useRef<HTMLInputElement>(null)
  // The page moved to this step for this field alone: it is where the user types next.
  useEffect(() => field.current?.focus(), [])
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit(code)
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="second-factor-heading" className={authCardClass}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <ShieldCheck size={28} aria-hidden className={css({ color: 'accent.default' })} />
        <h1 id="second-factor-heading" className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>
          Two-factor authentication
        </h1>
        <p className={css({ color: 'fg.muted' })}>
          Enter the {TOTP.digits}-digit code from your authenticator app{factorName && factorName !== TOTP.defaultName ? ` (${factorName})` : ''}.
        </p>
      </div>
      <TextField
        label="Authentication code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        ref={field}
        maxLength={TOTP.digits + 2}
        placeholder={'0'.repeat(TOTP.digits)}
        value={code}
        onChange={(e) => {
          setCode(e.target.value)
          onEdit()
        }}
        error={error}
        className={cx(inputClass, css({ fontFamily: 'mono', letterSpacing: '0.3em', fontSize: 'lg' }))}
      />
      <Button type="submit" variant="primary" size="lg" loading={verifying}>
        {verifying ? 'Verifying…' : 'Verify'}
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={verifying}>
        Back to sign in
      </Button>
    </form>
  )
}
