import { isSafeReturnPath } from './return-path'

/**
 * The app pages an answer of the assistant may link to inside the app: a project's advisors
 * (SPEC §2 /project/{ref}/advisors/…), optionally naming one finding by its cache key. Nothing else
 * written by a model becomes an in-app link: a path elsewhere (the SQL editor with content, a
 * settings page) could lead a user to a prepared action, and a path that leaves the origin
 * ("//host", "/\\host") never matches the shape, nor does one with a fragment or extra parameters.
 */
const ADVISOR_PATH = /^\/project\/[a-z0-9]{20}\/advisors\/(?:(?:rules\/)?(?:security|performance)(?:\?finding=[A-Za-z0-9._,+%-]+)?|query-performance)$/

/** The path when `href` is an in-app link an answer may hold (see above); null otherwise. */
export function inAppLinkPath(href: string | null | undefined): string | null {
  if (typeof href !== 'string' || !ADVISOR_PATH.test(href) || !isSafeReturnPath(href)) return null
  return href
}

/** An advisor's path opening one finding, or the advisor alone when the key cannot be written safely. */
export function advisorFindingPath(ref: string, category: 'security' | 'performance', cacheKey: string): string {
  const advisor = `/project/${ref}/advisors/${category}`
  return inAppLinkPath(`${advisor}?finding=${encodeURIComponent(cacheKey)}`) ?? advisor
}
