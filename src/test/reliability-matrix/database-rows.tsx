import { VAULT_SECRETS_TABLE } from '../../lib/sql/wrappers'
import type { ReactNode } from 'react'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { executeSql } from '../../api/queries/sql'
import { ColumnPrivilegesScreen } from '../../features/database/column-privileges/ColumnPrivilegesPage'
import { EnableExtensionDialog } from '../../features/database/extensions/ExtensionDialogs'
import { extensionRows } from '../../features/database/extensions/extension-list'
import { WebhookDialog } from '../../features/database/hooks/WebhookDialog'
import { SecretDialog } from '../../features/vault/SecretDialog'
import type { SecretFormValues } from '../../features/vault/secret-form'
import { CreateWrapperDialog } from '../../features/database/wrappers/CreateWrapperDialog'
import { emptyWrapperForm, type WrapperFormValues } from '../../features/database/wrappers/wrapper-form'
import { emptyWebhookForm, type WebhookFormValues } from '../../features/database/hooks/webhook-form'
import { CreateCronJobDialog } from '../../features/integrations/cron/cron-job-dialogs'
import { CreateEnumDialog, type EnumDraft } from '../../features/database/types/EnumTypeDialogs'
import { CreateIndexDialog, emptyIndexDraft, type IndexDraft } from '../../features/database/indexes/CreateIndexDialog'
import { CreateTriggerDialog, emptyTriggerDraft, type TriggerDraft } from '../../features/database/triggers/TriggerDialogs'
import { emptyRoleDraft, RoleDialog, type RoleDraft } from '../../features/database/roles/RoleDialogs'
import { emptyFunctionDraft, FunctionDialog, type FunctionDraft } from '../../features/database/functions/FunctionDialogs'
import { sampleTablePrivileges } from '../sample-records'
import { Providers, recordPgMeta, type WriteRow } from './harness'
import { ALL_PERMISSIONS, ORGANIZATION, REF, projectClient, projectScreen } from './screens'

/** The matrix's writes on the project's database (the database tools): each runs SQL through pg-meta. */


const runOnProject = (sql: string) => executeSql({ ref: REF, connectionString: 'encrypted:abc', query: sql })

/**
 * Renders a database tool's dialog (given how to run its SQL and a done callback), presses its
 * button and waits until it ran or the database refused (an alert in the dialog).
 */
async function submitDialog(dialogName: string, button: string, dialog: (onDone: () => void) => ReactNode, client = projectClient()) {
  let done = false
  render(<Providers client={client}>{dialog(() => (done = true))}</Providers>)
  const element = await screen.findByRole('dialog', { name: dialogName })
  return {
    element,
    submit: async () => {
      fireEvent.click(within(element).getByRole('button', { name: button }))
      await waitFor(() => expect(done || within(element).queryByRole('alert') !== null).toBe(true))
      return done
    },
  }
}

