import { css } from 'styled-system/css'
import { isProtectedSchema } from '../../lib/protected-schemas'
import { Callout } from '../../ui/callout'
import { GuardedButton } from '../../ui/guarded-button'
import { SchemaPicker, useSchemaParam } from './SchemaPicker'
import { useDatabaseWritePermission } from './use-project-database'

/**
 * What the screens of objects that live in a schema share (types, indexes, functions, triggers): the
 * chosen schema, and whether its objects may be changed here: the member's permission, and never in
 * a schema the platform manages.
 */
export function useSchemaObjects(ref: string, resource: string, what: string) {
  const [schema, setSchema] = useSchemaParam()
  const permission = useDatabaseWritePermission(ref, resource, what)
  const protectedSchema = isProtectedSchema(schema)
  return {
    schema,
    setSchema,
    permissionReason: permission.reason,
    protectedSchema,
    canChange: permission.allowed && !protectedSchema,
    blockedReason: permission.reason ?? (protectedSchema ? `${schema} is managed by the platform.` : null),
  }
}
export type SchemaObjects = ReturnType<typeof useSchemaObjects>

/** The header's actions: the schema picker, and the create button with why it is off. */
export function SchemaObjectsActions({ projectRef, access, createLabel, onCreate }: { projectRef: string; access: SchemaObjects; createLabel: string; onCreate: () => void }) {
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
      <SchemaPicker projectRef={projectRef} schema={access.schema} onChange={access.setSchema} />
      <GuardedButton variant="primary" blockedReason={access.blockedReason} disabled={!access.canChange} onClick={onCreate}>
        {createLabel}
      </GuardedButton>
    </div>
  )
}

/** Why nothing can be changed, above the list: the permission refused, or the platform's schema (`objects`: "types", "indexes"…). */
export function SchemaObjectsNotices({ access, objects }: { access: SchemaObjects; objects: string }) {
  return (
    <>
      {access.permissionReason ? <Callout tone="warning" title={access.permissionReason} /> : null}
      {access.protectedSchema ? <Callout tone="info" title={`${access.schema} is managed by the platform: its ${objects} can be read here, not changed.`} /> : null}
    </>
  )
}
