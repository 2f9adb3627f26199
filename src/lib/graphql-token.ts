/**
 * The role a GraphQL request runs as, and its JWT's claims (PLATFORM-API §7: the endpoint reads the
 * caller's JWT from `x-graphql-authorization: Bearer <JWT>`). Its claims are what
 * `request.jwt.claims` holds for `auth.uid()`, `auth.role()` and `auth.jwt()` in policies, so an
 * `authenticated` token carries a `sub` and RLS can tell users apart.
 *
 * The dashboard never makes one: the platform signs them (the project's API keys, and the role
 * picker's tokens it asks the platform for), and takes a role from nothing else (mock-platform/auth/project-jwt.ts).
 */
import { PLATFORM_API_ROLES } from '../constants'

export type ApiRole = (typeof PLATFORM_API_ROLES)[number]

export type TokenClaims = Record<string, unknown> & { role: ApiRole }

export const isApiRole = (value: unknown): value is ApiRole => (PLATFORM_API_ROLES as readonly unknown[]).includes(value)

/**
 * The roles a member may run GraphQL as (SPEC §6; the server decides, the explorer offers the same):
 * every API role for one who may change the project's data; `anon` and `authenticated` for one who
 * may only read, whose requests run read-only and never as `service_role` (it bypasses row-level
 * security). Lowest first: the last is the member's highest, their default.
 */
export function graphqlRolesFor(mayChangeData: boolean): readonly ApiRole[] {
  return mayChangeData ? PLATFORM_API_ROLES : PLATFORM_API_ROLES.filter((role) => role !== 'service_role')
}
