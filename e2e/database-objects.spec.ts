import type { Page } from '@playwright/test'
import { runSql, signIn } from './fixtures'
import { KEPT_REF, expect, test } from './kept-world'

const database = (page: Page) => page.getByRole('navigation', { name: 'Database' })

/** Runs the open dialog's statement and waits until it closed (the change made). */
async function runDialog(page: Page, name: string, button: string) {
  const dialog = page.getByRole('dialog', { name })
  await dialog.getByRole('button', { name: button, exact: true }).click()
  await expect(dialog).toBeHidden()
}

test('the database objects, made through their screens: an enum, a trigger with a new trigger function (its body in the editor), an index, a role; the function and trigger work; a table’s columns open in its structure', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${KEPT_REF}/database/types` })
  await expect(page.getByRole('list', { name: 'Values of order_status' })).toBeVisible({ timeout: 60_000 })

  // An enum, its values one per line.
  await page.getByRole('button', { name: 'Create type' }).click()
  const typeDialog = page.getByRole('dialog', { name: 'Create a type in public' })
  await typeDialog.getByRole('textbox', { name: 'Name' }).fill('shipment_state')
  await typeDialog.getByLabel('Values, one per line, in order').fill('packed\nshipped')
  await expect(typeDialog.getByRole('region', { name: 'SQL to run' })).toContainText(`create type "public"."shipment_state" as enum ('packed', 'shipped');`)
  await runDialog(page, 'Create a type in public', 'Create type')
  await expect(page.getByRole('list', { name: 'Values of shipment_state' }).getByRole('listitem')).toHaveText(['packed', 'shipped'])

  // A trigger on orders, with a new trigger function written on the way (its body typed in the editor).
  await database(page).getByRole('link', { name: 'Triggers' }).click()
  await page.getByRole('button', { name: 'Create trigger' }).click()
  let triggerDialog = page.getByRole('dialog', { name: 'Create a trigger in public' })
  await triggerDialog.getByRole('textbox', { name: 'Name' }).fill('orders_notes_default')
  await triggerDialog.getByLabel('Table').selectOption('orders')
  await triggerDialog.getByRole('checkbox', { name: 'insert' }).check()
  await triggerDialog.getByRole('checkbox', { name: 'update' }).uncheck()
  await triggerDialog.getByRole('button', { name: 'Write a new trigger function' }).click()
  const fnDialog = page.getByRole('dialog', { name: 'Create a function in public' })
  await fnDialog.getByRole('textbox', { name: 'Name' }).fill('default_notes')
  await expect(fnDialog.getByRole('combobox', { name: 'Returns' })).toHaveValue('trigger')
  await fnDialog.locator('.monaco-editor').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.insertText("begin\n  new.notes := coalesce(new.notes, 'no notes');\n  return new;\nend;")
  await expect(fnDialog.getByRole('region', { name: 'SQL to run' })).toContainText("new.notes := coalesce(new.notes, 'no notes');")
  await runDialog(page, 'Create a function in public', 'Create function')
  // Back in the trigger, as typed, now running the new function.
  triggerDialog = page.getByRole('dialog', { name: 'Create a trigger in public' })
  await expect(triggerDialog.getByRole('textbox', { name: 'Name' })).toHaveValue('orders_notes_default')
  await expect(triggerDialog.getByRole('region', { name: 'SQL to run' })).toContainText('before insert on "public"."orders"\nfor each row\nexecute function "public"."default_notes"();')
  await runDialog(page, 'Create a trigger in public', 'Create trigger')
  const row = page.getByRole('row').filter({ hasText: 'orders_notes_default' })
  await expect(row).toContainText('before insert, for each row')
  await expect(row.getByRole('switch', { name: 'orders_notes_default enabled' })).toBeChecked()

  // An index on two columns, in the order ticked.
  await database(page).getByRole('link', { name: 'Indexes' }).click()
  await page.getByRole('button', { name: 'Create index' }).click()
  const indexDialog = page.getByRole('dialog', { name: 'Create an index in public' })
  await indexDialog.getByLabel('Table').selectOption('orders')
  await indexDialog.getByRole('checkbox', { name: 'status' }).check()
  await indexDialog.getByRole('checkbox', { name: 'placed_at' }).check()
  await expect(indexDialog.getByRole('region', { name: 'SQL to run' })).toContainText('create index "orders_status_placed_at_idx" on "public"."orders" using btree ("status", "placed_at");')
  await runDialog(page, 'Create an index in public', 'Create index')
  await expect(page.getByRole('table', { name: 'Indexes of public' }).getByText('orders_status_placed_at_idx')).toBeVisible()

  // A role that logs in, a member of authenticated; its password never shown in the statement.
  await database(page).getByRole('link', { name: 'Roles' }).click()
  await page.getByRole('button', { name: 'Create role' }).click()
  const roleDialog = page.getByRole('dialog', { name: 'Create a role' })
  await roleDialog.getByRole('textbox', { name: 'Name' }).fill('report_reader')
  await roleDialog.getByRole('checkbox', { name: /Can log in/ }).check()
  await roleDialog.getByLabel('Password', { exact: true }).fill('s3cret pass')
  await roleDialog.getByRole('checkbox', { name: 'authenticated', exact: true }).check()
  await expect(roleDialog.getByRole('region', { name: 'SQL to run' })).toContainText('(the password, kept secret)')
  await expect(roleDialog.getByRole('region', { name: 'SQL to run' })).not.toContainText('s3cret')
  await runDialog(page, 'Create a role', 'Create role')
  await expect(page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: 'report_reader' })).toContainText('authenticated')

  // The function lists, and the trigger works on the real database.
  await database(page).getByRole('link', { name: 'Functions' }).click()
  await expect(page.getByRole('table', { name: 'Functions of public' }).getByRole('row').filter({ hasText: 'default_notes' })).toContainText('trigger')
  await page.getByRole('link', { name: 'SQL editor' }).click()
  await runSql(page, "insert into public.orders (customer_id, total) select id, 5 from public.customers limit 1 returning notes, status")
  await expect(page.getByRole('gridcell', { name: 'no notes' })).toBeVisible()

  // The Tables screen: a table's columns open in the table editor's structure.
  await page.getByRole('link', { name: 'Database', exact: true }).click()
  await database(page).getByRole('link', { name: 'Tables', exact: true }).click()
  await page.getByRole('table', { name: 'Tables of public' }).getByRole('link', { name: /columns of orders$/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.orders')
  await expect(page.getByRole('tab', { name: 'Structure' })).toHaveAttribute('aria-selected', 'true')
})
