import { useState } from 'react'
import { css } from 'styled-system/css'
import { databaseTriggersQuery } from '../../../api/queries/database-objects'
import type { DatabaseTrigger } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { setTriggerEnabledSql } from '../../../lib/sql/triggers'
import { Switch } from '../../../ui/switch'
import { useListDialog, useNewItemDraft } from '../../../ui/use-list-dialogs'
import { toolCellClass, toolMonoClass } from '../DatabaseToolPage'
import { emptyFunctionDraft, FunctionDialog } from '../functions/FunctionDialogs'
import { SchemaObjectsPage, TableLinkCell, useSchemaObjectsScreen } from '../SchemaObjects'
import { useSwitchRun } from '../use-switch-run'
import { CreateTriggerDialog, DropTriggerDialog, emptyTriggerDraft } from './TriggerDialogs'
import { RowDeleteButton } from '../../../ui/row-actions'

type Dialog = { kind: 'create' } | { kind: 'drop'; trigger: DatabaseTrigger }

const NEW_TRIGGER_FUNCTION_BODY = 'begin\n  -- new is the row as it will be written (old: as it was)\n  return new;\nend;'

/** /project/{ref}/database/triggers: a schema's triggers by table; create, enable or disable, delete. */
export function TriggersScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh, list: triggers, access } = useSchemaObjectsScreen(ref, databaseTriggersQuery, 'triggers', PERMISSION_MESSAGE.manageTriggers)
  const { schema, canChange } = access
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const newTrigger = useNewItemDraft(emptyTriggerDraft)
  const [functionDraft, setFunctionDraft] = useState(() => ({ ...emptyFunctionDraft(), returns: 'trigger', body: NEW_TRIGGER_FUNCTION_BODY }))
  // The new trigger function's dialog opens over the trigger's, which stays as typed beneath it.
  const [writingFunction, setWritingFunction] = useState(false)
  const switches = useSwitchRun(run, refresh)
  const close = () => {
    setDialog(null)
    setWritingFunction(false)
  }

  const setEnabled = (trigger: DatabaseTrigger, enabled: boolean) =>
    switches.flip(String(trigger.id), setTriggerEnabledSql(trigger.schema, trigger.table, trigger.name, enabled), {
      done: `Trigger ${trigger.name} ${enabled ? 'enabled' : 'disabled'}`,
      failed: `Trigger ${trigger.name} could not be ${enabled ? 'enabled' : 'disabled'}`,
    })


  return (
    <SchemaObjectsPage
      projectRef={ref}
      access={access}
      title="Triggers"
      description="Functions that run when rows of a table change, before or after the change."
      one="trigger"
      many="triggers"
      onCreate={() => setDialog({ kind: 'create' })}
      query={triggers}
      emptyHint="A trigger runs a function when rows change: to stamp an updated_at, keep a history, or refuse a change."
      columns={['Table', 'Name', 'Runs', 'Function', 'Enabled', { hidden: 'Actions' }]}
      row={(trigger) => (
        <tr key={trigger.id}>
          <TableLinkCell projectRef={ref} tableId={trigger.table_id} table={trigger.table} />
          <td className={toolCellClass}>
            <span className={toolMonoClass}>{trigger.name}</span>
          </td>
          <td className={toolCellClass}>{`${trigger.timing} ${trigger.events.join(' or ')}, for each ${trigger.level}`}</td>
          <td className={toolCellClass}>
            <span className={toolMonoClass}>{`${trigger.function_schema}.${trigger.function_name}()`}</span>
          </td>
          <td className={toolCellClass}>
            <Switch label={<span className={css({ srOnly: true })}>{`${trigger.name} enabled`}</span>} checked={trigger.enabled} disabled={!canChange || switches.running === String(trigger.id)} onCheckedChange={(on) => void setEnabled(trigger, on)} />
          </td>
          <td className={toolCellClass}>
            <RowDeleteButton name={trigger.name} disabled={!canChange} onClick={() => setDialog({ kind: 'drop', trigger })} />
          </td>
        </tr>
      )}
    >
      {dialog?.kind === 'create' ? (
        <CreateTriggerDialog
          projectRef={ref}
          connectionString={connectionString}
          schema={schema}
          draft={newTrigger.draft}
          onDraft={newTrigger.setDraft}
          onNewFunction={() => setWritingFunction(true)}
          run={run}
          onClose={close}
          onDone={() => {
            finish(`Trigger ${newTrigger.draft.name} created`)
            newTrigger.made()
          }}
        />
      ) : null}
      {dialog?.kind === 'create' && writingFunction ? (
        <FunctionDialog
          schema={schema}
          editing={false}
          draft={functionDraft}
          onDraft={setFunctionDraft}
          run={run}
          onClose={() => setWritingFunction(false)}
          // Once made, the new function is the one the trigger runs.
          onDone={() => {
            newTrigger.setDraft({ ...newTrigger.draft, functionSchema: schema, functionName: functionDraft.name.trim() })
            setFunctionDraft({ ...emptyFunctionDraft(), returns: 'trigger', body: NEW_TRIGGER_FUNCTION_BODY })
            setWritingFunction(false)
            void refresh()
          }}
        />
      ) : null}
      {dialog?.kind === 'drop' ? <DropTriggerDialog trigger={dialog.trigger} run={run} onClose={close} onDone={() => finish(`Trigger ${dialog.trigger.name} deleted`)} /> : null}
    </SchemaObjectsPage>
  )
}
