import { css } from 'styled-system/css'
import { databaseFunctionsQuery } from '../../../api/queries/database-objects'
import type { DatabaseFunction } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { Badge } from '../../../ui/badge'
import { RowActions } from '../../../ui/row-actions'
import { useFormDrafts, useListDialog } from '../../../ui/use-list-dialogs'
import { toolCellClass, toolMonoClass } from '../DatabaseToolPage'
import { SchemaObjectsPage, useSchemaObjectsScreen } from '../SchemaObjects'
import { DropFunctionDialog, emptyFunctionDraft, FunctionDialog, functionDraftOf } from './FunctionDialogs'

type Dialog = { kind: 'create' } | { kind: 'edit' | 'drop'; fn: DatabaseFunction }

/** /project/{ref}/database/functions: a schema's functions and procedures, made and changed as SQL shown first. */
export function FunctionsScreen({ projectRef: ref }: { projectRef: string }) {
  const { run, refresh, list: functions, access } = useSchemaObjectsScreen(ref, databaseFunctionsQuery, 'functions', PERMISSION_MESSAGE.manageFunctions)
  const { schema, canChange } = access
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const close = () => setDialog(null)
  const editing = dialog?.kind === 'edit'
  const drafts = useFormDrafts(emptyFunctionDraft, editing)
  const edit = (fn: DatabaseFunction) => {
    drafts.startEdit(functionDraftOf(fn))
    setDialog({ kind: 'edit', fn })
  }

  return (
    <SchemaObjectsPage
      projectRef={ref}
      access={access}
      title="Functions"
      description="SQL and PL/pgSQL functions and procedures of the database: call them from SQL, triggers or the API."
      one="function"
      many="functions"
      onCreate={() => setDialog({ kind: 'create' })}
      query={functions}
      search={{ text: (fn) => `${fn.name} ${fn.arguments} ${fn.return_type ?? ''}`, placeholder: 'Search by name, argument or return type' }}
      emptyHint="Functions an extension installed are the extension’s and are not listed."
      columns={['Name', 'Arguments', 'Returns', 'Language', 'Runs as', { hidden: 'Actions' }]}
      row={(fn) => (
        <tr key={fn.id}>
          <td className={toolCellClass}>
            <span className={toolMonoClass}>{fn.name}</span>
            <span className={css({ display: 'flex', gap: '1', flexWrap: 'wrap', mt: '1' })}>
              {fn.kind === 'procedure' ? <Badge tone="info">Procedure</Badge> : null}
              {fn.volatility === 'volatile' ? null : <Badge tone="info">{fn.volatility}</Badge>}
            </span>
          </td>
          <td className={toolCellClass}>
            <span className={toolMonoClass}>{fn.arguments || '—'}</span>
          </td>
          <td className={toolCellClass}>
            <span className={toolMonoClass}>{fn.return_type ?? '—'}</span>
          </td>
          <td className={toolCellClass}>{fn.language}</td>
          <td className={toolCellClass}>{fn.security_definer ? <Badge tone="warning">Definer</Badge> : 'Invoker'}</td>
          <td className={toolCellClass}>
            <RowActions name={fn.name} disabled={!canChange} onEdit={() => edit(fn)} onDelete={() => setDialog({ kind: 'drop', fn })} />
          </td>
        </tr>
      )}
    >
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <FunctionDialog
          schema={dialog.kind === 'edit' ? dialog.fn.schema : schema}
          editing={editing}
          draft={drafts.values}
          onDraft={drafts.set}
          run={run}
          onClose={close}
          onDone={() => {
            finish(`Function ${drafts.values.name} ${editing ? 'saved' : 'created'}`)
            drafts.saved()
          }}
        />
      ) : null}
      {dialog?.kind === 'drop' ? <DropFunctionDialog fn={dialog.fn} run={run} onClose={close} onDone={() => finish(`${dialog.fn.kind === 'procedure' ? 'Procedure' : 'Function'} ${dialog.fn.name} deleted`)} /> : null}
    </SchemaObjectsPage>
  )
}
