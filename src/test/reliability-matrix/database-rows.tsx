import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { executeSql } from '../../api/queries/sql'
import type { RelationPrivileges } from '../../api/schemas'
import { ColumnPrivilegesScreen } from '../../features/database/column-privileges/ColumnPrivilegesPage'
import { EnableExtensionDialog } from '../../features/database/extensions/ExtensionDialogs'
import { extensionRows } from '../../features/database/extensions/extension-list'
import { WebhookDialog } from '../../features/database/hooks/WebhookDialog'
import { CreateWrapperDialog } from '../../features/database/wrappers/CreateWrapperDialog'
import { emptyWrapperForm, type WrapperFormValues } from '../../features/database/wrappers/wrapper-form'
import { emptyWebhookForm, type WebhookFormValues } from '../../features/database/hooks/webhook-form'
import { Providers, jsonResponse, type WriteRow } from './harness'
import { ALL_PERMISSIONS, ORGANIZATION, REF, projectClient } from './screens'

/** The matrix's writes on the project's database (the database tools): each runs SQL through pg-meta. */

const ALL = ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] as const
// The platform's default on a public table: everything granted on the whole table.
const CUSTOMERS: RelationPrivileges = {
  kind: 'table',
  schema_usage: true,
  table_privileges: ['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE'],
  columns: ['id', 'email', 'full_name'].map((name) => ({ name, type: 'text', column_privileges: [], effective: [...ALL] })),
}

