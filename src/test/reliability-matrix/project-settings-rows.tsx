import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { ApiSettingsScreen } from '../../features/project-settings/ApiSettingsPage'
import { Route } from 'wouter'
import AuditLogPage from '../../features/audit-log/AuditLogPage'
import { testClient } from './harness'
import { ComputeSettingsScreen } from '../../features/project-settings/ComputeSettingsPage'
import { DatabaseSettingsScreen } from '../../features/project-settings/DatabaseSettingsPage'
import { GeneralSettingsScreen } from '../../features/project-settings/GeneralSettingsPage'
import { Providers, jsonResponse, type WriteRow } from './harness'
import { ALL_PERMISSIONS, ClickedOnMount, ORGANIZATION, REF, StatusShell, project, projectClient } from './screens'
import type { XssPlace } from './xss-places'

/** The reliability matrix's rows of the project's general settings: the rename and the transfer under each fault, and the name in each place it shows. */

/** Another organization of the member's, to move the project to. */
const OTHER_ORGANIZATION = { ...ORGANIZATION, id: ORGANIZATION.id + 1, slug: 'other-org', name: 'Other org' }

/** A client that knows the project (called `name`), its organization and every permission. */
function settingsClient(name: string) {
  const client = projectClient()
  client.setQueryData(queryKeys.projectDetail(REF), project(REF, name, 'ACTIVE_HEALTHY'))
  client.setQueryData(queryKeys.organizations(), [ORGANIZATION, OTHER_ORGANIZATION])
  client.setQueryData(queryKeys.permissions(), ALL_PERMISSIONS)
  return client
}

const generalSettings = (name: string, click?: string) => {
  const screenOf = <GeneralSettingsScreen projectRef={REF} />
  return (
    <Providers client={settingsClient(name)}>
      <StatusShell>{click ? <ClickedOnMount name={click}>{screenOf}</ClickedOnMount> : screenOf}</StatusShell>
    </Providers>
  )
}

/** The API settings of a running project whose database has `schemas`, the API serving `served`. */
function apiSettings(schemas: readonly string[], served: readonly string[]) {
  const client = settingsClient('Main app')
  client.setQueryData(queryKeys.projectSettings(REF), { ref: REF, name: 'Main app', app_config: { endpoint: 'https://main.example.co', db_schema: served.join(', ') }, service_api_keys: [] })
  client.setQueryData(queryKeys.databaseSchemas(REF), schemas.map((name) => ({ name })))
  return (
    <Providers client={client}>
      <ApiSettingsScreen projectRef={REF} />
    </Providers>
  )
}

/** The database settings, the connection details naming `user` on `host`, SSL off and every address allowed. */
function databaseSettings(user = 'postgres', host = 'db.main.example.co') {
  const client = settingsClient('Main app')
  client.setQueryData(queryKeys.projectSettings(REF), { ref: REF, db_host: host, db_port: 5432, db_name: 'postgres', db_user: user, service_api_keys: [] })
  client.setQueryData(queryKeys.projectPooler(REF), [])
  client.setQueryData(queryKeys.projectSslEnforcement(REF), { currentConfig: { database: false }, appliedSuccessfully: true })
  client.setQueryData(queryKeys.projectNetworkRestrictions(REF), { config: { dbAllowedCidrs: ['0.0.0.0/0'], dbAllowedCidrsV6: ['::/0'] }, status: 'applied' })
  return (
    <Providers client={client}>
      <DatabaseSettingsScreen projectRef={REF} />
    </Providers>
  )
}

/** The compute settings of a running project on Nano (its organization on Pro). */
function computeSettings() {
  const client = settingsClient('Main app')
  const variant = (size: string, name: string, price: number) => ({ identifier: `ci_${size}`, name, price })
  client.setQueryData(queryKeys.projectAddons(REF), {
    selected_addons: [{ type: 'compute_instance', variant: variant('nano', 'Nano', 0) }],
    available_addons: [{ type: 'compute_instance', variants: [variant('nano', 'Nano', 0), variant('micro', 'Micro', 10)] }],
  })
  return (
    <Providers client={client}>
      <StatusShell>
        <ComputeSettingsScreen projectRef={REF} />
      </StatusShell>
    </Providers>
  )
}

