import type { PolicyTable, TablePolicy } from '../../../api/schemas'
import type { EffectMeasure } from '../../../lib/sql/policy-effect'
import { alterPolicySql, createPolicySql, POLICY_TEMPLATES, type PolicyCommand, type PolicyDefinition } from '../../../lib/sql/table-policies'

/** A policy as the dialog edits it (the expressions as text, empty when not given). */
export type PolicyDraft = PolicyDefinition

export const policyDraftOf = (policy: TablePolicy): PolicyDraft => ({
  name: policy.name,
  command: policy.command,
  // pg_policies says `public` for "every role": the form says it with no role ticked.
  roles: policy.roles.filter((role) => role !== 'public'),
  permissive: policy.permissive,
  using: policy.using ?? '',
  check: policy.check ?? '',
})

export const templateDraft = (templateId: string, table: string, owner: string | null): PolicyDraft => (POLICY_TEMPLATES.find((t) => t.id === templateId) ?? POLICY_TEMPLATES.at(-1)!).policy(table, owner)

/** The statement(s) a dialog runs: create for a new policy, alter (or drop and create) for an edit. */
export function policyChangeSql(schema: string, table: PolicyTable, draft: PolicyDraft, editing: TablePolicy | null): string {
  if (editing === null) return createPolicySql(schema, table.name, draft)
  const sql = alterPolicySql(schema, table.name, policyDraftOf(editing), draft)
  if (sql === '') throw new Error('Nothing to change yet.')
  return sql
}

/** What to measure for a command: who reads what always, and who may change what for the commands that change rows. */
export function measuresFor(command: PolicyCommand): EffectMeasure[] {
  if (command === 'insert') return ['read', 'insert']
  if (command === 'update') return ['read', 'update']
  if (command === 'delete') return ['read', 'delete']
  if (command === 'all') return ['read', 'insert', 'update', 'delete']
  return ['read']
}
