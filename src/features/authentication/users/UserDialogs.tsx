import { Dialog } from '@ark-ui/react/dialog'
import { useId, useState, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import type { AuthUserRow } from '../../../api/schemas'
import { AUTH_BAN_DURATIONS, AUTH_MIN_PASSWORD_LENGTH } from '../../../constants'
import { banAuthUserSql, createAuthUserSql, deleteAuthUserSql, updateAuthUserMetadataSql } from '../../../lib/sql/auth-users'
import { maskSecrets } from '../../../lib/sql/secret-mask'
import { inputClass, TextField } from '../../../ui/field'
import { Checkbox, labelClass, SelectField } from '../../../ui/form-controls'
import { FormActions, ModalFrame } from '../../../ui/dialog'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'
import { usePendingAction } from '../../../ui/use-pending-action'
import { isBanned } from './UserList'
import { EMAIL_SHAPE } from '../../../lib/address-shapes'

export interface NewUserDraft {
  email: string
  password: string
  autoConfirm: boolean
}
export const emptyNewUserDraft = (): NewUserDraft => ({ email: '', password: '', autoConfirm: true })


/** What is wrong with a new user before the database is asked, or null. */
export function newUserProblem(draft: NewUserDraft): string | null {
  if (!EMAIL_SHAPE.test(draft.email.trim())) return 'Type the user’s email address.'
  if (draft.password.length < AUTH_MIN_PASSWORD_LENGTH) return `The password needs at least ${AUTH_MIN_PASSWORD_LENGTH} characters.`
  return null
}

/** Creates a user with an email and password; the password is hashed by the database and never shown. */
export function CreateUserDialog({ draft, onDraft, ...props }: { draft: NewUserDraft; onDraft: (draft: NewUserDraft) => void } & StructureDialogProps) {
  const set = (change: Partial<NewUserDraft>) => onDraft({ ...draft, ...change })
  const sql = () => {
    const problem = newUserProblem(draft)
    if (problem) throw new Error(problem)
    return createAuthUserSql(draft)
  }
  const masked = (text: string) => maskSecrets(text, draft.password === '' ? [] : [{ label: 'the password', value: draft.password }])
  return (
    <SqlPreviewDialog
      {...props}
      title="Create a user"
      description="A user who signs in with this email address and password. The password is stored as the auth server stores it: a bcrypt hash."
      runLabel="Create user"
      build={() => masked(sql()).shown}
      run={(text) => props.run(masked(sql()).unmask(text))}
    >
      <TextField label="Email address" inputMode="email" autoComplete="off" spellCheck={false} value={draft.email} onChange={(event) => set({ email: event.target.value })} />
      <TextField label="Password" type="password" autoComplete="new-password" value={draft.password} onChange={(event) => set({ password: event.target.value })} hint={`At least ${AUTH_MIN_PASSWORD_LENGTH} characters.`} />
      <Checkbox label="Confirm the address now (no confirmation mail)" checked={draft.autoConfirm} onChange={(autoConfirm) => set({ autoConfirm })} />
    </SqlPreviewDialog>
  )
}

const nameOf = (user: Pick<AuthUserRow, 'email' | 'phone' | 'id'>) => user.email ?? user.phone ?? user.id

/** Bans a user for a while (their sessions end at once), or lifts a ban. */
export function BanUserDialog({ user, ...props }: { user: AuthUserRow } & StructureDialogProps) {
  const banned = isBanned(user)
  const [hours, setHours] = useState<number>(AUTH_BAN_DURATIONS[1].hours)
  return (
    <SqlPreviewDialog
      {...props}
      title={banned ? `Lift the ban on ${nameOf(user)}` : `Ban ${nameOf(user)}`}
      description={banned ? 'They can sign in again at once.' : 'They are signed out everywhere now and cannot sign in until the ban ends.'}
      runLabel={banned ? 'Lift ban' : 'Ban user'}
      tone={banned ? 'primary' : 'danger'}
      build={() => banAuthUserSql(user.id, banned ? null : hours)}
    >
      {banned ? null : (
        <SelectField label="For" value={String(hours)} onChange={(value) => setHours(Number(value))}>
          {AUTH_BAN_DURATIONS.map((duration) => (
            <option key={duration.hours} value={duration.hours}>
              {duration.label}
            </option>
          ))}
        </SelectField>
      )}
    </SqlPreviewDialog>
  )
}

/** Deletes a user with their identities and sessions, once the address is typed. */
export function DeleteUserDialog({ user, ...props }: { user: AuthUserRow } & StructureDialogProps) {
  const [typed, setTyped] = useState('')
  const name = nameOf(user)
  return (
    <SqlPreviewDialog
      {...props}
      title={`Delete ${name}`}
      description="The user, their identities and their sessions are deleted; rows of your tables that reference them follow your foreign keys. This cannot be undone."
      runLabel="Delete user"
      tone="danger"
      blocked={typed === name ? null : `Type ${name} to confirm.`}
      build={() => deleteAuthUserSql(user.id)}
    >
      <TextField label={`Type ${name} to confirm`} autoComplete="off" spellCheck={false} value={typed} onChange={(event) => setTyped(event.target.value)} />
    </SqlPreviewDialog>
  )
}

export interface MetadataDraft {
  user: string
  app: string
}

/** The metadata as JSON text to edit. */
export const metadataDraftOf = (record: Record<string, unknown> | null): MetadataDraft => ({
  user: JSON.stringify(record?.['raw_user_meta_data'] ?? {}, null, 2),
  app: JSON.stringify(record?.['raw_app_meta_data'] ?? {}, null, 2),
})

function parsedObject(text: string, what: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`The ${what} is not JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`The ${what} must be a JSON object ({ … }).`)
  return value
}

/** Replaces a user's metadata, each part checked as a JSON object before anything runs. */
export function MetadataDialog({ userId, draft, onDraft, ...props }: { userId: string; draft: MetadataDraft; onDraft: (draft: MetadataDraft) => void } & StructureDialogProps) {
  const id = useId()
  const field = (key: keyof MetadataDraft, label: string, hint: string) => (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <textarea
        id={`${id}-${key}`}
        aria-describedby={`${id}-${key}-hint`}
        className={cx(inputClass, css({ fontFamily: 'mono', fontSize: 'xs', minH: '32', resize: 'vertical' }))}
        spellCheck={false}
        value={draft[key]}
        onChange={(event) => onDraft({ ...draft, [key]: event.target.value })}
      />
      <span id={`${id}-${key}-hint`} className={css({ fontSize: 'xs', color: 'fg.subtle' })}>
        {hint}
      </span>
    </div>
  )
  return (
    <SqlPreviewDialog
      {...props}
      wide
      title="Edit the user’s metadata"
      description="Both are JSON objects. The user may change their own metadata from your app; the app metadata only the platform and admins change (policies may trust it)."
      runLabel="Save metadata"
      build={() => updateAuthUserMetadataSql(userId, { user: parsedObject(draft.user, 'user metadata'), app: parsedObject(draft.app, 'app metadata') })}
    >
      {field('user', 'User metadata (raw_user_meta_data)', 'What sign-up sent and the user may update: a name, an avatar…')}
      {field('app', 'App metadata (raw_app_meta_data)', 'The providers, and what your platform decides: a plan, roles…')}
    </SqlPreviewDialog>
  )
}

/**
 * Invites an address through the platform's API: the project's auth server makes a user waiting for
 * the invitation and mails its link (the mock platform's mailbox is the project's Auth logs). What
 * was typed stays when the server refuses, with its reason.
 */
export function InviteUserDialog({ email, onEmail, invite, onDone, onClose }: { email: string; onEmail: (email: string) => void; invite: (email: string) => Promise<void>; onDone: () => void; onClose: () => void }) {
  const pending = usePendingAction()
  const problemId = useId()
  const problem = EMAIL_SHAPE.test(email.trim()) ? null : 'Type the address to invite.'
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (problem || pending.busy) return
    pending.setProblem(null)
    if (await pending.run(() => invite(email.trim()))) onDone()
  }
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <ModalFrame size="large">
        <form onSubmit={(event) => void submit(event)} className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <div>
            <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>Invite a user</Dialog.Title>
            <Dialog.Description className={css({ color: 'fg.muted', fontSize: 'sm' })}>
              The project’s auth server mails them a link to set their password. Until they follow it they are listed as invited. Sent mails show in the project’s Auth logs.
            </Dialog.Description>
          </div>
          <TextField label="Email address" inputMode="email" autoComplete="off" spellCheck={false} value={email} onChange={(event) => onEmail(event.target.value)} aria-describedby={problem ? problemId : undefined} />
          {pending.problem ? (
            <p role="alert" className={css({ bg: 'danger.subtle', color: 'danger.default', p: '2', borderRadius: 'md', fontSize: 'sm' })}>
              {pending.problem}
            </p>
          ) : null}
          {problem && email !== '' ? (
            <p id={problemId} className={css({ fontSize: 'xs', color: 'warning.default' })}>
              {problem}
            </p>
          ) : null}
          <FormActions submitLabel="Send invitation" onCancel={onClose} busy={pending.busy} submitDisabled={problem !== null} />
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}
