import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import { databaseSchemasQuery, extensionDependentsQuery } from '../../../api/queries/database-extensions'
import { DEFAULT_EXTENSION_SCHEMA } from '../../../constants'
import { disableExtensionSql, enableExtensionSql } from '../../../lib/sql/extensions'
import { isProtectedSchema } from '../../../lib/protected-schemas'
import { fieldHintClass, fieldLabelClass, inputClass } from '../../../ui/field'
import { SqlPreviewDialog, type StructureDialogProps } from '../../../ui/sql-preview-dialog'
import { extensionSchemaProblem, type ExtensionRow } from './extension-list'

const NEW_SCHEMA = '\u0000new'

interface DialogProps extends StructureDialogProps {
  projectRef: string
  connectionString: string | null | undefined
  extension: ExtensionRow
}

const codeClass = css({ fontFamily: 'mono', fontSize: 'xs' })

/**
 * Enable: in a schema of the user's choice (SPEC: `extensions` by default, made when missing), or
 * where its control file puts it; CASCADE also installs what it requires, into the same schema.
 */
export function EnableExtensionDialog({ projectRef, connectionString, extension, run, onDone, onClose }: DialogProps) {
  const schemas = useQuery({ ...databaseSchemasQuery(projectRef, connectionString), enabled: Boolean(connectionString) })
  const fixedSchema = extension.database?.fixed_schema ?? null
  const requires = extension.database?.requires ?? []
  const [choice, setChoice] = useState(DEFAULT_EXTENSION_SCHEMA)
  const [newSchema, setNewSchema] = useState('')
  const [cascade, setCascade] = useState(true)
  const schemaId = useId()
  const newSchemaId = useId()
  const schema = choice === NEW_SCHEMA ? newSchema : choice
  // The platform's own schemas (auth, storage, cron, …) are no place for an extension; its extensions schema is.
  const names = new Set((schemas.data?.map((row) => row.name) ?? []).filter((name) => !isProtectedSchema(name)))
  names.add(DEFAULT_EXTENSION_SCHEMA)

  return (
    <SqlPreviewDialog
      title={`Enable ${extension.name}`}
      description={extension.comment}
      runLabel="Enable extension"
      build={() => {
        const problem = fixedSchema === null ? extensionSchemaProblem(schema) : null
        if (problem) throw new Error(problem)
        return enableExtensionSql({ name: extension.name, schema: fixedSchema === null ? schema : null, cascade })
      }}
      run={run}
      onDone={onDone}
      onClose={onClose}
    >
      {fixedSchema !== null ? (
        <p className={css({ fontSize: 'sm' })}>
          It is installed in <code className={codeClass}>{fixedSchema}</code>: its control file allows no other schema.
        </p>
      ) : (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          <label htmlFor={schemaId} className={fieldLabelClass}>
            Schema
          </label>
          <select id={schemaId} className={inputClass} value={choice} onChange={(event) => setChoice(event.target.value)}>
            {[...names].sort().map((name) => (
              <option key={name} value={name}>
                {name}
                {schemas.data && !schemas.data.some((row) => row.name === name) ? ' (created now)' : ''}
              </option>
            ))}
            <option value={NEW_SCHEMA}>Create a new schema…</option>
          </select>
          <span className={fieldHintClass}>
            The platform keeps extensions in <code className={codeClass}>{DEFAULT_EXTENSION_SCHEMA}</code>, which is on every role’s search path.
          </span>
          {choice === NEW_SCHEMA ? (
            <div className={css({ display: 'flex', flexDir: 'column', gap: '1', mt: '2' })}>
              <label htmlFor={newSchemaId} className={fieldLabelClass}>
                New schema name
              </label>
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- chosen just now from the list above: the name is what comes next */}
              <input id={newSchemaId} className={inputClass} value={newSchema} onChange={(event) => setNewSchema(event.target.value)} autoFocus />
            </div>
          ) : null}
        </div>
      )}
      <label className={css({ display: 'flex', gap: '2', alignItems: 'flex-start', fontSize: 'sm' })}>
        <input type="checkbox" checked={cascade} onChange={(event) => setCascade(event.target.checked)} className={css({ mt: '1' })} />
        <span>
          Also enable what it requires (cascade)
          <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })}>
            {requires.length > 0 ? `It requires ${requires.join(', ')}.` : 'It requires no other extension.'}
          </span>
        </span>
      </label>
    </SqlPreviewDialog>
  )
}

/**
 * Disable: first asks the database what depends on the extension (what Postgres would refuse the
 * drop for); with dependents, the drop cascades to them only once the user has read the list.
 */
export function DisableExtensionDialog({ projectRef, connectionString, extension, run, onDone, onClose }: DialogProps) {
  const dependents = useQuery({ ...extensionDependentsQuery(projectRef, connectionString, extension.name), enabled: Boolean(connectionString) })
  const [understood, setUnderstood] = useState(false)
  const objects = dependents.data?.map((row) => row.object) ?? []
  const cascade = objects.length > 0
  const blocked = dependents.isPending
    ? 'Checking what depends on it…'
    : dependents.isError
      ? `What depends on it could not be read: ${dependents.error.message}`
      : cascade && !understood
        ? 'Confirm that these objects are dropped too.'
        : null

  return (
    <SqlPreviewDialog
      title={`Disable ${extension.name}`}
      description={`Drops the extension and everything it made (its functions, types and operators) from the database.`}
      runLabel={cascade ? `Disable and drop ${objects.length} ${objects.length === 1 ? 'object' : 'objects'}` : 'Disable extension'}
      tone="danger"
      build={() => disableExtensionSql(extension.name, cascade)}
      blocked={blocked}
      run={run}
      onDone={onDone}
      onClose={onClose}
    >
      {dependents.isSuccess && !cascade ? <p className={css({ fontSize: 'sm' })}>Nothing else in the database depends on it.</p> : null}
      {cascade ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          <p className={css({ fontSize: 'sm' })}>
            Postgres reports {objects.length === 1 ? 'this object, which depends' : `these ${objects.length} objects, which depend`} on it. Disabling the extension drops{' '}
            {objects.length === 1 ? 'it' : 'them'} too:
          </p>
          <ul
            aria-label="Dependent objects"
            className={css({ maxH: '40', overflowY: 'auto', bg: 'bg.muted', borderRadius: 'md', p: '2', fontFamily: 'mono', fontSize: 'xs', listStyle: 'none' })}
          >
            {objects.map((object) => (
              <li key={object}>{object}</li>
            ))}
          </ul>
          <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
            <input type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />I understand {objects.length === 1 ? 'it is' : 'they are'}{' '}
            dropped too
          </label>
        </div>
      ) : null}
    </SqlPreviewDialog>
  )
}
