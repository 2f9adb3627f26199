import { useCallback, useMemo, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation, useSearch } from 'wouter'
import { signUpMachine, visibleSignUpError } from '../../../machines/sign-up.machine'
import { PASSWORD_RULES, SIGN_UP_MESSAGE } from '../../constants'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { resolveReturnPath } from '../../lib/return-path'
import { settings } from '../../lib/settings'
import { Button } from '../../ui/button'
import { fieldErrorClass } from '../../ui/field'
import { PageMain } from '../../ui/page-main'
import { authCardClass, authPageClass } from './auth-page'
import { EmailField } from './EmailField'
import { PasswordField } from '../projects'
import { signUpWithPassword } from './session-actions'
import { useInspectedMachine } from '../../ui/use-inspected-machine'


/**
 * /sign-up: a new account with email and password (the auth service's sign-up). The password must
 * be as strong as the platform requires of any password (SPEC §5); once signed up the user is signed
 * in and goes on to the return path, /organizations by default, where a newcomer creates an organization.
 */
export default function SignUpPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const machine = useMemo(
    () =>
      signUpMachine.provide({
        actors: { signUp: fromPromiseUntilStopped(({ input, signal }) => signUpWithPassword(input, signal)) },
        actions: {
          onSignedUp: () => {
            const params = new URLSearchParams(search)
            const returnTo = params.get('returnTo')
            params.delete('returnTo')
            navigate(resolveReturnPath(returnTo, { basePath: settings.basePath, otherParams: params }), { replace: true })
          },
        },
      }),
    [search, navigate],
  )
  const [snapshot, send] = useInspectedMachine(machine)
  const { context } = snapshot
  const submitting = snapshot.matches('submitting') || snapshot.matches('signedUp')
  const onStrengthChange = useCallback((acceptable: boolean) => send({ type: 'password.strength', acceptable }), [send])
  // The strength meter says what is wrong with a weak password; an empty one is this form's to report.
  const passwordError = visibleSignUpError(context, 'password') === SIGN_UP_MESSAGE.passwordRequired ? SIGN_UP_MESSAGE.passwordRequired : null
  // The query (returnTo and the rest) goes along: it is for after signing in either way.
  const signInHref = search ? `/sign-in?${search}` : '/sign-in'

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    send({ type: 'submit' })
  }

  return (
    <PageMain className={authPageClass}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="sign-up-heading" className={authCardClass}>
        <div>
          <h1 id="sign-up-heading" className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>
            {SIGN_UP_MESSAGE.title}
          </h1>
          <p className={css({ color: 'fg.muted' })}>{SIGN_UP_MESSAGE.intro}</p>
        </div>
        <EmailField
          value={context.values.email}
          disabled={submitting}
          onChange={(e) => send({ type: 'field.change', field: 'email', value: e.target.value })}
          onBlur={() => send({ type: 'field.blur', field: 'email' })}
          error={visibleSignUpError(context, 'email')}
        />
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <PasswordField
            label="Password"
            hint={`Use a long, unique password (at most ${PASSWORD_RULES.maxLength} characters); it is checked as you type.`}
            offerGenerated={false}
            value={context.values.password}
            disabled={submitting}
            onChange={(password) => send({ type: 'field.change', field: 'password', value: password })}
            onStrengthChange={onStrengthChange}
          />
          {passwordError ? (
            <p role="alert" className={fieldErrorClass}>
              {passwordError}
            </p>
          ) : null}
        </div>
        {context.sendError ? (
          <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })}>
            {context.sendError}{' '}
            {context.sendError === SIGN_UP_MESSAGE.accountExists ? (
              <Link href={signInHref} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
                {SIGN_UP_MESSAGE.signInInstead}
              </Link>
            ) : null}
          </p>
        ) : null}
        <Button type="submit" variant="primary" size="lg" loading={submitting}>
          {submitting ? SIGN_UP_MESSAGE.submitting : SIGN_UP_MESSAGE.submit}
        </Button>
        <p className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>
          {SIGN_UP_MESSAGE.haveAccount}{' '}
          <Link href={signInHref} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
            {SIGN_UP_MESSAGE.signIn}
          </Link>
        </p>
      </form>
    </PageMain>
  )
}
