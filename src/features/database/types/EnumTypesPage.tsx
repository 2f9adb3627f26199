import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { enumTypesQuery } from '../../../api/queries/database-objects'
import type { EnumType } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { Button } from '../../../ui/button'
import { useListDialog, useNewItemDraft } from '../../../ui/use-list-dialogs'
import { toolCellClass } from '../DatabaseToolPage'
import { SchemaObjectsPage, useSchemaObjectsScreen } from '../SchemaObjects'
import { AddEnumValueDialog, CreateEnumDialog, DropEnumDialog, emptyEnumDraft, RenameEnumValueDialog } from './EnumTypeDialogs'
import { RowDeleteButton } from '../../../ui/row-actions'

type Dialog = { kind: 'create' } | { kind: 'add' | 'rename' | 'drop'; type: EnumType }

const valueClass = css({ display: 'inline-block', fontFamily: 'mono', fontSize: 'xs', bg: 'bg.muted', borderRadius: 'sm', px: '1.5', py: '0.5', mr: '1', mb: '1' })

/** /project/{ref}/database/types: a schema's enumerated types, their values and the columns that use them. */
export function EnumTypesScreen({ projectRef: ref }: { projectRef: string }) {
  const { run, refresh, list: types, access } = useSchemaObjectsScreen(ref, enumTypesQuery, 'types', PERMISSION_MESSAGE.manageTypes)
  const { schema, canChange } = access
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const newType = useNewItemDraft(emptyEnumDraft)
  const close = () => setDialog(null)

  return (
    <SchemaObjectsPage
      projectRef={ref}
      access={access}
      title="Enumerated types"
      description="Types whose values are a fixed list, in order: a column of one holds one of them."
      one="type"
      many="types"
      onCreate={() => setDialog({ kind: 'create' })}
      query={types}
      emptyHint="Create one to give a column a fixed list of values, like an order’s status."
      columns={['Name', 'Values', 'Used by', { hidden: 'Actions' }]}
      row={(type) => (
        <tr key={type.id}>
          <td className={toolCellClass}>
            <span className={css({ fontFamily: 'mono', fontWeight: 'medium' })}>{type.name}</span>
            {type.comment ? <p className={css({ color: 'fg.muted', fontSize: 'xs' })}>{type.comment}</p> : null}
          </td>
          <td className={toolCellClass}>
            <ol aria-label={`Values of ${type.name}`}>
              {type.values.map((value) => (
                <li key={value} className={valueClass}>
                  {value}
                </li>
              ))}
            </ol>
          </td>
          <td className={toolCellClass}>
            {type.used_by.length === 0 ? (
              <span className={css({ color: 'fg.muted' })}>No column</span>
            ) : (
              <ul aria-label={`Columns of type ${type.name}`} className={css({ fontFamily: 'mono', fontSize: 'xs' })}>
                {type.used_by.map((c) => (
                  <li key={`${c.schema}.${c.table}.${c.column}`}>
                    <Link href={`/project/${ref}/editor/${c.table_id}`} className={css({ color: 'fg.default', textDecoration: 'underline' })}>
                      {`${c.schema}.${c.table}`}
                    </Link>
                    {`.${c.column}`}
                  </li>
                ))}
              </ul>
                  )}
                </td>
                <td className={toolCellClass}>
                  <span className={css({ display: 'inline-flex', gap: '1', flexWrap: 'wrap' })}>
                    <Button size="sm" aria-label={`Add value to ${type.name}`} disabled={!canChange} onClick={() => setDialog({ kind: 'add', type })}>
                      Add value
                    </Button>
                    <Button size="sm" aria-label={`Rename value of ${type.name}`} disabled={!canChange} onClick={() => setDialog({ kind: 'rename', type })}>
                      Rename value
                    </Button>
                    <RowDeleteButton name={type.name} disabled={!canChange} onClick={() => setDialog({ kind: 'drop', type })} />
                  </span>
                </td>
              </tr>
      )}
    >
      {dialog?.kind === 'create' ? (
        <CreateEnumDialog
          schema={schema}
          draft={newType.draft}
          onDraft={newType.setDraft}
          run={run}
          onClose={close}
          onDone={() => {
            finish(`Type ${newType.draft.name} created`)
            newType.made()
          }}
        />
      ) : null}
      {dialog?.kind === 'add' ? <AddEnumValueDialog type={dialog.type} run={run} onClose={close} onDone={() => finish(`Value added to ${dialog.type.name}`)} /> : null}
      {dialog?.kind === 'rename' ? <RenameEnumValueDialog type={dialog.type} run={run} onClose={close} onDone={() => finish(`Value of ${dialog.type.name} renamed`)} /> : null}
      {dialog?.kind === 'drop' ? <DropEnumDialog type={dialog.type} run={run} onClose={close} onDone={() => finish(`Type ${dialog.type.name} deleted`)} /> : null}
    </SchemaObjectsPage>
  )
}
