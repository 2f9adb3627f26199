import { Dialog } from '@ark-ui/react/dialog'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { choicesFromDecision, type ConsentCategory } from '../../../machines/consent.machine'
import type { ConsentDecision } from '../../lib/consent-decision'
import { CONSENT_MESSAGE } from '../../constants'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { ModalFrame } from '../../ui/dialog'
import { LoadingState } from '../../ui/states'
import { Switch } from '../../ui/switch'
import type { ConsentActorRef } from './consent-actor'

/** SPEC §2: one switch per consent category, essential ones disabled and on; the load failure with Retry. */
export function PrivacySettingsDialog({ actor }: { actor: ConsentActorRef }) {
  const phase = useSelector(actor, (s) => s.value.privacySettings)
  const categories = useSelector(actor, (s) => s.context.categories)
  const decision = useSelector(actor, (s) => s.context.decision)
  const close = () => actor.send({ type: 'privacy.close' })
  // It mounts (lazily) on the click that opens it. Ark's dialog, mounted already open, takes that
  // click for one outside it and closes again (chakra-ui/ark#2965): it opens one render later.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])

  return (
    <Dialog.Root open={mounted && phase !== 'closed'} onOpenChange={(details) => !details.open && close()} lazyMount unmountOnExit>
      <ModalFrame size="medium" className={css({ maxH: '85vh', display: 'flex', flexDir: 'column', gap: '4', overflowY: 'auto' })}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{CONSENT_MESSAGE.dialogTitle}</Dialog.Title>
          <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>{CONSENT_MESSAGE.dialogDescription}</Dialog.Description>
        </div>
        {phase === 'editing' ? (
          <CategoryChoices categories={categories} decision={decision} onSave={(choices) => actor.send({ type: 'consent.save', choices })} onCancel={close} />
        ) : (
          <>
            {phase === 'failed' ? (
              <Callout tone="warning" title={CONSENT_MESSAGE.loadFailed}>
                <div className={css({ display: 'flex', flexDir: 'column', gap: '2', alignItems: 'flex-start' })}>
                  <p>{CONSENT_MESSAGE.loadFailedDetail}</p>
                  <Button size="sm" onClick={() => actor.send({ type: 'privacy.retry' })}>
                    {CONSENT_MESSAGE.retry}
                  </Button>
                </div>
              </Callout>
            ) : (
              <LoadingState label={CONSENT_MESSAGE.loading} />
            )}
            <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
              <Button onClick={close}>{CONSENT_MESSAGE.cancel}</Button>
            </div>
          </>
        )}
      </ModalFrame>
    </Dialog.Root>
  )
}

/** The switches, starting from the remembered decision; nothing changes until Save. */
function CategoryChoices({
  categories,
  decision,
  onSave,
  onCancel,
}: {
  categories: readonly ConsentCategory[]
  decision: ConsentDecision | null
  onSave: (choices: Record<string, boolean>) => void
  onCancel: () => void
}) {
  const [choices, setChoices] = useState(() => choicesFromDecision(categories, decision))
  return (
    <>
      <ul aria-label="Consent categories" className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
        {categories.map((category) => (
          <li key={category.slug} className={css({ borderTopWidth: '1px', borderColor: 'border.default', pt: '4', _first: { borderTopWidth: '0', pt: '0' } })}>
            <Switch
              label={category.label}
              description={category.description}
              // SPEC §5: essential categories cannot be switched off.
              checked={category.isEssential || choices[category.slug] === true}
              disabled={category.isEssential}
              badge={category.isEssential ? <Badge>{CONSENT_MESSAGE.alwaysOn}</Badge> : null}
              onCheckedChange={(checked) => setChoices((current) => ({ ...current, [category.slug]: checked }))}
            />
          </li>
        ))}
      </ul>
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
        <Button onClick={onCancel}>{CONSENT_MESSAGE.cancel}</Button>
        <Button variant="primary" onClick={() => onSave(choices)}>
          {CONSENT_MESSAGE.save}
        </Button>
      </div>
    </>
  )
}
