import { LogicEngine } from 'json-logic-engine'
import type { Permission } from '../api/schemas'

/**
 * Permission action names (SPEC §6), spelled as the platform spells them
 * (the `PermissionAction` enum of Supabase's `@supabase/shared-types`).
 * Resource names are free-form strings chosen by each call site.
 */
export const PermissionAction = {
  BILLING_READ: 'billing:Read',
  BILLING_WRITE: 'billing:Write',
  ANALYTICS_READ: 'analytics:Read',
  ANALYTICS_WRITE: 'analytics:Write',
  ANALYTICS_ADMIN_READ: 'analytics:Admin:Read',
  ANALYTICS_ADMIN_WRITE: 'analytics:Admin:Write',
  AUTH_EXECUTE: 'auth:Execute',
  FUNCTIONS_READ: 'functions:Read',
  FUNCTIONS_WRITE: 'functions:Write',
  INFRA_EXECUTE: 'infra:Execute',
  SECRETS_READ: 'secrets:Read',
  SECRETS_WRITE: 'secrets:Write',
  STORAGE_READ: 'storage:Read',
  STORAGE_WRITE: 'storage:Write',
  STORAGE_ADMIN_READ: 'storage:Admin:Read',
  STORAGE_ADMIN_WRITE: 'storage:Admin:Write',
  REALTIME_ADMIN_READ: 'realtime:Admin:Read',
  REALTIME_ADMIN_WRITE: 'realtime:Admin:Write',
  REPLICATION_ADMIN_READ: 'replication:Admin:Read',
  REPLICATION_ADMIN_WRITE: 'replication:Admin:Write',
  TENANT_SQL_ADMIN_READ: 'tenant:Sql:Admin:Read',
  TENANT_SQL_ADMIN_WRITE: 'tenant:Sql:Admin:Write',
  TENANT_SQL_CREATE_TABLE: 'tenant:Sql:CreateTable',
  TENANT_SQL_QUERY: 'tenant:Sql:Query',
  TENANT_SQL_SELECT: 'tenant:Sql:Read:Select',
  TENANT_SQL_INSERT: 'tenant:Sql:Write:Insert',
  TENANT_SQL_UPDATE: 'tenant:Sql:Write:Update',
  TENANT_SQL_DELETE: 'tenant:Sql:Write:Delete',
  SQL_SELECT: 'sql:Read:Select',
  SQL_INSERT: 'sql:Write:Insert',
  SQL_UPDATE: 'sql:Write:Update',
  SQL_DELETE: 'sql:Write:Delete',
  CREATE: 'write:Create',
  READ: 'read:Read',
  UPDATE: 'write:Update',
  DELETE: 'write:Delete',
} as const

export type PermissionScope = {
  organizationSlug: string
  projectRef?: string
  /** Facts about the resource, read by entry conditions (e.g. `{ resource: { schema: 'public' } }`). */
  data?: Record<string, unknown>
}

/*
 * Permission check, SPEC §6. Precise semantics:
 *
 * 1. Organization. Only entries whose `organization_slug` equals
 *    `scope.organizationSlug` (exact, case-sensitive) count. `organization_id`
 *    and `project_ids` are not used: the check is keyed by slug and ref.
 * 2. Matching. An entry matches when one of its `actions` patterns matches the
 *    action AND one of its `resources` patterns matches the resource. Patterns
 *    are SQL-LIKE-style: `%` matches any run of characters (including none),
 *    every other character (`_`, `.`, `*`, regex metacharacters) matches itself,
 *    case-sensitively. Null or empty `actions`/`resources` match nothing. An
 *    empty action or resource name matches nothing (fail closed on caller bugs).
 * 3. Project scope. An entry with non-empty `project_refs` is project-specific
 *    and applies only when `scope.projectRef` is in that list; otherwise it is
 *    ignored. Entries with null/empty `project_refs` are organization-wide.
 *    When a project-specific entry matches, ONLY the matching project-specific
 *    entries are considered (priority, as on the platform: an org-wide allow or
 *    deny is then ignored); otherwise the matching org-wide entries are.
 * 4. Conditions. `condition` is a JSON-logic rule evaluated against
 *    `{ resource_name: resource, ...scope.data }` (the platform also exposes the
 *    resource name; keys in `data` win). A null/undefined condition always holds.
 *    A well-formed condition is a boolean or a single-operator object; anything
 *    else, or a rule that throws, is malformed. Truthiness follows JSON-logic.
 * 5. Decision. If any considered restrictive entry's condition holds (malformed
 *    counts as holding), the answer is false: deny beats every allow. Otherwise
 *    the answer is true iff some considered non-restrictive entry's condition
 *    holds (malformed counts as not holding). No entries → false.
 */
export function can(
  permissions: readonly Permission[] | undefined,
  action: string,
  resource: string,
  scope: PermissionScope,
): boolean {
  if (!Array.isArray(permissions) || !action || !resource) return false

  const matching = permissions.filter(
    (p) =>
      p != null &&
      p.organization_slug === scope.organizationSlug &&
      matchesAny(p.actions, action) &&
      matchesAny(p.resources, resource),
  )

  const { projectRef } = scope
  const projectSpecific = projectRef
    ? matching.filter((p) => isProjectSpecific(p) && p.project_refs!.includes(projectRef))
    : []
  const considered =
    projectSpecific.length > 0 ? projectSpecific : matching.filter((p) => !isProjectSpecific(p))
  if (considered.length === 0) return false

  const data = { resource_name: resource, ...scope.data }
  if (considered.some((p) => p.restrictive === true && conditionHolds(p.condition, data, true))) {
    return false
  }
  return considered.some((p) => p.restrictive !== true && conditionHolds(p.condition, data, false))
}

function isProjectSpecific(p: Permission): boolean {
  return Array.isArray(p.project_refs) && p.project_refs.length > 0
}

function matchesAny(patterns: readonly string[] | null | undefined, value: string): boolean {
  return Array.isArray(patterns) && patterns.some((pattern) => typeof pattern === 'string' && likeMatch(pattern, value))
}

/** SQL LIKE with `%` as the only wildcard; no regular expressions involved. */
export function likeMatch(pattern: string, value: string): boolean {
  const parts = pattern.split('%')
  if (parts.length === 1) return pattern === value
  const head = parts[0]!
  const tail = parts[parts.length - 1]!
  if (value.length < head.length + tail.length) return false
  if (!value.startsWith(head) || !value.endsWith(tail)) return false
  // Middle literals must appear in order, between head and tail; leftmost-first is optimal.
  const end = value.length - tail.length
  let pos = head.length
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i]!
    if (part === '') continue
    const at = value.indexOf(part, pos)
    if (at < 0 || at + part.length > end) return false
    pos = at + part.length
  }
  return true
}

// Private engine: nobody else can add operators to it. Interpreted-plan caching is off so
// the result never depends on an earlier call (conditions are small; the cost is negligible).
const engine = new LogicEngine(undefined, { disableInterpretedOptimization: true })

function isWellFormed(condition: unknown): boolean {
  if (typeof condition === 'boolean') return true
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return false
  const proto = Object.getPrototypeOf(condition)
  if (proto !== Object.prototype && proto !== null) return false
  return Object.keys(condition).length === 1
}

/** Whether a condition holds; `onError` is the answer for malformed or throwing rules. */
function conditionHolds(condition: unknown, data: Record<string, unknown>, onError: boolean): boolean {
  if (condition === null || condition === undefined) return true
  if (!isWellFormed(condition)) return onError
  try {
    return Boolean(engine.truthy(engine.run(condition, data)))
  } catch {
    return onError
  }
}
