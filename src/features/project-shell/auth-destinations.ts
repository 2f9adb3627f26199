import { ShieldHalf, UsersRound } from 'lucide-react'
import type { ProjectDestination } from './destinations'
import { under } from './destination-paths'

/** The Authentication area's screens, in rail order (the project destinations list takes them in its place). */
export const AUTH_DESTINATIONS: readonly ProjectDestination[] = [
  {
    id: 'auth-users',
    label: 'Users',
    area: 'auth',
    icon: UsersRound,
    keywords: ['auth', 'authentication', 'users', 'sign up', 'sign in', 'accounts', 'ban', 'invite', 'auth.users', 'identities'],
    path: (ref) => `/project/${ref}/auth/users`,
    owns: under('auth/users'),
    needsDatabase: true,
  },
  {
    id: 'auth-policies',
    label: 'Policies',
    area: 'auth',
    icon: ShieldHalf,
    keywords: ['rls', 'row level security', 'policy', 'policies', 'auth.uid', 'permissions', 'access', 'security'],
    path: (ref) => `/project/${ref}/auth/policies`,
    owns: under('auth/policies'),
    needsDatabase: true,
  },
]
