import { useQuery } from '@tanstack/react-query'
import { css, cx } from 'styled-system/css'
import { databaseFunctionsQuery } from '../../../api/queries/database-objects'
import { tableEntitiesQuery } from '../../../api/queries/table-editor'
import type { DatabaseTrigger } from '../../../api/schemas'
import { createTriggerSql, dropTriggerSql, TRIGGER_EVENTS, TRIGGER_TIMINGS, type TriggerDefinition, type TriggerTiming } from '../../../lib/sql/triggers'
import { Button } from '../../../ui/button'
import { inputClass, TextField } from '../../../ui/field'
import { Checkbox, gridClass, labelClass, SelectField } from '../../../ui/form-controls'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'

export type TriggerDraft = Omit<TriggerDefinition, 'schema' | 'tableIsView'>
export const emptyTriggerDraft = (): TriggerDraft => ({ name: '', table: '', timing: 'before', events: ['update'], level: 'row', condition: '', functionSchema: '', functionName: '' })

const functionKey = (schema: string, name: string) => JSON.stringify([schema, name])

/**
 * Creates a trigger on a table or view of `schema`: when, on which events, per row or statement, an
 * optional condition, and the trigger function it runs (one returning `trigger`), or a new one
 * written first (`onNewFunction`).
 */
export function CreateTriggerDialog({
  projectRef,
  connectionString,
  schema,
  draft,
  onDraft,
  onNewFunction,
  ...props
}: { projectRef: string; connectionString: string | null | undefined; schema: string; draft: TriggerDraft; onDraft: (draft: TriggerDraft) => void; onNewFunction: () => void } & StructureDialogProps) {
  const entities = useQuery({ ...tableEntitiesQuery(projectRef, connectionString), enabled: Boolean(connectionString) })
  const functions = useQuery({ ...databaseFunctionsQuery(projectRef, connectionString), enabled: Boolean(connectionString) })
  const tables = (entities.data ?? []).filter((e) => e.schema === schema && (e.type === 'table' || e.type === 'view'))
  const tableIsView = tables.find((t) => t.name === draft.table)?.type === 'view'
  const triggerFunctions = (functions.data ?? []).filter((fn) => fn.return_type === 'trigger')
  const set = (change: Partial<TriggerDraft>) => onDraft({ ...draft, ...change })

  return (
    <SqlPreviewDialog {...props} wide title={`Create a trigger in ${schema}`} description="Runs a function when rows of a table change: before the change (to alter or refuse it) or after it." runLabel="Create trigger" build={() => createTriggerSql({ ...draft, schema, tableIsView })}>
      <div className={gridClass}>
        <TextField label="Name" value={draft.name} spellCheck={false} onChange={(event) => set({ name: event.target.value })} />
        <SelectField label="Table" value={draft.table} onChange={(table) => set({ table, timing: tables.find((t) => t.name === table)?.type === 'view' ? 'instead of' : draft.timing === 'instead of' ? 'before' : draft.timing, level: tables.find((t) => t.name === table)?.type === 'view' ? 'row' : draft.level })}>
          <option value="">Choose a table…</option>
          {tables.map((t) => (
            <option key={t.id} value={t.name}>
              {t.type === 'view' ? `${t.name} (view)` : t.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={gridClass}>
        <SelectField label="When" value={draft.timing} onChange={(timing) => set({ timing: timing as TriggerTiming })}>
          {TRIGGER_TIMINGS.map((timing) => (
            <option key={timing} value={timing}>
              {`${timing[0]!.toUpperCase()}${timing.slice(1)} the change`}
            </option>
          ))}
        </SelectField>
        <SelectField label="Fires" value={draft.level} onChange={(level) => set({ level: level as 'row' | 'statement' })}>
          <option value="row">For each row</option>
          <option value="statement">For each statement</option>
        </SelectField>
      </div>
      <fieldset className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'center' })}>
        <legend className={labelClass}>On</legend>
        {TRIGGER_EVENTS.map((event) => (
          <Checkbox key={event} label={event} checked={draft.events.includes(event)} onChange={(on) => set({ events: on ? [...draft.events, event] : draft.events.filter((e) => e !== event) })} />
        ))}
      </fieldset>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}>
        <div className={css({ flex: '1', minW: '60' })}>
          <SelectField
            label="Function to run (returns trigger)"
            value={draft.functionName ? functionKey(draft.functionSchema, draft.functionName) : ''}
            onChange={(key) => {
              const [functionSchema = '', functionName = ''] = key ? (JSON.parse(key) as string[]) : []
              set({ functionSchema, functionName })
            }}
          >
            <option value="">{triggerFunctions.length === 0 ? 'No trigger function yet: write one' : 'Choose a function…'}</option>
            {triggerFunctions.map((fn) => (
              <option key={fn.id} value={functionKey(fn.schema, fn.name)}>
                {`${fn.schema}.${fn.name}`}
              </option>
            ))}
          </SelectField>
        </div>
        <Button onClick={onNewFunction}>Write a new trigger function</Button>
      </div>
      <TextField
        label="Only when (optional, per row)"
        placeholder="new.status is distinct from old.status"
        value={draft.condition}
        disabled={draft.level !== 'row'}
        spellCheck={false}
        className={cx(inputClass, css({ fontFamily: 'mono' }))}
        onChange={(event) => set({ condition: event.target.value })}
      />
    </SqlPreviewDialog>
  )
}

export function DropTriggerDialog({ trigger, ...props }: { trigger: DatabaseTrigger } & StructureDialogProps) {
  return (
    <SqlPreviewDialog {...props} title={`Delete the trigger ${trigger.name}`} description={`${trigger.schema}.${trigger.table} stops running ${trigger.function_schema}.${trigger.function_name} on changes; the function stays.`} runLabel="Delete trigger" tone="danger" build={() => dropTriggerSql(trigger.schema, trigger.table, trigger.name)}>
      {null}
    </SqlPreviewDialog>
  )
}
