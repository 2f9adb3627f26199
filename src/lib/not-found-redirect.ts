import { DEFAULT_RETURN_PATH } from '../constants'

/**
 * Where a missing organization or project sends the user (SPEC §2): the last visited
 * organization, or the organization list, with the error and what was not found in the query.
 */
export function notFoundRedirectPath(kind: 'org' | 'project', missing: string, lastVisitedSlug: string | null): string {
  const base = lastVisitedSlug && lastVisitedSlug !== missing ? `/org/${encodeURIComponent(lastVisitedSlug)}` : DEFAULT_RETURN_PATH
  const params = new URLSearchParams({ error: `${kind}_not_found`, [kind]: missing })
  return `${base}?${params}`
}
