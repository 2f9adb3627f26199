import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import type { VaultSecret } from '../../api/schemas'
import { maskSecrets } from '../../lib/sql/secret-mask'
import { createSecretSql, updateSecretSql } from '../../lib/sql/vault'
import { fieldErrorClass, fieldHintClass, fieldLabelClass, inputClass } from '../../ui/field'
import { SqlPreviewDialog, type StructureDialogProps } from '../../ui/sql-preview-dialog'
import { secretFormErrors, secretSaveError, type SecretField, type SecretFormValues } from './secret-form'

/**
 * Add or edit a secret. The value is a password field (shown on request) and a mask in the SQL
 * preview; on edit, left empty it keeps the stored value. The form is the caller's state: a
 * refused save keeps everything typed.
 */
export function SecretDialog({
  editing,
  others,
  values,
  onChange,
  run,
  onDone,
  onClose,
}: StructureDialogProps & { editing: VaultSecret | null; others: readonly VaultSecret[]; values: SecretFormValues; onChange: (values: SecretFormValues) => void }) {
  const [touched, setTouched] = useState<ReadonlySet<SecretField>>(new Set())
  const [visible, setVisible] = useState(false)
  const ids = { name: useId(), description: useId(), secret: useId() }
  const errors = secretFormErrors(values, others, editing)
  const shown = (field: SecretField) => (touched.has(field) ? (errors[field] ?? null) : null)
  const set = (field: SecretField, value: string) => {
    onChange({ ...values, [field]: value })
    setTouched((previous) => new Set(previous).add(field))
  }
  const fields = { name: values.name.trim(), description: values.description.trim() }
  const sql = editing ? updateSecretSql(editing.id, { ...fields, secret: values.secret === '' ? null : values.secret }) : createSecretSql({ ...fields, secret: values.secret })
  const masked = maskSecrets(sql, values.secret === '' ? [] : [{ label: 'the secret', value: values.secret }])

  return (
    <SqlPreviewDialog
      title={editing ? `Edit secret ${editing.name ?? ''}` : 'Add a secret'}
      description="Kept encrypted in the project's database; only vault.decrypted_secrets shows it."
      runLabel={editing ? 'Save secret' : 'Add secret'}
      build={() => {
        const problem = Object.values(errors)[0]
        if (problem) throw new Error(problem)
        return masked.shown
      }}
      run={(text) =>
        run(masked.unmask(text)).catch((error: unknown) => {
          throw new Error(secretSaveError(error, values.name))
        })
      }
      onDone={onDone}
      onClose={onClose}
    >
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <label htmlFor={ids.name} className={fieldLabelClass}>
          Name
        </label>
        <input id={ids.name} className={inputClass} value={values.name} onChange={(event) => set('name', event.target.value)} aria-invalid={shown('name') ? true : undefined} />
        {shown('name') ? <span className={fieldErrorClass}>{shown('name')}</span> : null}
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <label htmlFor={ids.description} className={fieldLabelClass}>
          Description (optional)
        </label>
        <input id={ids.description} className={inputClass} value={values.description} onChange={(event) => set('description', event.target.value)} />
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <span className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' })}>
          <label htmlFor={ids.secret} className={fieldLabelClass}>
            {editing ? 'New value' : 'Value'}
          </label>
          <label className={css({ display: 'flex', gap: '1.5', alignItems: 'center', fontSize: 'xs', color: 'fg.muted' })}>
            <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
            Show
          </label>
        </span>
        <input
          id={ids.secret}
          type={visible ? 'text' : 'password'}
          autoComplete="off"
          className={`${inputClass} ${css({ fontFamily: 'mono' })}`}
          value={values.secret}
          onChange={(event) => set('secret', event.target.value)}
          aria-invalid={shown('secret') ? true : undefined}
        />
        {shown('secret') ? (
          <span className={fieldErrorClass}>{shown('secret')}</span>
        ) : editing ? (
          <span className={fieldHintClass}>Leave it empty to keep the stored value.</span>
        ) : null}
      </div>
    </SqlPreviewDialog>
  )
}
