import { api, type ApiClient } from '../client'
import { InvitationSchema } from '../schemas'
import { queryKeys } from './keys'

function invitationPath(slug: string, token: string): string {
  return `/platform/organizations/${encodeURIComponent(slug)}/members/invitations/${encodeURIComponent(token)}`
}

/** The invitation behind a join link: who it is for, whether it expired or exists at all. */
export function invitationQuery(slug: string, token: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.invitation(slug, token),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(invitationPath(slug, token), { schema: InvitationSchema, signal }),
  }
}

/** Accepts the invitation: the signed-in user becomes a member of the organization. */
export async function acceptInvitation(slug: string, token: string, options: { signal?: AbortSignal; client?: ApiClient } = {}): Promise<void> {
  const client = options.client ?? api
  await client.post(invitationPath(slug, token), { signal: options.signal })
}
