import { Dialog } from '@ark-ui/react/dialog'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { lintFixMachine } from '../../../machines/lint-fix.machine'
import type { Lint } from '../../api/schemas/advisors'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { findingObject } from '../../lib/advisor-findings'
import type { LintFix } from '../../lib/sql/lints/fixes'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { ModalFrame } from '../../ui/dialog'
import { GuardedButton } from '../../ui/guarded-button'
import { DatabaseRefusal, SqlToRun } from '../../ui/sql-preview-dialog'
import { useInspectedActorRef } from '../../ui/use-inspected-machine'
import { DetailText } from './DetailText'

const STATUS: Partial<Record<string, string>> = {
  applying: 'Applying the fix…',
  relinting: 'Running the linter again…',
}

/**
 * A finding's fix (the lintFix statechart): what it changes, the exact SQL, and Run — or, for a
 * template, only Open in SQL editor. After Run the linter runs again; the dialog closes once the
 * finding is gone and says so when it is not.
 */
export function FindingFixDialog({
  finding,
  fix,
  blockedReason,
  run,
  relint,
  openingInEditor,
  onOpenInEditor,
  onFixed,
  onClose,
}: {
  finding: Lint
  fix: LintFix
  blockedReason: string | null
  run: (sql: string) => Promise<unknown>
  /** Reruns the linter; true when the finding is still there. */
  relint: () => Promise<boolean>
  openingInEditor: boolean
  onOpenInEditor: () => void
  onFixed: () => void
  onClose: () => void
}) {
  const actor = useInspectedActorRef(
    lintFixMachine.provide({
      actors: {
        applyFix: fromPromiseUntilStopped(async () => {
          await run(fix.sql)
        }),
        relint: fromPromiseUntilStopped(relint),
      },
    }),
  )
  const state = useSelector(actor, (snapshot) => String(snapshot.value))
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  useEffect(() => {
    if (state === 'fixed') onFixed()
  }, [state, onFixed])
  const busy = state === 'applying' || state === 'relinting'
  const object = findingObject(finding)

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && !busy && onClose()}>
      <ModalFrame size="large" className={css({ maxH: '90vh', display: 'flex', flexDir: 'column', gap: '3', overflowY: 'auto' })}>
        <div>
          <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>
            Fix “{finding.title}” on {object}
          </Dialog.Title>
          <Dialog.Description asChild>
            <div className={css({ color: 'fg.muted', fontSize: 'sm', display: 'flex', flexDir: 'column', gap: '1' })}>
              <DetailText text={finding.detail} />
              <span>{fix.effect}</span>
            </div>
          </Dialog.Description>
        </div>
        {state === 'refused' && error ? <DatabaseRefusal error={error} /> : null}
        {state === 'stillFound' ? (
          <Callout tone="warning" title="The finding is still there">
            The fix ran, but the linter still reports it. Open the SQL in the editor to adjust it, or run it again.
          </Callout>
        ) : null}
        {state === 'unconfirmed' ? (
          <Callout tone="warning" title="The fix ran, but the linter could not run again">
            {error}
          </Callout>
        ) : null}
        <SqlToRun sql={fix.sql} problem={null} blocked={fix.runnable ? blockedReason : 'A starting point: edit it in the SQL editor before running it.'} problemId={`fix-${finding.cache_key}`} />
        {busy ? (
          <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {STATUS[state]}
          </p>
        ) : null}
        <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', flexWrap: 'wrap' })}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onOpenInEditor} loading={openingInEditor} disabled={busy}>
            Open in SQL editor
          </Button>
          {state === 'unconfirmed' ? (
            <Button variant="primary" onClick={() => actor.send({ type: 'relint.retry' })}>
              Rerun linter
            </Button>
          ) : fix.runnable ? (
            <GuardedButton variant="primary" blockedReason={blockedReason} disabled={!!blockedReason} loading={busy} onClick={() => actor.send({ type: 'fix.apply' })}>
              {state === 'stillFound' || state === 'refused' ? 'Run fix again' : 'Run fix'}
            </GuardedButton>
          ) : null}
        </div>
      </ModalFrame>
    </Dialog.Root>
  )
}