export const PROJECT_SETTINGS_WRITE_ROWS: WriteRow[] = [
  {
    // The typed name is the user's: saved as typed (trimmed), or kept in the field with the refusal beside it.
    write: 'rename a project (general settings)',
    run: async (fault, stub) => {
      let saved: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'PATCH' || !new URL(request.url).pathname.endsWith(`/projects/${REF}`)) return undefined
        saved = body
        return jsonResponse(project(REF, (body as { name: string }).name, 'ACTIVE_HEALTHY'))
      })
      render(generalSettings('Main app'))
      const form = await screen.findByRole('form', { name: 'Project name' })
      fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: '  Typed project name ' } })
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(saved !== null || within(form).queryByRole('alert') !== null).toBe(true))
      if (saved) return (saved as { name?: string }).name === 'Typed project name'
      return (within(form).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value === '  Typed project name '
    },
  },
  {
    // The chosen organization is the user's choice: the project moved there, or the choice kept with the refusal beside it.
    write: 'transfer a project (general settings)',
    run: async (fault, stub) => {
      let moved: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'POST' || !request.url.endsWith(`/projects/${REF}/transfer`)) return undefined
        moved = body
        return jsonResponse({ ...project(REF, 'Main app', 'ACTIVE_HEALTHY'), organization_id: OTHER_ORGANIZATION.id })
      })
      render(generalSettings('Main app'))
      const section = await screen.findByRole('region', { name: 'Transfer project' })
      fireEvent.change(within(section).getByLabelText('To the organization'), { target: { value: OTHER_ORGANIZATION.slug } })
      fireEvent.click(within(section).getByRole('button', { name: 'Transfer project' }))
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Transfer project' }))
      await waitFor(() => expect(moved !== null || within(section).queryByRole('alert') !== null).toBe(true))
      if (moved && within(section).queryByRole('alert') === null) return (moved as { target_organization_slug?: string }).target_organization_slug === OTHER_ORGANIZATION.slug
      return (within(section).getByLabelText('To the organization') as HTMLSelectElement).value === OTHER_ORGANIZATION.slug
    },
  },
  {
    // The ticked schemas are the user's choice: served from then on, or still ticked with the refusal beside them.
    write: 'exposed schemas (API settings)',
    run: async (fault, stub) => {
      let saved: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'PATCH' || !request.url.endsWith(`/projects/${REF}/config/postgrest`)) return undefined
        saved = body
        return jsonResponse(body)
      })
      render(apiSettings(['public', 'inventory', 'graphql_public'], ['public', 'graphql_public']))
      const section = await screen.findByRole('region', { name: 'Exposed schemas' })
      fireEvent.click(await within(section).findByRole('checkbox', { name: 'inventory' }))
      fireEvent.click(within(section).getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(saved !== null || within(section).queryByRole('alert') !== null).toBe(true))
      if (saved && within(section).queryByRole('alert') === null) return (saved as { db_schema?: string }).db_schema === 'public, graphql_public, inventory'
      return (within(section).getByRole('checkbox', { name: 'inventory' }) as HTMLInputElement).checked
    },
  },
  {
    // The listed blocks are the user's: applied, or still listed with the refusal beside them.
    write: 'network restrictions (database settings)',
    run: async (fault, stub) => {
      let applied: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'POST' || !request.url.endsWith(`/projects/${REF}/network-restrictions/apply`)) return undefined
        applied = body
        const { dbAllowedCidrs, dbAllowedCidrsV6 } = body as { dbAllowedCidrs: string[]; dbAllowedCidrsV6: string[] }
        return jsonResponse({ config: { dbAllowedCidrs, dbAllowedCidrsV6 }, status: 'applied' })
      })
      render(databaseSettings())
      const section = await screen.findByRole('region', { name: 'Network restrictions' })
      fireEvent.click(within(section).getByRole('button', { name: 'Only the addresses listed' }))
      fireEvent.change(within(section).getByRole('textbox', { name: 'Address block (CIDR)' }), { target: { value: '203.0.113.0/24' } })
      fireEvent.click(within(section).getByRole('button', { name: 'Add' }))
      fireEvent.click(within(section).getByRole('button', { name: 'Apply' }))
      await waitFor(() => expect(applied !== null || within(section).queryByRole('alert') !== null).toBe(true))
      if (applied && within(section).queryByRole('alert') === null) return JSON.stringify(applied) === JSON.stringify({ dbAllowedCidrs: ['203.0.113.0/24'], dbAllowedCidrsV6: [] })
      return within(section).queryByText('203.0.113.0/24') !== null
    },
  },
  {
    // The ticked box is the user's choice: saved, or still ticked with the refusal beside it.
    write: 'SSL enforcement (database settings)',
    run: async (fault, stub) => {
      let saved: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'PUT' || !request.url.endsWith(`/projects/${REF}/ssl-enforcement`)) return undefined
        saved = body
        return jsonResponse({ currentConfig: { database: true }, appliedSuccessfully: true })
      })
      render(databaseSettings())
      const section = await screen.findByRole('region', { name: 'SSL enforcement' })
      fireEvent.click(within(section).getByRole('checkbox', { name: 'Enforce SSL on incoming connections' }))
      fireEvent.click(within(section).getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(saved !== null || within(section).queryByRole('alert') !== null).toBe(true))
      if (saved && within(section).queryByRole('alert') === null) return JSON.stringify(saved) === JSON.stringify({ requestedConfig: { database: true } })
      return (within(section).getByRole('checkbox') as HTMLInputElement).checked
    },
  },
  {
    // The chosen size is the user's choice: the move asked for, or the choice kept with the refusal beside it.
    write: 'compute size (compute settings)',
    run: async (fault, stub) => {
      let asked: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'POST' || !request.url.endsWith(`/projects/${REF}/billing/addons`)) return undefined
        asked = body
        return jsonResponse({ ref: REF }, 201)
      })
      render(computeSettings())
      fireEvent.click(await screen.findByRole('radio', { name: /Micro/ }))
      fireEvent.click(screen.getByRole('button', { name: 'Change compute size' }))
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Move to Micro' }))
      await waitFor(() => expect(asked !== null || screen.queryByRole('alert') !== null).toBe(true))
      if (asked && screen.queryByRole('alert') === null) return JSON.stringify(asked) === JSON.stringify({ addon_type: 'compute_instance', addon_variant: 'ci_micro' })
      return (screen.getByRole('radio', { name: /Micro/ }) as HTMLInputElement).checked
    },
  },
]

