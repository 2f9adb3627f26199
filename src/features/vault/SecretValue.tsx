import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { secretRevealMachine } from '../../../machines/secret-reveal.machine'
import { readSecretValue } from '../../api/queries/vault'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { useInspectedActorRef } from '../../ui/use-inspected-machine'

/** A secret's value: dots until Reveal (if allowed), then the value with Copy and Hide. */
export function SecretValue({
  projectRef,
  connectionString,
  secret,
  blockedReason,
}: {
  projectRef: string
  connectionString: string | null | undefined
  secret: { id: string; name: string | null }
  blockedReason: string | null
}) {
  const actor = useInspectedActorRef(
    secretRevealMachine.provide({ actors: { readSecret: fromPromiseUntilStopped(() => readSecretValue(projectRef, connectionString, secret.id)) } }),
  )
  const state = useSelector(actor, (snapshot) => snapshot.value)
  const value = useSelector(actor, (snapshot) => snapshot.context.value)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const label = secret.name ?? 'secret'
  return (
    <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
      <code aria-label={`Value of ${label}`} className={css({ fontFamily: 'mono', fontSize: 'xs', bg: 'bg.muted', px: '1.5', py: '0.5', borderRadius: 'sm', wordBreak: 'break-all' })}>
        {state === 'shown' ? value : '••••••••••'}
      </code>
      {state === 'shown' ? (
        <>
          <CopyButton size="sm" text={value ?? ''} subject={label} />
          <Button size="sm" aria-label={`Hide ${label}`} onClick={() => actor.send({ type: 'hide' })}>
            Hide
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          aria-label={`Reveal ${label}`}
          title={blockedReason ?? undefined}
          disabled={blockedReason !== null}
          loading={state === 'revealing'}
          onClick={() => actor.send({ type: 'reveal' })}
        >
          Reveal
        </Button>
      )}
      {error ? (
        <span role="alert" className={css({ color: 'danger.default', fontSize: 'xs' })}>
          Not revealed: {error}
        </span>
      ) : null}
    </span>
  )
}
