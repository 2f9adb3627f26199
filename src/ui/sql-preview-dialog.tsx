import { Dialog } from '@ark-ui/react/dialog'
import { useId, type FormEvent, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { codeBlock } from './code-block'
import { FormActions, ModalFrame } from './dialog'
import { usePendingAction } from './use-pending-action'
import { errorMessage } from '../lib/error-message'

/** What every dialog that runs SQL gets (the table editor's structure dialogs, the database tools): how to run its SQL, and what to do after it ran or on cancel. */
export interface StructureDialogProps {
  /** Runs the SQL on the project's database; rejects with the database's error. */
  run: (sql: string) => Promise<unknown>
  onDone: () => void
  onClose: () => void
}

/** The SQL a form stands for, or why there is none: the builders throw user-facing messages. */
export function previewSql(build: () => string): { sql: string; problem: string | null } {
  try {
    const sql = build()
    return sql.trim() === '' ? { sql: '', problem: 'Nothing to change yet.' } : { sql, problem: null }
  } catch (error) {
    return { sql: '', problem: errorMessage(error) }
  }
}

/** The database's refusal of the last run, in the dialog that ran it. */
export function DatabaseRefusal({ error }: { error: string }) {
  return (
    <div role="alert" className={css({ bg: 'danger.subtle', color: 'danger.default', p: '2', borderRadius: 'md', fontSize: 'sm', wordBreak: 'break-word' })}>
      <strong>The database refused this change:</strong> {error}
    </div>
  )
}

/** The exact SQL a change runs, or the first reason there is none yet (`problemId` names that reason for the Run button). */
export function SqlToRun({ sql, problem, blocked, problemId }: { sql: string; problem: string | null; blocked?: string | null; problemId: string }) {
  return (
    <section aria-label="SQL to run" className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
      <h3 className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })}>SQL to run</h3>
      {problem ? (
        <p id={problemId} className={css({ fontSize: 'sm', color: 'warning.default', bg: 'bg.muted', p: '2', borderRadius: 'md' })}>
          {problem}
        </p>
      ) : (
        <pre className={codeBlock({ density: 'compact' })}>{sql}</pre>
      )}
      {!problem && blocked ? (
        <p id={problemId} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {blocked}
        </p>
      ) : null}
    </section>
  )
}

/**
 * The frame of every structure change: the form, the database's error when the last run failed,
 * the exact SQL the change runs (rebuilt on every render) and a Run button named after the action.
 * The form's state lives in the caller, so a failed run keeps everything typed.
 */
export function SqlPreviewDialog({
  title,
  description,
  runLabel,
  tone = 'primary',
  build,
  blocked,
  wide = false,
  run,
  onDone,
  onClose,
  initialFocusEl,
  children,
}: {
  title: string
  description?: ReactNode
  runLabel: string
  tone?: 'primary' | 'danger'
  build: () => string
  /** Why Run stays disabled although the SQL is fine (e.g. the confirmation is not typed yet). */
  blocked?: string | null
  wide?: boolean
  run: (sql: string) => Promise<unknown>
  onDone: () => void
  onClose: () => void
  /**
   * The field to start in when it is not the first one. Not `autoFocus`: a field focused as it
   * mounts is taken by the dialog for the element to give the focus back to on closing, and the
   * focus then fell to the page instead of the button that opened it.
   */
  initialFocusEl?: () => HTMLElement | null
  children: ReactNode
}) {
  const pending = usePendingAction()
  const problemId = useId()
  const { sql, problem } = previewSql(build)
  const reason = problem ?? blocked ?? null

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (reason || pending.busy) return
    pending.setProblem(null)
    if (await pending.run(() => run(sql))) onDone()
  }

  return (
    <Dialog.Root open initialFocusEl={initialFocusEl} onOpenChange={(details) => !details.open && onClose()}>
      <ModalFrame size={wide ? 'xxxlarge' : 'large'} className={css({ maxH: '90vh', display: 'flex', flexDir: 'column' })}>
        <form onSubmit={(event) => void submit(event)} className={css({ display: 'flex', flexDir: 'column', gap: '3', minH: '0' })}>
          <div>
            <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{title}</Dialog.Title>
            {description ? <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>{description}</Dialog.Description> : null}
          </div>
          {/* Padded out and pulled back: a scrolling box clips what is drawn outside it, like the focus outline. */}
          <div className={css({ display: 'flex', flexDir: 'column', gap: '3', overflowY: 'auto', minH: '0', p: '1', m: '-1' })}>{children}</div>
          {pending.problem ? <DatabaseRefusal error={pending.problem} /> : null}
          <SqlToRun sql={sql} problem={problem} blocked={blocked} problemId={problemId} />
          <FormActions submitLabel={runLabel} onCancel={onClose} busy={pending.busy} tone={tone} submitDisabled={!!reason} submitDescribedBy={reason ? problemId : undefined} />
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}
