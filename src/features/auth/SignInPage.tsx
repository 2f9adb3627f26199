import { useMachine } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { fromPromise } from 'xstate'
import { signInMachine } from '../../../machines/sign-in.machine'
import { DEMO_CREDENTIALS } from '../../constants'
import { resolveReturnPath } from '../../lib/return-path'
import { settings } from '../../lib/settings'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import { showToast } from '../../ui/toast'
import { signInWithPassword } from './session-actions'

export default function SignInPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [snapshot, send] = useMachine(
    signInMachine.provide({
      actors: { authenticate: fromPromise(({ input }) => signInWithPassword(input)) },
      actions: {
        notifyError: (_, { message }) => void showToast('error', message),
        onSignedIn: () => {
          const params = new URLSearchParams(search)
          const returnTo = params.get('returnTo')
          params.delete('returnTo')
          navigate(resolveReturnPath(returnTo, { basePath: settings.basePath, otherParams: params }), { replace: true })
        },
      },
    }),
  )
  const submitting = snapshot.matches('submitting') || snapshot.matches('signedIn')

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    send({ type: 'submit', credentials: { email, password } })
  }

  return (
    <main className={css({ minH: '100vh', display: 'grid', placeItems: 'center', p: '6' })}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="sign-in-heading"
        className={css({
          w: 'full',
          maxW: 'sm',
          display: 'flex',
          flexDir: 'column',
          gap: '4',
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'lg',
          p: '8',
          boxShadow: 'sm',
        })}
      >
        <div>
          <h1 id="sign-in-heading" className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>
            Welcome back
          </h1>
          <p className={css({ color: 'fg.muted' })}>Sign in to your account</p>
        </div>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            send({ type: 'edit' })
          }}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value)
            send({ type: 'edit' })
          }}
          error={snapshot.context.error}
        />
        <Button type="submit" variant="primary" size="lg" loading={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </Button>
        {settings.mockPlatform ? (
          <p className={css({ fontSize: 'xs', color: 'fg.muted', textAlign: 'center' })}>
            Demo account: <code>{DEMO_CREDENTIALS.email}</code> / <code>{DEMO_CREDENTIALS.password}</code>
          </p>
        ) : null}
      </form>
    </main>
  )
}
