import { useId, useState } from 'react'
import { css, cx } from 'styled-system/css'
import {
  createStoragePoliciesSql,
  dropStoragePolicySql,
  POLICY_OPERATIONS,
  POLICY_ROLES,
  STORAGE_POLICY_TEMPLATES,
  type PolicyOperation,
  type PolicyRole,
  type StoragePolicyDraft,
} from '../../../lib/sql/storage-policies'
import { fieldHintClass, fieldLabelClass, inputClass } from '../../../ui/field'
import { choiceCardStyle } from '../../../ui/form-section'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'
import type { PolicyTable } from '../../../api/schemas'
import type { EffectMeasure } from '../../../lib/sql/policy-effect'
import { PolicyEffect } from '../../authentication'

const choiceClass = css({ display: 'inline-flex', gap: '1.5', alignItems: 'center', fontSize: 'sm' })
const legendClass = css({ fontSize: 'sm', color: 'fg.muted', mb: '1' })

function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((each) => each !== item), item] : list.filter((each) => each !== item)
}

/**
 * A new policy on a bucket: start from a template (public read, signed-in upload, own folder…) or
 * from scratch, adjust name, operations, roles and condition; the exact `CREATE POLICY` statements
 * show below and run only on "Create policy". The draft lives here, so a refused run keeps it.
 */
/** What to measure of a bucket policy's operations: who lists what always, and who may change or delete what. */
const measuresOf = (operations: readonly PolicyOperation[]): EffectMeasure[] => [
  'read',
  ...(operations.includes('INSERT') ? (['insert'] as const) : []),
  ...(operations.includes('UPDATE') ? (['update'] as const) : []),
  ...(operations.includes('DELETE') ? (['delete'] as const) : []),
]

export function CreatePolicyDialog({
  projectRef,
  connectionString,
  objects,
  bucketId,
  run,
  onDone,
  onClose,
}: StructureDialogProps & { projectRef: string; connectionString: string | null | undefined; objects: PolicyTable | undefined; bucketId: string }) {
  const [templateId, setTemplateId] = useState(STORAGE_POLICY_TEMPLATES[0]!.id)
  const [draft, setDraft] = useState<StoragePolicyDraft>(() => STORAGE_POLICY_TEMPLATES[0]!.draft(bucketId))
  const nameId = useId()
  const conditionId = useId()
  const conditionHintId = useId()
  const chooseTemplate = (id: string) => {
    const template = STORAGE_POLICY_TEMPLATES.find((each) => each.id === id)
    if (!template) return
    setTemplateId(id)
    setDraft(template.draft(bucketId))
  }

  return (
    <SqlPreviewDialog
      title={`New policy on ${bucketId}`}
      description="Row-level security on storage.objects decides which files each role may list, download, upload, change or delete in this bucket."
      runLabel="Create policy"
      wide
      build={() => createStoragePoliciesSql(bucketId, draft)}
      run={run}
      onDone={onDone}
      onClose={onClose}
    >
      <fieldset>
        <legend className={legendClass}>Start from</legend>
        <div role="radiogroup" aria-label="Templates" className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '2' })}>
          {STORAGE_POLICY_TEMPLATES.map((template) => (
            <label
              key={template.id}
              className={css(choiceCardStyle, { flexDir: 'row', gap: '2', p: '2' })}
            >
              <input type="radio" name="policy-template" value={template.id} checked={template.id === templateId} onChange={() => chooseTemplate(template.id)} />
              <span>
                <span className={css({ display: 'block', fontSize: 'sm', fontWeight: 'medium' })}>{template.label}</span>
                <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>{template.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <label htmlFor={nameId} className={fieldLabelClass}>
          Policy name
        </label>
        <input id={nameId} className={inputClass} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
      </div>
      <div className={css({ display: 'flex', gap: '6', flexWrap: 'wrap' })}>
        <fieldset>
          <legend className={legendClass}>Allowed operations</legend>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            {POLICY_OPERATIONS.map((operation: PolicyOperation) => (
              <label key={operation} className={choiceClass}>
                <input
                  type="checkbox"
                  checked={draft.operations.includes(operation)}
                  onChange={(event) => setDraft({ ...draft, operations: toggled(draft.operations, operation, event.target.checked) })}
                />
                {operation.toLowerCase()}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className={legendClass}>For roles (none chosen: every role)</legend>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            {POLICY_ROLES.map((role: PolicyRole) => (
              <label key={role} className={choiceClass}>
                <input type="checkbox" checked={draft.roles.includes(role)} onChange={(event) => setDraft({ ...draft, roles: toggled(draft.roles, role, event.target.checked) })} />
                {role}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <label htmlFor={conditionId} className={fieldLabelClass}>
          Condition on the file (optional)
        </label>
        <textarea
          id={conditionId}
          aria-describedby={conditionHintId}
          rows={2}
          spellCheck={false}
          className={cx(inputClass, css({ fontFamily: 'mono', fontSize: 'xs', h: 'auto', py: '1.5' }))}
          value={draft.condition}
          onChange={(event) => setDraft({ ...draft, condition: event.target.value })}
        />
        <p id={conditionHintId} className={fieldHintClass}>
          A SQL expression over the object's columns (name, owner, metadata…), added to the bucket test with AND. For example {"(storage.foldername(name))[1] = auth.uid()::text"}.
        </p>
      </div>
      {/* The same effect view as the table policies: the files each user reaches in storage.objects, now and with these policies. */}
      {objects ? <PolicyEffect projectRef={projectRef} connectionString={connectionString} schema="storage" table={objects} change={() => createStoragePoliciesSql(bucketId, draft)} measures={measuresOf(draft.operations)} /> : null}
    </SqlPreviewDialog>
  )
}

/** Deleting a policy: the DROP statement shown, run on "Delete policy". */
export function DeletePolicyDialog({ policyName, run, onDone, onClose }: StructureDialogProps & { policyName: string }) {
  return (
    <SqlPreviewDialog
      title={`Delete the policy "${policyName}"?`}
      description="Roles that relied on it lose what it allowed on storage.objects at once."
      runLabel="Delete policy"
      tone="danger"
      build={() => dropStoragePolicySql(policyName)}
      run={run}
      onDone={onDone}
      onClose={onClose}
    >
      {null}
    </SqlPreviewDialog>
  )
}
