/**
 * Bucket policies: row-level security policies on `storage.objects` (the platform keeps a bucket's
 * rules there, one table for every bucket), read from `pg_policies` and written as real
 * `CREATE POLICY` statements that the dialog shows before it runs them.
 *
 * Decisions:
 * - A policy "belongs" to a bucket when its expressions name it as a string constant (the form
 *   always writes `bucket_id = '<id>'`); a policy that never mentions `bucket_id` applies to every
 *   bucket and is listed too, marked so; a policy about other buckets only is left out.
 * - One statement per chosen operation (as the platform's editor does), each policy named
 *   "<name> (<operation>)" when there are several, so each can be dropped alone.
 * - The user's condition is ANDed with the bucket test in parentheses, never spliced bare: an `or`
 *   typed there cannot open the policy to other buckets.
 */
import { PLATFORM_API_ROLES } from '../../constants'
import { checkIdentifierLength } from './identifier'
import { sqlIdent, sqlLiteral } from './quote'

export const POLICY_OPERATIONS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const
export type PolicyOperation = (typeof POLICY_OPERATIONS)[number]

/** Roles a policy may target; none chosen means every role (`public`). */
export const POLICY_ROLES = PLATFORM_API_ROLES
export type PolicyRole = (typeof POLICY_ROLES)[number]

/** What the policy form holds. */
export interface StoragePolicyDraft {
  name: string
  operations: readonly PolicyOperation[]
  roles: readonly PolicyRole[]
  /** An extra condition on the row, in SQL; empty means "any object of the bucket". */
  condition: string
}

export interface StoragePolicyTemplate {
  id: string
  label: string
  description: string
  draft: (bucketId: string) => StoragePolicyDraft
}

/** The user's own folder: the first path segment is their user id (the platform's documented pattern). */
export const OWN_FOLDER_CONDITION = '(storage.foldername(name))[1] = auth.uid()::text'

export const STORAGE_POLICY_TEMPLATES: readonly StoragePolicyTemplate[] = [
  {
    id: 'public-read',
    label: 'Anyone can read the files',
    description: 'Every role, signed in or not, may download and list the files of this bucket.',
    draft: (bucketId) => ({ name: `Public read of ${bucketId}`, operations: ['SELECT'], roles: [], condition: '' }),
  },
  {
    id: 'authenticated-read',
    label: 'Signed-in users can read the files',
    description: 'Users with a session may download and list the files; anonymous visitors may not.',
    draft: (bucketId) => ({ name: `Signed-in read of ${bucketId}`, operations: ['SELECT'], roles: ['authenticated'], condition: '' }),
  },
  {
    id: 'authenticated-upload',
    label: 'Signed-in users can upload',
    description: 'Users with a session may add files anywhere in this bucket.',
    draft: (bucketId) => ({ name: `Signed-in upload to ${bucketId}`, operations: ['INSERT'], roles: ['authenticated'], condition: '' }),
  },
  {
    id: 'own-folder',
    label: 'Users read and write only their own folder',
    description: 'A signed-in user may read, add, change and delete files under a top-level folder named after their user id.',
    draft: (bucketId) => ({
      name: `Own folder in ${bucketId}`,
      operations: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      roles: ['authenticated'],
      condition: OWN_FOLDER_CONDITION,
    }),
  },
  {
    id: 'images-only',
    label: 'Signed-in users upload images only',
    description: 'Uploads are accepted only for files ending in .png, .jpg, .jpeg, .gif or .webp.',
    draft: (bucketId) => ({
      name: `Image uploads to ${bucketId}`,
      operations: ['INSERT'],
      roles: ['authenticated'],
      condition: `lower(storage.extension(name)) in ('png', 'jpg', 'jpeg', 'gif', 'webp')`,
    }),
  },
  {
    id: 'custom',
    label: 'From scratch',
    description: 'Choose the operations, the roles and the condition yourself.',
    draft: () => ({ name: '', operations: ['SELECT'], roles: [], condition: '' }),
  },
]

/** The policy's name for one of its operations. */
export function policyNameFor(name: string, operation: PolicyOperation, operationCount: number): string {
  return operationCount > 1 ? `${name} (${operation.toLowerCase()})` : name
}

function rowTest(bucketId: string, condition: string): string {
  const bucketTest = `bucket_id = ${sqlLiteral(bucketId)}`
  const extra = condition.trim().replace(/;+\s*$/, '')
  return extra === '' ? `(${bucketTest})` : `(${bucketTest} and (${extra}))`
}

/** The `CREATE POLICY` statements a draft stands for; throws a message the dialog shows when it cannot be built. */
export function createStoragePoliciesSql(bucketId: string, draft: StoragePolicyDraft): string {
  const name = draft.name.trim()
  if (name === '') throw new Error('Name the policy.')
  if (draft.operations.length === 0) throw new Error('Choose at least one operation the policy allows.')
  if (draft.condition.includes(';')) throw new Error('The condition is one SQL expression: remove the ";".')
  const operations = POLICY_OPERATIONS.filter((operation) => draft.operations.includes(operation))
  const roles = draft.roles.length === 0 ? 'public' : POLICY_ROLES.filter((role) => draft.roles.includes(role)).map(sqlIdent).join(', ')
  const test = rowTest(bucketId, draft.condition)
  return operations
    .map((operation) => {
      const policyName = policyNameFor(name, operation, operations.length)
      checkIdentifierLength(policyName, 'policy name')
      const using = operation === 'INSERT' ? '' : `\n  using ${test}`
      const check = operation === 'INSERT' || operation === 'UPDATE' ? `\n  with check ${test}` : ''
      return `create policy ${sqlIdent(policyName)}\n  on storage.objects\n  for ${operation.toLowerCase()}\n  to ${roles}${using}${check};`
    })
    .join('\n\n')
}

export function dropStoragePolicySql(name: string): string {
  return `drop policy ${sqlIdent(name)} on storage.objects;`
}

/** Every policy on `storage.objects`, by name; the screen groups them by the buckets they name. */
export const storageObjectPoliciesSql = `select policyname as name,
       cmd as command,
       roles::text[] as roles,
       permissive = 'PERMISSIVE' as permissive,
       qual as using_expression,
       with_check as check_expression
  from pg_catalog.pg_policies
 where schemaname = 'storage' and tablename = 'objects'
 order by policyname;`

/** A policy as `storageObjectPoliciesSql` reads it. */
export interface StoragePolicy {
  name: string
  command: string
  roles: string[]
  permissive: boolean
  using_expression: string | null
  check_expression: string | null
}

/** The bucket's string constant as Postgres prints it back in a policy's expression (`'avatars'::text`). */
function bucketConstant(bucketId: string): string {
  return `'${bucketId.replaceAll("'", "''")}'`
}

/**
 * The policies that concern a bucket: those naming it (`scope` 'bucket') and those never testing
 * `bucket_id`, which hold for every bucket (`scope` 'all'); a policy about other buckets only is left out.
 */
export function policiesForBucket(policies: readonly StoragePolicy[], bucketId: string): (StoragePolicy & { scope: 'bucket' | 'all' })[] {
  const constant = bucketConstant(bucketId)
  const found: (StoragePolicy & { scope: 'bucket' | 'all' })[] = []
  for (const policy of policies) {
    const text = `${policy.using_expression ?? ''} ${policy.check_expression ?? ''}`
    if (text.includes(constant)) found.push({ ...policy, scope: 'bucket' })
    else if (!text.includes('bucket_id')) found.push({ ...policy, scope: 'all' })
  }
  return found.sort((a, b) => (a.scope === b.scope ? 0 : a.scope === 'bucket' ? -1 : 1))
}
