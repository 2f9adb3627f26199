import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { runSql, signIn } from './fixtures'
import { KEPT_REF, expect, test } from './kept-world'

const diagram = (page: Page) => page.getByRole('application', { name: 'Tables of public and their links' })

async function downloaded(page: Page, item: string): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menuitem', { name: item }).click()
  const file = await download
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') }
}

test('the schema diagram: a table made in the SQL editor appears with its key, a dragged card stays through a reload, exports, and a card opens its table', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${KEPT_REF}/database/schemas` })
  const customers = diagram(page).getByRole('group', { name: 'Table customers' })
  await expect(customers).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('4 relations, 2 links, 1 to other schemas')).toBeVisible()

  // Made in the SQL editor, seen at once on the diagram the screen had read before (no wait for staleness).
  await page.getByRole('link', { name: 'SQL editor' }).click()
  await runSql(page, 'create table public."Shipment notes" (id bigint primary key, order_id uuid references public.orders (id), note text)')
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('Success')
  await page.getByRole('link', { name: 'Database', exact: true }).click()
  const notes = diagram(page).getByRole('group', { name: 'Table Shipment notes' })
  await expect(notes).toBeVisible()
  await expect(page.getByText('5 relations, 3 links, 1 to other schemas')).toBeVisible()
  await expect(diagram(page).getByRole('img', { name: 'Shipment notes.order_id references orders.id' })).toBeAttached()

  // Search: a name nobody has is said; a table's name centres it, chosen.
  const find = page.getByRole('combobox', { name: 'Find a table' })
  await find.fill('nothing here')
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'No table in public is called “nothing here”.' })).toBeVisible()
  await find.fill('shipment')
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(notes).toHaveClass(/selected/)
  const canvas = (await diagram(page).boundingBox())!
  await expect.poll(async () => {
    const card = (await notes.boundingBox())!
    return Math.abs(card.x + card.width / 2 - (canvas.x + canvas.width / 2))
  }).toBeLessThan(20)

  // Dragged by its header, the card stays where it was left, through a reload.
  const before = (await notes.boundingBox())!
  await page.mouse.move(before.x + before.width - 30, before.y + 20)
  await page.mouse.down()
  await page.mouse.move(before.x + before.width - 30, before.y + 140, { steps: 8 })
  await page.mouse.up()
  const moved = (await notes.boundingBox())!
  expect(moved.y - before.y).toBeGreaterThan(60)
  await expect(page.getByRole('button', { name: 'Reset layout' })).toBeEnabled()
  const kept = await page.evaluate((key) => localStorage.getItem(key), `studio.schema-diagram.${KEPT_REF}`)
  expect(JSON.parse(kept!).public['Shipment notes']).toHaveLength(2)
  await page.reload()
  await expect(diagram(page).getByRole('group', { name: 'Table Shipment notes' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('button', { name: 'Reset layout' })).toBeEnabled()

  // Zoomed out past reading size, the cards show their names only (the lines meet their headers); fitted again, their columns.
  const columns = diagram(page).getByRole('list', { name: 'Columns of Shipment notes' })
  await expect(columns).toBeVisible()
  // Each click eases over 200 ms, and a click during the easing starts from where it is: click until small enough.
  await expect(async () => {
    await page.getByRole('button', { name: 'Zoom out' }).click()
    await expect(columns).toBeHidden({ timeout: 400 })
  }).toPass({ timeout: 20_000 })
  await expect(diagram(page).getByRole('group', { name: 'Table Shipment notes' }).getByRole('link', { name: 'Shipment notes' })).toBeVisible()
  await expect(diagram(page).getByRole('img', { name: 'Shipment notes.order_id references orders.id' })).toBeAttached()
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await expect(columns).toBeVisible()

  // Exports: the drawing as SVG, and the SQL that makes the schema (the new table and its key in it).
  const svg = await downloaded(page, 'Image (SVG)')
  expect(svg.name).toBe('schema-public.svg')
  expect(svg.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
  expect(svg.text).toContain('>Shipment notes</text>')
  const sql = await downloaded(page, 'SQL that makes the schema')
  expect(sql.name).toBe('schema-public.sql')
  expect(sql.text).toContain('create table "public"."Shipment notes" (')
  expect(sql.text).toContain('alter table "public"."Shipment notes" add constraint "Shipment notes_order_id_fkey" foreign key ("order_id") references "public"."orders" ("id");')
  const png = await downloaded(page, 'Image (PNG)')
  expect(png.name).toBe('schema-public.png')

  // Another schema; then a card's name opens its table in the table editor.
  await page.getByLabel('Schema', { exact: true }).selectOption('inventory')
  await expect(page).toHaveURL(/\/database\/schemas\?schema=inventory$/)
  await page.getByRole('application', { name: 'Tables of inventory and their links' }).getByRole('link', { name: 'warehouses', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('inventory.warehouses')
})

test('a schema of 120 tables, fitted, is drawn on one canvas (no card or line in the page); a table found by name is a card again, its lines drawn under it', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${KEPT_REF}/sql/new` })
  // Each table after the first points at an earlier one, as real schemas do.
  await runSql(
    page,
    `create schema wide;
do $$ begin
  for i in 1..120 loop
    execute format('create table wide.%I (id bigint primary key, parent_id bigint %s, note text)', 'part_' || lpad(i::text, 3, '0'),
      case when i > 1 then format('references wide.%I (id)', 'part_' || lpad((1 + (i * 7) % (i - 1))::text, 3, '0')) else '' end);
  end loop;
end $$;`,
  )
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toContainText('Success')
  await page.goto(`/project/${KEPT_REF}/database/schemas?schema=wide`)
  const drawing = page.getByRole('img', { name: '120 relations of wide, drawn small: zoom in, or find one by name, to read and open them' })
  await expect(drawing).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('120 relations, 119 links')).toBeVisible()
  await expect(page.locator('.react-flow__node, .react-flow__edge')).toHaveCount(0)
  // Drawn, not blank: the canvas holds more than one colour.
  await expect
    .poll(() =>
      drawing.evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
        const colours = new Set<number>()
        for (let i = 0; i < pixels.length && colours.size < 3; i += 4 * 97) colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!)
        return colours.size
      }),
    )
    .toBeGreaterThan(1)

  await page.getByRole('combobox', { name: 'Find a table' }).fill('part_042')
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  const card = page.getByRole('application', { name: 'Tables of wide and their links' }).getByRole('group', { name: 'Table part_042' })
  await expect(card).toBeVisible()
  await expect(card).toHaveClass(/selected/)
  await expect(drawing).toBeHidden()
  // At reading size a large schema's lines are a picture under the cards, and each key's row says where it points.
  await expect(page.locator('.react-flow__edge')).toHaveCount(0)
  await expect(page.locator('.react-flow canvas[aria-hidden="true"]')).toHaveCount(1)
  await expect(card.getByRole('list', { name: 'Columns of part_042' })).toContainText('foreign key to part_008.id')
  await page.getByRole('button', { name: 'Fit', exact: true }).click()
  await expect(drawing).toBeVisible()
})