export const DATABASE_WRITE_ROWS: WriteRow[] = [
  {
    write: 'enable an extension (in a new schema)',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const client = projectClient()
      client.setQueryData(queryKeys.databaseSchemas(REF), [{ name: 'public' }, { name: 'extensions' }])
      const [trgm] = extensionRows([{ name: 'pg_trgm', default_version: '1.6', installed_version: null, schema: null, comment: null, fixed_schema: null, requires: [], installable: true }])
      const { element: dialog, submit } = await submitDialog(
        'Enable pg_trgm',
        'Enable extension',
        (onDone) => <EnableExtensionDialog projectRef={REF} connectionString="encrypted:abc" extension={trgm!} run={runOnProject} onDone={onDone} onClose={() => {}} />,
        client,
      )
      fireEvent.change(within(dialog).getByLabelText('Schema'), { target: { value: '\u0000new' } })
      fireEvent.change(within(dialog).getByLabelText('New schema name'), { target: { value: 'search tools' } })
      if (await submit()) return seen.sql.includes('with schema "search tools"')
      return (within(dialog).getByLabelText('New schema name') as HTMLInputElement).value === 'search tools'
    },
  },
  {
    write: 'column privileges (a column revoked past the table-level grant)',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const client = projectClient()
      client.setQueryData(queryKeys.projectDetail(REF), { ref: REF, name: 'Main app', organization_id: ORGANIZATION.id, connectionString: 'encrypted:abc' })
      client.setQueryData(queryKeys.organizations(), [ORGANIZATION])
      client.setQueryData(queryKeys.permissions(), ALL_PERMISSIONS)
      client.setQueryData(queryKeys.profile(), { disabled_features: [] })
      client.setQueryData(queryKeys.databaseRoles(REF), [{ name: 'anon' }])
      client.setQueryData(queryKeys.databaseRelations(REF), [{ schema: 'public', name: 'customers', kind: 'table' }])
      client.setQueryData(queryKeys.columnPrivileges(REF, 'anon', 'public', 'customers'), sampleTablePrivileges())
      render(projectScreen(ColumnPrivilegesScreen, client))
      fireEvent.click(await screen.findByRole('checkbox', { name: 'SELECT on email' }))
      fireEvent.click(screen.getByRole('button', { name: 'Revoke table-level SELECT and grant it on every other column' }))
      const dialog = await screen.findByRole('dialog', { name: 'Review 2 changes' })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Apply 2 changes' }))
      await waitFor(() => expect(!dialog.isConnected || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (!dialog.isConnected) return seen.sql.includes('revoke select on table "public"."customers" from "anon";') && seen.sql.includes('grant select ("id", "full_name")')
      // Refused: every box the user changed is still as they left it, ready to apply again.
      // (The open dialog hides the page from the accessibility tree.)
      const box = (name: string) => (screen.getByRole('checkbox', { name, hidden: true }) as HTMLInputElement).checked
      return !box('SELECT on email') && !box('SELECT on the whole table') && box('SELECT on full_name')
    },
  },
  {
    write: 'create an enumerated type',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const typed: EnumDraft = { name: 'Order "status"', values: 'new\nit’s paid\nshipped' }
      let draft = typed
      const { element: dialog, submit } = await submitDialog('Create a type in public', 'Create type', (onDone) => (
        <CreateEnumDialog schema="public" draft={draft} onDraft={(next) => (draft = next)} run={runOnProject} onDone={onDone} onClose={() => {}} />
      ))
      if (await submit()) return seen.sql.includes('"Order ""status"""') && seen.sql.includes("'it’s paid'")
      // Refused: the draft (the page's state) is as typed, and still on screen.
      return draft === typed && (within(dialog).getByLabelText('Values, one per line, in order') as HTMLTextAreaElement).value === typed.values
    },
  },
  {
    write: 'create an index',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const client = projectClient()
      client.setQueryData(queryKeys.tableEntities(REF), [{ id: 1, schema: 'public', name: 'orders', type: 'table', comment: null, estimated_rows: 0 }])
      const typed: IndexDraft = { ...emptyIndexDraft(), table: 'orders', expression: 'lower(notes)', name: 'orders by "notes"', predicate: 'notes is not null' }
      let draft = typed
      const { element: dialog, submit } = await submitDialog(
        'Create an index in public',
        'Create index',
        (onDone) => <CreateIndexDialog projectRef={REF} connectionString="encrypted:abc" schema="public" draft={draft} onDraft={(next) => (draft = next)} run={runOnProject} onDone={onDone} onClose={() => {}} />,
        client,
      )
      if (await submit()) return seen.sql.includes('"orders by ""notes"""') && seen.sql.includes('where notes is not null')
      return draft === typed && (within(dialog).getByLabelText('Or an expression (instead of columns)') as HTMLInputElement).value === typed.expression
    },
  },
  {
    write: 'create a trigger',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const client = projectClient()
      client.setQueryData(queryKeys.tableEntities(REF), [{ id: 1, schema: 'public', name: 'orders', type: 'table', comment: null, estimated_rows: 0 }])
      const typed: TriggerDraft = { ...emptyTriggerDraft(), name: 'stamp "it"', table: 'orders', condition: 'new.a <> old.a', functionSchema: 'public', functionName: 'touch' }
      let draft = typed
      const { element: dialog, submit } = await submitDialog(
        'Create a trigger in public',
        'Create trigger',
        (onDone) => <CreateTriggerDialog projectRef={REF} connectionString="encrypted:abc" schema="public" draft={draft} onDraft={(next) => (draft = next)} onNewFunction={() => {}} run={runOnProject} onDone={onDone} onClose={() => {}} />,
        client,
      )
      if (await submit()) return seen.sql.includes('"stamp ""it"""') && seen.sql.includes('when (new.a <> old.a)')
      return draft === typed && (within(dialog).getByLabelText('Only when (optional, per row)') as HTMLInputElement).value === typed.condition
    },
  },
  {
    write: 'create a function',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const typed: FunctionDraft = { ...emptyFunctionDraft(), name: 'touch "it"', arguments: 'since timestamptz', returns: 'integer', body: 'begin\n  return 1; -- it’s typed\nend;' }
      let draft = typed
      const { element: dialog, submit } = await submitDialog('Create a function in public', 'Create function', (onDone) => (
        <FunctionDialog schema="public" draft={draft} onDraft={(next) => (draft = next)} editing={false} run={runOnProject} onDone={onDone} onClose={() => {}} />
      ))
      if (await submit()) return seen.sql.includes('"touch ""it"""') && seen.sql.includes('it’s typed')
      // Refused: the draft (the page's state, the body with it) is as typed, and still on screen.
      return draft === typed && (within(dialog).getByLabelText('Arguments') as HTMLInputElement).value === typed.arguments
    },
  },
  {
    write: 'create a role (with a password)',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const typed: RoleDraft = { ...emptyRoleDraft(), name: 'report "reader"', canLogin: true, password: 'pa55 word', memberOf: ['authenticated'] }
      let draft = typed
      const { element: dialog, submit } = await submitDialog('Create a role', 'Create role', (onDone) => (
        <RoleDialog draft={draft} onDraft={(next) => (draft = next)} editing={null} groups={['authenticated']} run={runOnProject} onDone={onDone} onClose={() => {}} />
      ))
      // The statement on screen never holds the password; the one that runs does.
      if (within(dialog).getByRole('region', { name: 'SQL to run' }).textContent?.includes('pa55 word')) return false
      if (await submit()) return seen.sql.includes(`password 'pa55 word'`) && seen.sql.includes('"report ""reader"""')
      return draft === typed && (within(dialog).getByLabelText('Password') as HTMLInputElement).value === typed.password
    },
  },
  {
    write: 'create a database webhook',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const client = projectClient()
      client.setQueryData(queryKeys.tableEntities(REF), [{ id: 1, schema: 'public', name: 'orders', type: 'table', comment: null, estimated_rows: 0 }])
      const typed: WebhookFormValues = {
        ...emptyWebhookForm('public', 'orders'),
        name: 'order placed',
        url: 'https://example.com/hook',
        headers: 'Content-Type: application/json\nAuthorization: Bearer s3cret',
      }
      let values = typed
      const { element: dialog, submit } = await submitDialog(
        'Create a database webhook',
        'Create webhook',
        (onDone) => (
          <WebhookDialog projectRef={REF} connectionString="encrypted:abc" values={values} onChange={(next) => (values = next)} run={runOnProject} onDone={onDone} onClose={() => {}} />
        ),
        client,
      )
      if (await submit()) return seen.sql.includes('Bearer s3cret') && seen.sql.includes('"order placed"')
      // Refused: the form (the caller's state) is as typed, and still on screen.
      return values === typed && (within(dialog).getByLabelText('HTTP headers') as HTMLTextAreaElement).value === typed.headers
    },
  },
  {
    write: 'connect a service (wrapper with a secret)',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const blank = emptyWrapperForm()
      const typed: WrapperFormValues = { ...blank, wrapperName: 'stripe_billing', options: Object.assign(Object.create(null) as Record<string, string>, blank.options, { api_key: 'sk_test_typed' }) }
      let values = typed
      const { element: dialog, submit } = await submitDialog('Connect a service with a wrapper', 'Create wrapper', (onDone) => (
        <CreateWrapperDialog existing={[]} secretsTable={VAULT_SECRETS_TABLE} values={values} onChange={(next) => (values = next)} run={runOnProject} onDone={onDone} onClose={() => {}} />
      ))
      // Sent: the secret itself went to the database (the preview only masks it).
      if (await submit()) return seen.sql.includes("'sk_test_typed'") && seen.sql.includes('"stripe_billing"')
      return values === typed && (within(dialog).getByLabelText('Stripe secret key') as HTMLInputElement).value === 'sk_test_typed'
    },
  },
  {
    write: 'add a vault secret',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const typed: SecretFormValues = { name: 'stripe key', description: 'Billing', secret: 'sk_test_typed' }
      let values = typed
      const { element: dialog, submit } = await submitDialog('Add a secret', 'Add secret', (onDone) => (
        <SecretDialog editing={null} others={[]} values={values} onChange={(next) => (values = next)} run={runOnProject} onDone={onDone} onClose={() => {}} />
      ))
      // Sent: the value itself went to vault.create_secret (the preview only masks it).
      if (await submit()) return seen.sql.includes("vault.create_secret('sk_test_typed', 'stripe key', 'Billing')")
      return values === typed && (within(dialog).getByLabelText('Value') as HTMLInputElement).value === 'sk_test_typed'
    },
  },
  {
    write: 'create a cron job',
    run: async (fault, stub) => {
      const seen = recordPgMeta(fault, stub)
      const { element: dialog, submit } = await submitDialog('Create a cron job', 'Create job', (onDone) => (
        <CreateCronJobDialog
          open
          projectRef={REF}
          connectionString="encrypted:abc"
          facts={{ takenNames: [], restUrl: null }}
          pgNet
          onEnablePgNet={async () => {}}
          run={runOnProject}
          onSaved={onDone}
          onClose={() => {}}
        />
      ))
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'nightly cleanup' } })
      fireEvent.change(within(dialog).getByLabelText('Schedule'), { target: { value: '0 3 * * *' } })
      fireEvent.change(within(dialog).getByLabelText('SQL'), { target: { value: "delete from public.sessions where note = 'it''s old'" } })
      if (await submit()) return seen.sql.includes(`select cron.schedule('0 3 * * *', 'delete from public.sessions where note = ''it''''s old''');`) && seen.sql.includes(`jobname = 'nightly cleanup'`)
      // Refused: the form (the machine's, kept by the screen) is as typed, and still on screen.
      return (within(dialog).getByLabelText('Name') as HTMLInputElement).value === 'nightly cleanup' && (within(dialog).getByLabelText('SQL') as HTMLTextAreaElement).value.includes("'it''s old'")
    },
  },
]
