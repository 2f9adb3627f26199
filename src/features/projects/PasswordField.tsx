import { useEffect, useId, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { passwordStrengthMachine } from '../../../machines/password-strength.machine'
import { checkPasswordStrength } from '../../api/queries/profile'
import { generateStrongPassword, scoredPasswordFeedback, tooLongPasswordFeedback, type PasswordFeedback } from '../../lib/password-feedback'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { inputClass } from '../../ui/field'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedMachine } from '../../ui/use-inspected-machine'
import { FillBar } from '../../ui/fill-bar'

const PASSWORD_TONE = { danger: 'danger', warning: 'warning', success: 'accent' } as const

/**
 * A password with its server-scored strength meter (SPEC §5): the database password by default,
 * the account's on sign-up. `onStrengthChange` tells the form whether the current password is acceptable.
 */
export function PasswordField({
  value,
  onChange,
  onStrengthChange,
  disabled,
  label = 'Database password',
  hint = 'Use a long, unique password; it is checked as you type. Keep it somewhere safe: it is not shown again.',
  offerGenerated = true,
}: {
  value: string
  onChange: (password: string) => void
  onStrengthChange: (acceptable: boolean) => void
  disabled?: boolean
  label?: string
  /** Shown under the meter while the field is empty. */
  hint?: string
  /** Offer 'Generate a password' and a copy button (a password the user keeps in a manager). */
  offerGenerated?: boolean
}) {
  const id = useId()
  const [visible, setVisible] = useState(false)
  const machine = useMemo(
    () =>
      passwordStrengthMachine.provide({
        actors: { check: fromPromiseUntilStopped(({ input, signal }) => checkPasswordStrength(input.password, undefined, signal)) },
      }),
    [],
  )
  const [snapshot, send] = useInspectedMachine(machine)

  useEffect(() => {
    send({ type: 'change', password: value })
  }, [value, send])

  const feedback: PasswordFeedback | null = snapshot.matches('tooLong')
    ? tooLongPasswordFeedback()
    : snapshot.matches('scored') && snapshot.context.result
      ? scoredPasswordFeedback(snapshot.context.result.score, snapshot.context.result.suggestions)
      : null
  const checking = snapshot.matches('debouncing') || snapshot.matches('checking')
  const acceptable = feedback?.acceptable ?? false
  useEffect(() => onStrengthChange(acceptable), [acceptable, onStrengthChange])

  const error = snapshot.matches('failed') ? snapshot.context.error : feedback?.warning ?? null
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
      <label htmlFor={id} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {label}
      </label>
      <div className={css({ display: 'flex', gap: '2' })}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-feedback`}
          className={inputClass}
        />
        <Button onClick={() => setVisible((v) => !v)} disabled={disabled} aria-pressed={visible}>
          {visible ? 'Hide' : 'Show'}
        </Button>
        {offerGenerated ? (
          <>
            <Button
              disabled={disabled}
              onClick={() => {
                onChange(generateStrongPassword())
                setVisible(true)
              }}
            >
              Generate a password
            </Button>
            <CopyButton text={value} disabled={!value} size="md" />
          </>
        ) : null}
      </div>
      <FillBar role="meter" label="Password strength" value={feedback?.width ?? 0} tone={feedback ? PASSWORD_TONE[feedback.tone] : undefined} />
      <div id={`${id}-feedback`} aria-live="polite" className={css({ display: 'flex', flexDir: 'column', gap: '0.5', fontSize: 'xs', minH: '8' })}>
        {error ? <p className={css({ color: 'danger.default' })}>{error}</p> : null}
        {checking ? (
          <p className={css({ color: 'fg.subtle' })}>Checking password strength…</p>
        ) : feedback ? (
          <p className={css({ color: 'fg.muted' })}>{feedback.message}</p>
        ) : !value ? (
          <p className={css({ color: 'fg.subtle' })}>{hint}</p>
        ) : null}
      </div>
    </div>
  )
}
