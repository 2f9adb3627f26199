import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { databaseFunctionsQuery } from '../../../api/queries/database-objects'
import type { DatabaseFunction } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { Badge } from '../../../ui/badge'
import { SearchField } from '../../../ui/field'
import { RowActions } from '../../../ui/row-actions'
import { EmptyState, QueryStates } from '../../../ui/states'
import { useFormDrafts, useListDialog } from '../../../ui/use-list-dialogs'
import { DatabaseToolPage, ToolTable, toolCellClass } from '../DatabaseToolPage'
import { SchemaObjectsActions, SchemaObjectsNotices, useSchemaObjects } from '../SchemaObjects'
import { useProjectDatabase } from '../use-project-database'
import { DropFunctionDialog, emptyFunctionDraft, FunctionDialog, functionDraftOf } from './FunctionDialogs'

type Dialog = { kind: 'create' } | { kind: 'edit' | 'drop'; fn: DatabaseFunction }

const monoClass = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word' })

/** /project/{ref}/database/functions: a schema's functions and procedures, made and changed as SQL shown first. */
export function FunctionsScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const functions = useQuery({ ...databaseFunctionsQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const access = useSchemaObjects(ref, 'functions', PERMISSION_MESSAGE.manageFunctions)
  const { schema, canChange } = access
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const [search, setSearch] = useState('')
  const needle = search.trim().toLowerCase()
  const shown = (functions.data ?? []).filter((fn) => fn.schema === schema && (!needle || `${fn.name} ${fn.arguments} ${fn.return_type ?? ''}`.toLowerCase().includes(needle)))
  const close = () => setDialog(null)
  const editing = dialog?.kind === 'edit'
  const drafts = useFormDrafts(emptyFunctionDraft, editing)

  return (
    <DatabaseToolPage
      title="Functions"
      description="SQL and PL/pgSQL functions and procedures of the database: call them from SQL, triggers or the API."
      actions={<SchemaObjectsActions projectRef={ref} access={access} createLabel="Create function" onCreate={() => setDialog({ kind: 'create' })} />}
    >
      <SchemaObjectsNotices access={access} objects="functions" />
      <SearchField label="Search functions" placeholder="Search by name, argument or return type" value={search} onChange={setSearch} className={css({ maxW: 'sm' })} />
      <QueryStates query={functions} loading="Loading functions…" failed="The functions could not be read">
        {() => shown.length === 0 ? (
          <EmptyState title={needle ? `No function of ${schema} matches “${search.trim()}”` : `No functions in ${schema}`}>Functions an extension installed are the extension’s and are not listed.</EmptyState>
        ) : (
          <ToolTable label={`Functions of ${schema}`} columns={['Name', 'Arguments', 'Returns', 'Language', 'Runs as', { hidden: 'Actions' }]}>
            {shown.map((fn) => (
              <tr key={fn.id}>
                <td className={toolCellClass}>
                  <span className={monoClass}>{fn.name}</span>
                  <span className={css({ display: 'flex', gap: '1', flexWrap: 'wrap', mt: '1' })}>
                    {fn.kind === 'procedure' ? <Badge tone="info">Procedure</Badge> : null}
                    {fn.volatility === 'volatile' ? null : <Badge tone="info">{fn.volatility}</Badge>}
                  </span>
                </td>
                <td className={toolCellClass}>
                  <span className={monoClass}>{fn.arguments || '—'}</span>
                </td>
                <td className={toolCellClass}>
                  <span className={monoClass}>{fn.return_type ?? '—'}</span>
                </td>
                <td className={toolCellClass}>{fn.language}</td>
                <td className={toolCellClass}>{fn.security_definer ? <Badge tone="warning">Definer</Badge> : 'Invoker'}</td>
                <td className={toolCellClass}>
                  <RowActions
                    name={fn.name}
                    disabled={!canChange}
                    onEdit={() => {
                      drafts.startEdit(functionDraftOf(fn))
                      setDialog({ kind: 'edit', fn })
                    }}
                    onDelete={() => setDialog({ kind: 'drop', fn })}
                  />
                </td>
              </tr>
            ))}
          </ToolTable>
        )}
      </QueryStates>
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
    </DatabaseToolPage>
  )
}
