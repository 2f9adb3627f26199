import type { QueryClient } from '@tanstack/react-query'
import { within } from '@testing-library/react'
import { useEffect, useRef, type ComponentType, type ReactNode } from 'react'
import { createActor } from 'xstate'
import { projectStatusMachine } from '../../../machines/project-status.machine'
import { queryKeys } from '../../api/queries/keys'
import { sampleOrganization, sampleSnippet } from '../sample-records'
import type { Permission, ProjectDetail, TableSchema } from '../../api/schemas'
import { useThemePreference } from '../../app/theme'
import { ASSISTANT_STORAGE_KEY } from '../../constants'
import AssistantPanel from '../../features/assistant/AssistantPanel'
import { assistantActorFor } from '../../features/assistant/assistant-actors'
import { useSignedIn } from '../../features/auth/use-signed-in'
import { ProjectStatusContext } from '../../features/project-shell/project-status'
import type { AssistantMessage } from '../../lib/assistant-state'
import { tableColumn } from '../table-column'
import { Providers, jsonResponse, testClient } from './harness'

/** What the matrix's rows render with: one project, one organization, one snippet, and the screens' caches. */

export const REF = 'abcdefghijklmnopqrst'
export const SNIPPET_ID = '00000000-0000-4000-8000-00000000000a'
export const OAUTH_STATE = 'A'.repeat(32)

export const chatJson = (id: string) => JSON.stringify({ id, name: 'A chat', messages: [], createdAt: 0, updatedAt: 1 })

export function ThemeProbe() {
  return <p>{useThemePreference()}</p>
}
export function SessionProbe() {
  return <p>{useSignedIn() ? 'signed in' : 'signed out'}</p>
}

/** A project screen on the matrix's project, inside the providers, reading what the row put in `client`. */
export function projectScreen(Screen: ComponentType<{ projectRef: string }>, client: QueryClient): ReactNode {
  return (
    <Providers client={client}>
      <Screen projectRef={REF} />
    </Providers>
  )
}

export function assistantPanel(): ReactNode {
  const client = projectClient()
  return (
    <Providers client={client}>
      <AssistantPanel actor={assistantActorFor(REF)} projectRef={REF} />
    </Providers>
  )
}

export const SNIPPET = sampleSnippet(SNIPPET_ID)
export const echoSnippet = (request: Request, body: unknown) =>
  request.method === 'PUT' && request.url.includes('/content') ? jsonResponse({ ...SNIPPET, name: (body as { name: string }).name, content: (body as { content: unknown }).content }) : undefined

export const ORGANIZATION = sampleOrganization()
export const ALL_PERMISSIONS = [
  { organization_slug: ORGANIZATION.slug, actions: ['%'], resources: ['%'], condition: null, project_refs: null, restrictive: false } as Permission,
]
export const CUSTOMER = {
  email: 'billing@acme-corp.example.com',
  billing_name: 'Acme Corporation',
  address: { line1: '500 Market Street', line2: null, city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
  additional_emails: [],
  balance: 0,
  billing_via_partner: false,
}

export function billingClient(client: QueryClient, customer: unknown = CUSTOMER): QueryClient {
  client.setQueryData(queryKeys.permissions(), ALL_PERMISSIONS)
  client.setQueryData(queryKeys.profile(), { disabled_features: [] })
  client.setQueryData(queryKeys.organizationCustomer(ORGANIZATION.slug), customer)
  client.setQueryData(queryKeys.organizationTaxId(ORGANIZATION.slug), null)
  return client
}

export function projectClient(): QueryClient {
  const client = testClient()
  client.setQueryData(queryKeys.projectDetail(REF), { ref: REF, name: 'Main app', connectionString: 'encrypted:abc' })
  return client
}

export const message = (id: string, role: 'user' | 'assistant', parts: AssistantMessage['parts'], results: AssistantMessage['results'] = {}): AssistantMessage => ({
  id,
  role,
  parts,
  results,
  status: 'done',
  error: null,
})

export function savedChat(messages: AssistantMessage[], name = 'A chat'): void {
  localStorage.setItem(
    ASSISTANT_STORAGE_KEY(REF),
    JSON.stringify({ open: true, activeChatId: 'chat', chats: { chat: { id: 'chat', name, messages, createdAt: 0, updatedAt: 0 } } }),
  )
}

export function table(payloads: readonly string[]): TableSchema {
  return {
    id: 42,
    name: payloads[0] ?? 'items',
    schema: payloads[1] ?? 'public',
    type: 'table',
    columns: payloads.map((name, i) => tableColumn(name, { data_type: i % 2 ? 'text' : 'bigint' })),
    primary_keys: payloads.slice(0, 1),
    relationships: [],
  }
}

/** A Free plan organization (only its projects can be paused) that the matrix's permissions cover. */
export const FREE_ORGANIZATION = { ...ORGANIZATION, plan: { id: 'free', name: 'Free' } } as typeof ORGANIZATION
export const project = (ref: string, name: string, status: ProjectDetail['status']): ProjectDetail => ({
  id: 1,
  ref,
  name,
  organization_id: FREE_ORGANIZATION.id,
  cloud_provider: 'AWS',
  region: 'us-east-1',
  status,
  inserted_at: '2026-01-01T00:00:00Z',
  connectionString: 'encrypted:abc',
  parent_project_ref: ref,
  isOrioleDb: false,
})

/** The project shell's status actor, not started: the screens read its state and send it events. */
export const StatusShell = ({ children }: { children: ReactNode }) => (
  <ProjectStatusContext.Provider value={createActor(projectStatusMachine, { input: { ref: REF } })}>{children}</ProjectStatusContext.Provider>
)

/** Clicks the button called `name` once mounted: a place that opens on a click (a confirmation). */
export function ClickedOnMount({ name, children }: { name: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => within(box.current!).getByRole('button', { name }).click(), [name])
  return <div ref={box}>{children}</div>
}
