import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'
import { queryKeys } from '../../../api/queries/keys'
import { storageConfigQuery, updateStorageConfig, type StorageConfig } from '../../../api/queries/storage'
import { PLAN_NAMES, type PlanId } from '../../../constants'
import { STORAGE_PLAN_UPLOAD_LIMIT } from '../../../constants/storage'
import { formatBytes } from '../../../lib/format-bytes'
import { SIZE_UNITS, type SizeUnit } from '../../../lib/size-units'
import { uploadLimitForm, uploadLimitFromForm, type UploadLimitForm } from '../../../lib/storage-settings'
import { fieldErrorClass, fieldHintClass, fieldLabelClass, inputClass } from '../../../ui/field'
import { FormSection } from '../../../ui/form-section'
import { ErrorState, LoadingState } from '../../../ui/states'
import { showToast } from '../../../ui/toast'
import { DatabaseToolPage } from '../../database'
import { useProjectOrganization } from '../../project-shell'
import { SaveCancelActions } from '../../../ui/save-cancel-actions'

/** /project/{ref}/settings/storage: the project's storage settings (SPEC §9 upload limit per plan). */
export function StorageSettingsScreen({ projectRef: ref }: { projectRef: string }) {
  const config = useQuery(storageConfigQuery(ref))
  const organization = useProjectOrganization(ref)
  return (
    <DatabaseToolPage title="Storage settings" description="Limits that apply to every bucket of the project.">
      {config.isPending || !organization ? (
        <LoadingState label="Loading storage settings…" />
      ) : config.isError ? (
        <ErrorState title="The storage settings could not be read" message={config.error.message} onRetry={() => void config.refetch()} />
      ) : (
        // Keyed by the saved value: a save elsewhere (another tab) starts the form afresh.
        <UploadLimitForm key={config.data.fileSizeLimit} projectRef={ref} config={config.data} plan={organization.plan.id} organizationSlug={organization.slug} />
      )}
    </DatabaseToolPage>
  )
}

function UploadLimitForm({ projectRef, config, plan, organizationSlug }: { projectRef: string; config: StorageConfig; plan: PlanId; organizationSlug: string }) {
  const queryClient = useQueryClient()
  const [form, setForm] = useState<UploadLimitForm>(() => uploadLimitForm(config.fileSizeLimit))
  const [tried, setTried] = useState(false)
  const amountId = useId()
  const unitId = useId()
  const hintId = useId()
  const errorId = useId()
  const checked = uploadLimitFromForm(form, plan)
  const problem = 'problem' in checked ? checked.problem : null
  const changed = 'bytes' in checked ? checked.bytes !== config.fileSizeLimit : true
  const save = useMutation({
    mutationFn: (fileSizeLimit: number) => updateStorageConfig(projectRef, { fileSizeLimit }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.storageConfig(projectRef), saved)
      showToast('success', `Upload limit set to ${formatBytes(saved.fileSizeLimit)}`)
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if ('bytes' in checked && changed) save.mutate(checked.bytes)
  }
  const shownProblem = problem && (tried || form.amount.trim() !== '') ? problem : null
  const error = shownProblem ?? (save.isError ? save.error.message : null)

  return (
    <form onSubmit={submit} aria-label="Upload limit" className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', px: '4' })}>
      <FormSection title="Upload file size limit" description="The largest file anyone may upload to this project; a bucket can set a smaller one of its own.">
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <label htmlFor={amountId} className={fieldLabelClass}>
            Largest file
          </label>
          <div className={css({ display: 'flex', gap: '2', maxW: 'sm' })}>
            <input
              id={amountId}
              inputMode="decimal"
              className={cx(inputClass, css({ flex: '1' }))}
              value={form.amount}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
              onChange={(event) => setForm({ ...form, amount: event.target.value })}
            />
            <label htmlFor={unitId} className={css({ srOnly: true })}>
              Unit
            </label>
            <select id={unitId} className={cx(inputClass, css({ w: '24' }))} value={form.unit} onChange={(event) => setForm({ ...form, unit: event.target.value as SizeUnit })}>
              {SIZE_UNITS.map((unit) => (
                <option key={unit.id} value={unit.id}>
                  {unit.label}
                </option>
              ))}
            </select>
          </div>
          <p id={hintId} className={fieldHintClass}>
            The {PLAN_NAMES[plan]} plan allows up to {formatBytes(STORAGE_PLAN_UPLOAD_LIMIT[plan])}.{' '}
            {plan === 'free' ? (
              <Link href={`/org/${organizationSlug}/billing`} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
                Upgrade to Pro for files up to {formatBytes(STORAGE_PLAN_UPLOAD_LIMIT.pro)}
              </Link>
            ) : null}
          </p>
          {error ? (
            <p id={errorId} role="alert" className={fieldErrorClass}>
              {error}
            </p>
          ) : null}
        </div>
        <SaveCancelActions
          changed={changed}
          saving={save.isPending}
          saveDisabled={Boolean(problem)}
          onCancel={() => {
            setForm(uploadLimitForm(config.fileSizeLimit))
            setTried(false)
            save.reset()
          }}
        />
      </FormSection>
    </form>
  )
}