export const PROJECT_SETTINGS_XSS_PLACES: XssPlace[] = [
  {
    // Members' emails, project names and addresses come back as the audit log recorded them.
    place: 'audit log (member, action, target, address)',
    render: (payloads) => {
      const client = testClient()
      client.setQueryData(queryKeys.organizations(), [ORGANIZATION])
      client.setQueryData(queryKeys.organizationAudit(ORGANIZATION.slug, '', ''), {
        retention_period: 168,
        result: payloads.map((payload, i) => ({
          id: `event-${i}`,
          occurred_at: '2026-11-29T10:00:00.000Z',
          action: { name: payload, metadata: [{ method: 'PATCH', route: payload, status: 200 }] },
          actor: { id: 'u1', metadata: [{ email: payload, ip: payload }] },
          target: { description: payload, metadata: { org_slug: ORGANIZATION.slug, project_ref: payload } },
        })),
      })
      return (
        <Providers client={client} path={`/org/${ORGANIZATION.slug}/audit`}>
          <Route path="/org/:slug/audit" component={AuditLogPage} />
        </Providers>
      )
    },
  },
  { place: 'database user and host (database settings: connection details)', batch: 1, render: ([user = '']) => databaseSettings(user, user) },
  { place: 'schema names (API settings: the schemas the API serves)', render: (payloads) => apiSettings(payloads, payloads.slice(0, 3)) },
  {
    place: 'project name (general settings and its restart confirmation)',
    batch: 1,
    render: ([name = '']) => generalSettings(name, 'Restart project'),
  },
  {
    place: 'project name (general settings: delete, typed to confirm)',
    batch: 1,
    render: ([name = '']) => generalSettings(name, 'Delete project'),
  },
]
