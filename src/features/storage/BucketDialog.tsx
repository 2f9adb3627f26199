import { Dialog } from '@ark-ui/react/dialog'
import { useId, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import type { StorageBucket } from '../../api/queries/storage'
import { FormActions, ModalFrame } from '../../ui/dialog'
import { FormField, FormProblem, describedBy, inputClass } from '../../ui/field'
import { Switch } from '../../ui/switch'
import { TypedConfirmDialog } from '../../ui/typed-confirm-dialog'
import { usePendingAction } from '../../ui/use-pending-action'
import { SIZE_UNITS, type SizeUnit } from '../../lib/size-units'
import { bucketFormErrors, type BucketField, type BucketFormValues } from './bucket-form'

/**
 * Create or edit a bucket. The name is checked as it is typed (storage-api's rules, names taken); the
 * form is the caller's state, so a refused save or a Cancel loses nothing typed.
 */
export function BucketDialog({
  editing,
  takenNames,
  values,
  onChange,
  onSave,
  onClose,
}: {
  editing: StorageBucket | null
  takenNames: readonly string[]
  values: BucketFormValues
  onChange: (values: BucketFormValues) => void
  /** Saves; a refusal throws with the server's message, shown in the dialog. */
  onSave: (values: BucketFormValues) => Promise<void>
  onClose: () => void
}) {
  const [touched, setTouched] = useState<ReadonlySet<BucketField>>(new Set())
  const { busy, problem, setProblem, run } = usePendingAction()
  const ids = { name: useId(), limit: useId(), unit: useId(), mime: useId() }
  const errors = bucketFormErrors(values, takenNames, editing)
  const shown = (field: BucketField) => (touched.has(field) ? (errors[field] ?? null) : null)
  const set = (patch: Partial<BucketFormValues>, field?: BucketField) => {
    onChange({ ...values, ...patch })
    setProblem(null)
    if (field) setTouched((previous) => new Set(previous).add(field))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(new Set(['name', 'limitValue', 'mimeTypes']))
    if (Object.keys(errors).length > 0) return
    await run(() => onSave(values))
  }

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <ModalFrame size="medium">
        <form onSubmit={(event) => void submit(event)} className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
          <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{editing ? `Edit bucket ${editing.name}` : 'Create a bucket'}</Dialog.Title>
          {editing ? null : (
            <FormField id={ids.name} label="Name" error={shown('name')} hint="Letters, numbers, spaces and _ ! - . * ' ( ) & $ @ = ; : + , ? — it cannot be changed later.">
              <input
                {...describedBy(ids.name, shown('name'), true)}
                className={inputClass}
                value={values.name}
                onChange={(event) => set({ name: event.target.value }, 'name')}
              />
            </FormField>
          )}
          <Switch
            checked={values.isPublic}
            onCheckedChange={(isPublic) => set({ isPublic })}
            label="Public bucket"
            description="Anyone can read its files by URL, without a key. Uploads, moves and deletes still follow the bucket's policies."
          />
          <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
            <Switch checked={values.limitOn} onCheckedChange={(limitOn) => set({ limitOn }, 'limitValue')} label="Restrict file size" description="Refuse uploads above a size (the plan's limit applies anyway)." />
            {values.limitOn ? (
              <div className={css({ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: '2' })}>
                <FormField id={ids.limit} label="Size limit" error={shown('limitValue')}>
                  <input {...describedBy(ids.limit, shown('limitValue'), false)} inputMode="decimal" className={inputClass} value={values.limitValue} onChange={(event) => set({ limitValue: event.target.value }, 'limitValue')} />
                </FormField>
                <FormField id={ids.unit} label="Unit">
                  <select id={ids.unit} className={inputClass} value={values.limitUnit} onChange={(event) => set({ limitUnit: event.target.value as SizeUnit }, 'limitValue')}>
                    {SIZE_UNITS.map((unit) => (
                      <option key={unit.id} value={unit.id}>
                        {unit.label}
                      </option>
                    ))}
                  </select>
                </FormField>
              </div>
            ) : null}
          </div>
          <FormField id={ids.mime} label="Allowed MIME types" error={shown('mimeTypes')} hint="Separated by commas, like image/png, image/* or application/pdf. Empty: any type.">
            <input {...describedBy(ids.mime, shown('mimeTypes'), true)} className={inputClass} value={values.mimeTypes} placeholder="image/*, application/pdf" onChange={(event) => set({ mimeTypes: event.target.value }, 'mimeTypes')} />
          </FormField>
          <FormProblem>{problem}</FormProblem>
          <FormActions submitLabel={editing ? 'Save' : 'Create bucket'} onCancel={onClose} busy={busy} submitDisabled={touched.size > 0 && Object.keys(errors).length > 0} />
        </form>
      </ModalFrame>
    </Dialog.Root>
  )
}

/** Deleting a bucket: the user types its name first (it goes with every file in it). */
export function DeleteBucketDialog({ bucket, onConfirm, onClose }: { bucket: StorageBucket; onConfirm: () => Promise<void>; onClose: () => void }) {
  return (
    <TypedConfirmDialog
      title={`Delete bucket ${bucket.name}`}
      description="The bucket and every file in it are deleted. This cannot be undone."
      name={bucket.name}
      confirmLabel="Delete bucket"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  )
}
