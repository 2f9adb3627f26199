import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import axe, { type AxeResults, type NodeResult, type RunOptions } from 'axe-core'

/** The palettes a theme resolves to: 'system' is light or dark by the device's setting, so three cover all four. */
const PALETTES = ['light', 'dark', 'classic-dark'] as const

/**
 * axe-core reports a grid's child that a row re-parents with `aria-owns` as a child of the grid
 * (dequelabs/axe-core#4048, open): the table editor's sticky gutter cells are owned by their rows.
 * Such a finding is dropped only when every child it names is in fact owned by another element.
 */
async function ownedElsewhere(page: Page, node: NodeResult): Promise<boolean> {
  const related = [...node.any, ...node.all, ...node.none].flatMap((check) => check.relatedNodes ?? []).map((relatedNode) => relatedNode.target.join(' '))
  if (related.length === 0) return false
  return page.evaluate(
    (selectors) =>
      selectors.every((selector) => {
        const element = document.querySelector(selector)
        return !!element?.id && !!document.querySelector(`[aria-owns~="${CSS.escape(element.id)}"]`)
      }),
    related,
  )
}

/**
 * One axe-core run on the page as it stands. axe is put into the document once and run there:
 * AxeBuilder injects it again on every run and carries every passing node back, which took 0.6 to
 * 1.4 s a run on the billing page against 0.15 to 0.2 s here. A page with frames goes through
 * AxeBuilder, which reaches into them.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page, axeSource: axe.source }).options(options).analyze()
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate((runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions), { ...options, resultTypes: ['violations'] } as RunOptions)
}

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe-core on the page as it stands, in every palette: no serious or critical violation of WCAG 2.1
 * A/AA, the label-in-name rule included (an accessible name must contain the visible text).
 */
export async function expectAccessible(page: Page, where: string) {
  const before = await page.evaluate(() => {
    // Colours must be read settled, not halfway through a transition.
    const style = document.createElement('style')
    style.id = 'axe-no-motion'
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }'
    document.head.append(style)
    return document.documentElement.dataset.theme ?? null
  })
  for (const [index, palette] of PALETTES.entries()) {
    await page.evaluate((theme) => (document.documentElement.dataset.theme = theme), palette)
    // Every rule once; in the other palettes only what a palette can change: the contrast.
    const result = await runAxe(
      page,
      index === 0
        ? { runOnly: { type: 'tag', values: WCAG_21_AA }, rules: { 'label-content-name-mismatch': { enabled: true } } }
        : { runOnly: { type: 'rule', values: ['color-contrast'] } },
    )
    const serious: string[] = []
    for (const violation of result.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue
      const nodes: string[] = []
      for (const node of violation.nodes) {
        if (violation.id === 'aria-required-children' && (await ownedElsewhere(page, node))) continue
        nodes.push(node.target.join(' '))
      }
      if (nodes.length > 0) serious.push(`${violation.id}: ${nodes.join(', ')}`)
    }
    expect(serious, `${where}, ${palette} palette`).toEqual([])
  }
  await page.evaluate((theme) => {
    document.getElementById('axe-no-motion')?.remove()
    if (theme) document.documentElement.dataset.theme = theme
  }, before)
}
