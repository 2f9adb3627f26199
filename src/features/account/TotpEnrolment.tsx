import { QrCode } from '@ark-ui/react/qr-code'
import { useState, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { totpEnrolmentMachine } from '../../../machines/totp-enrolment.machine'
import { enrolTotpFactor, removeFactor } from '../../api/queries/account'
import { TOTP, TWO_FACTOR_MESSAGE } from '../../constants'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { Button } from '../../ui/button'
import { CopyableValue } from '../../ui/copyable-value'
import { FormProblem, inputClass, TextField } from '../../ui/field'
import { settingsPanelClass } from '../../ui/form-section'
import { useInspectedMachine } from '../../ui/use-inspected-machine'
import { answerFactorChallenge } from '../auth'

/** The default name, numbered past the ones taken ("Authenticator app 2"). */
function freeFactorName(taken: readonly string[]): string {
  let name: string = TOTP.defaultName
  for (let n = 2; taken.includes(name); n++) name = `${TOTP.defaultName} ${n}`
  return name
}

const stepClass = css({ display: 'flex', flexDir: 'column', gap: '3', py: '4' })

/** Adding an authenticator app: name it, scan the QR code (drawn here from the otpauth URI), enter its first code. */
export function TotpEnrolment({ taken, onEnrolled }: { taken: readonly string[]; onEnrolled: () => void }) {
  const [name, setName] = useState(() => freeFactorName(taken))
  const [code, setCode] = useState('')
  const [snapshot, send] = useInspectedMachine(
    totpEnrolmentMachine.provide({
      actors: {
        enrol: fromPromiseUntilStopped(({ input }) => enrolTotpFactor(input.name)),
        verify: fromPromiseUntilStopped(({ input, signal }) => answerFactorChallenge({ factorId: input.enrolment.id, code: input.code }, signal)),
      },
      actions: {
        // An unverified factor left behind would be replaced by the next enrolment anyway: its removal may fail quietly.
        discard: (_, { enrolment }) => void (enrolment && removeFactor(enrolment.id).catch(() => undefined)),
        onEnrolled: () => {
          setCode('')
          onEnrolled()
        },
      },
    }),
  )
  const { enrolment, error } = snapshot.context
  const nameTaken = taken.includes(name.trim())

  if (enrolment && (snapshot.matches('scanning') || snapshot.matches('verifying'))) {
    const submit = (event: FormEvent) => {
      event.preventDefault()
      send({ type: 'code.submit', code })
    }
    return (
      <form onSubmit={submit} aria-label="Add an authenticator app" className={settingsPanelClass}>
        <div className={stepClass}>
          <h3 className={css({ fontWeight: 'semibold' })}>1. Scan this QR code with your authenticator app</h3>
          <div className={css({ display: 'flex', gap: '6', alignItems: 'flex-start', flexWrap: 'wrap' })}>
            <QrCode.Root value={enrolment.totp.uri} encoding={{ ecc: 'M' }} role="img" aria-label={`QR code for ${enrolment.friendly_name}`}>
              <QrCode.Frame className={css({ width: '176px', height: '176px', bg: 'white', p: '2', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.default' })}>
                <QrCode.Pattern className={css({ fill: 'black' })} />
              </QrCode.Frame>
            </QrCode.Root>
            <div className={css({ display: 'flex', flexDir: 'column', gap: '2', flex: '1', minW: '16rem' })}>
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                Any TOTP app works (1Password, Bitwarden, Google Authenticator, Authy…). If you cannot scan, enter this key in the app instead:
              </p>
              <CopyableValue label="Setup key" value={enrolment.totp.secret} subject="setup key" />
            </div>
          </div>
        </div>
        <div className={stepClass}>
          <h3 className={css({ fontWeight: 'semibold' })}>2. Enter the code the app shows</h3>
          <TextField
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TOTP.digits + 2}
            placeholder={'0'.repeat(TOTP.digits)}
            value={code}
            onChange={(event) => {
              setCode(event.target.value)
              send({ type: 'code.edit' })
            }}
            error={error}
            className={cx(inputClass, css({ fontFamily: 'mono', letterSpacing: '0.3em', maxW: '14rem' }))}
          />
          <div className={css({ display: 'flex', gap: '2' })}>
            <Button type="submit" variant="primary" loading={snapshot.matches('verifying')}>
              Verify and turn on
            </Button>
            <Button onClick={() => send({ type: 'cancel' })} disabled={snapshot.matches('verifying')}>
              Cancel
            </Button>
          </div>
        </div>
      </form>
    )
  }

  const start = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() && !nameTaken) send({ type: 'start', name: name.trim() })
  }
  return (
    <form onSubmit={start} aria-label="Add an authenticator app" className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}>
      <TextField
        label="Name of the new factor"
        value={name}
        maxLength={100}
        placeholder="My phone"
        onChange={(event) => setName(event.target.value)}
        error={nameTaken ? TWO_FACTOR_MESSAGE.nameTaken(name.trim()) : null}
      />
      <Button type="submit" variant="primary" loading={snapshot.matches('enrolling')} disabled={!name.trim() || nameTaken}>
        Add authenticator app
      </Button>
      {error ? <FormProblem>{error}</FormProblem> : null}
    </form>
  )
}