export const DATABASE_WRITE_ROWS: WriteRow[] = [
  {
    write: 'enable an extension (in a new schema)',
    run: async (fault, stub) => {
      let ran = ''
      stub(fault, (request, body) => {
        if (!request.url.includes('/pg-meta/')) return undefined
        ran = String((body as { query?: string }).query ?? '')
        return jsonResponse([])
      })
      const client = projectClient()
      client.setQueryData(queryKeys.databaseSchemas(REF), [{ name: 'public' }, { name: 'extensions' }])
      const [trgm] = extensionRows([{ name: 'pg_trgm', default_version: '1.6', installed_version: null, schema: null, comment: null, fixed_schema: null, requires: [] }])
      let done = false
      render(
        <Providers client={client}>
          <EnableExtensionDialog
            projectRef={REF}
            connectionString="encrypted:abc"
            extension={trgm!}
            run={(sql) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql })}
            onDone={() => (done = true)}
            onClose={() => {}}
          />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Enable pg_trgm' })
      fireEvent.change(within(dialog).getByLabelText('Schema'), { target: { value: '\u0000new' } })
      fireEvent.change(within(dialog).getByLabelText('New schema name'), { target: { value: 'search tools' } })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enable extension' }))
      await waitFor(() => expect(done || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (done) return ran.includes('with schema "search tools"')
      return (within(dialog).getByLabelText('New schema name') as HTMLInputElement).value === 'search tools'
    },
  },
  {
    write: 'column privileges (a column revoked past the table-level grant)',
    run: async (fault, stub) => {
      let ran = ''
      stub(fault, (request, body) => {
        if (!request.url.includes('/pg-meta/')) return undefined
        ran = String((body as { query?: string }).query ?? '')
        return jsonResponse([])
      })
      const client = projectClient()
      client.setQueryData(queryKeys.projectDetail(REF), { ref: REF, name: 'Main app', organization_id: ORGANIZATION.id, connectionString: 'encrypted:abc' })
      client.setQueryData(queryKeys.organizations(), [ORGANIZATION])
      client.setQueryData(queryKeys.permissions(), ALL_PERMISSIONS)
      client.setQueryData(queryKeys.profile(), { disabled_features: [] })
      client.setQueryData(queryKeys.databaseRoles(REF), [{ name: 'anon' }])
      client.setQueryData(queryKeys.databaseRelations(REF), [{ schema: 'public', name: 'customers', kind: 'table' }])
      client.setQueryData(queryKeys.columnPrivileges(REF, 'anon', 'public', 'customers'), CUSTOMERS)
      render(
        <Providers client={client}>
          <ColumnPrivilegesScreen projectRef={REF} />
        </Providers>,
      )
      fireEvent.click(await screen.findByRole('checkbox', { name: 'SELECT on email' }))
      fireEvent.click(screen.getByRole('button', { name: 'Revoke table-level SELECT and grant it on every other column' }))
      const dialog = await screen.findByRole('dialog', { name: 'Review 2 changes' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Apply 2 changes' }))
      await waitFor(() => expect(!dialog.isConnected || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (!dialog.isConnected) return ran.includes('revoke select on table "public"."customers" from "anon";') && ran.includes('grant select ("id", "full_name")')
      // Refused: every box the user changed is still as they left it, ready to apply again.
      // (The open dialog hides the page from the accessibility tree.)
      const box = (name: string) => (screen.getByRole('checkbox', { name, hidden: true }) as HTMLInputElement).checked
      return !box('SELECT on email') && !box('SELECT on the whole table') && box('SELECT on full_name')
    },
  },
  {
    write: 'create a database webhook',
    run: async (fault, stub) => {
      let ran = ''
      stub(fault, (request, body) => {
        if (!request.url.includes('/pg-meta/')) return undefined
        ran = String((body as { query?: string }).query ?? '')
        return jsonResponse([])
      })
      const client = projectClient()
      client.setQueryData(queryKeys.tableEntities(REF), [{ id: 1, schema: 'public', name: 'orders', type: 'table', comment: null, estimated_rows: 0 }])
      const typed: WebhookFormValues = {
        ...emptyWebhookForm('public', 'orders'),
        name: 'order placed',
        url: 'https://example.com/hook',
        headers: 'Content-Type: application/json\nAuthorization: Bearer s3cret',
      }
      let values = typed
      let done = false
      render(
        <Providers client={client}>
          <WebhookDialog
            projectRef={REF}
            connectionString="encrypted:abc"
            values={values}
            onChange={(next) => (values = next)}
            run={(sql) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql })}
            onDone={() => (done = true)}
            onClose={() => {}}
          />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Create a database webhook' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }))
      await waitFor(() => expect(done || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (done) return ran.includes('Bearer s3cret') && ran.includes('"order placed"')
      // Refused: the form (the caller's state) is as typed, and still on screen.
      return values === typed && (within(dialog).getByLabelText('HTTP headers') as HTMLTextAreaElement).value === typed.headers
    },
  },
  {
    write: 'connect a service (wrapper with a secret)',
    run: async (fault, stub) => {
      let ran = ''
      stub(fault, (request, body) => {
        if (!request.url.includes('/pg-meta/')) return undefined
        ran = String((body as { query?: string }).query ?? '')
        return jsonResponse([])
      })
      const blank = emptyWrapperForm()
      const typed: WrapperFormValues = { ...blank, wrapperName: 'stripe_billing', options: Object.assign(Object.create(null) as Record<string, string>, blank.options, { api_key: 'sk_test_typed' }) }
      let values = typed
      let done = false
      render(
        <Providers client={projectClient()}>
          <CreateWrapperDialog
            existing={[]}
            values={values}
            onChange={(next) => (values = next)}
            run={(sql) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql })}
            onDone={() => (done = true)}
            onClose={() => {}}
          />
        </Providers>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'Connect a service with a wrapper' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create wrapper' }))
      await waitFor(() => expect(done || within(dialog).queryByRole('alert') !== null).toBe(true))
      // Sent: the secret itself went to the database (the preview only masks it).
      if (done) return ran.includes("'sk_test_typed'") && ran.includes('"stripe_billing"')
      return values === typed && (within(dialog).getByLabelText('Stripe secret key') as HTMLInputElement).value === 'sk_test_typed'
    },
  },
]
