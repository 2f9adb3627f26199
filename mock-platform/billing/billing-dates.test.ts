import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, UPCOMING_INVOICE_API_VERSION } from '../../src/constants'
import { formatBillingDate, formatBillingUnixDate } from '../../src/lib/billing-date'
import { tokenWithSecondFactor, useNodeMockPlatform } from '../testing'

// Billing dates follow the platform's clock (ctx.clockOffset moves it, as the auth tests do), never a
// date fixed when the fixtures were drawn: the cycle holds today, invoices close past cycles.
const platform = useNodeMockPlatform()

interface Invoice {
  number: string
  status: string
  period_end: number
}

/**
 * Moves the platform's clock to `now`, signs in there (with a second factor: Secure Bank, which
 * requires one, is among every organization), and reads the answers as JSON.
 */
async function platformAt(now: number) {
  platform.mock.platform.ctx.clockOffset = now - Date.now()
  const access_token = await tokenWithSecondFactor(platform.mock.platform.ctx, DEMO_CREDENTIALS.email)
  return async <T>(path: string): Promise<T> => {
    const headers = { authorization: `Bearer ${access_token}`, version: UPCOMING_INVOICE_API_VERSION }
    const answer = await platform.call(path, { headers }, false)
    expect(answer.status, path).toBe(200)
    return (await answer.json()) as T
  }
}

const subscriptionOf = (read: Awaited<ReturnType<typeof platformAt>>, slug: string) =>
  read<{ current_period_start: number; current_period_end: number; next_invoice_at: number }>(`/platform/organizations/${slug}/billing/subscription`)
const invoicesOf = (read: Awaited<ReturnType<typeof platformAt>>, slug: string) => read<Invoice[]>(`/platform/organizations/${slug}/billing/invoices?limit=100`)
const sequenceOf = (invoice: Invoice) => Number(/(\d+)$/.exec(invoice.number)![1])
const billingDay = (seconds: number) => formatBillingUnixDate(seconds)

/** Today on the two clocks: the reported day, and a month's last day late in the evening. */
const CLOCKS = [
  {
    label: '2026-11-28 13:16 UTC',
    now: Date.UTC(2026, 10, 28, 13, 16),
    acme: { cycle: ['10 Nov, 2026', '10 Dec, 2026'], invoiceEnds: ['10 Nov, 2026', '10 Oct, 2026', '10 Sep, 2026', '10 Aug, 2026', '10 Jul, 2026', '10 Jun, 2026'] },
    // Globex renews on the 28th: its cycle began at midnight today, so the invoice of the one before is already out.
    globex: { cycle: ['28 Nov, 2026', '28 Dec, 2026'], newestInvoiceEnd: '28 Nov, 2026' },
  },
  {
    label: '2027-01-31 23:30 UTC',
    now: Date.UTC(2027, 0, 31, 23, 30),
    acme: { cycle: ['10 Jan, 2027', '10 Feb, 2027'], invoiceEnds: ['10 Jan, 2027', '10 Dec, 2026', '10 Nov, 2026', '10 Oct, 2026', '10 Sep, 2026', '10 Aug, 2026'] },
    globex: { cycle: ['28 Jan, 2027', '28 Feb, 2027'], newestInvoiceEnd: '28 Jan, 2027' },
  },
]

describe.each(CLOCKS)('billing dates at $label', ({ now, acme, globex }) => {
  it('Acme Corp: the cycle holds today, the next invoice closes it, invoices close the cycles before, numbered up with the dates', async () => {
    const read = await platformAt(now)
    const subscription = await subscriptionOf(read, 'acme-corp')
    expect([billingDay(subscription.current_period_start), billingDay(subscription.current_period_end)]).toEqual(acme.cycle)
    expect(subscription.next_invoice_at).toBe(subscription.current_period_end)

    const invoices = await invoicesOf(read, 'acme-corp')
    expect(invoices.map((i) => billingDay(i.period_end))).toEqual(acme.invoiceEnds)
    expect(invoices.map((i) => i.number)).toEqual(['ACME-1005', 'ACME-1004', 'ACME-1003', 'ACME-1002', 'ACME-1001', 'ACME-1000'])
    // The last ended cycle's invoice awaits payment; Acme is in good standing, so the ones before are paid.
    expect(invoices.map((i) => i.status)).toEqual(['open', 'paid', 'paid', 'paid', 'paid', 'paid'])

    const upcoming = await read<{ billing_cycle_start: string; billing_cycle_end: string; lines: { period: { start: string; end: string } }[] }>(
      '/platform/organizations/acme-corp/billing/invoices/upcoming',
    )
    expect([formatBillingDate(upcoming.billing_cycle_start), formatBillingDate(upcoming.billing_cycle_end)]).toEqual(acme.cycle)
    // The usage lines (and every other) belong to the running cycle.
    for (const line of upcoming.lines) expect(line.period).toEqual({ start: upcoming.billing_cycle_start, end: upcoming.billing_cycle_end })
  })

  it('a cycle that began today (Globex, on the 28th) holds today; its newest invoice closed at midnight', async () => {
    const read = await platformAt(now)
    const subscription = await subscriptionOf(read, 'globex')
    expect([billingDay(subscription.current_period_start), billingDay(subscription.current_period_end)]).toEqual(globex.cycle)
    const [newest] = await invoicesOf(read, 'globex')
    expect(billingDay(newest!.period_end)).toBe(globex.newestInvoiceEnd)
  })

  it('every organization: cycle holds today, one invoice per past cycle, newest the last ended one, none in the future, numbers rise with dates', async () => {
    const read = await platformAt(now)
    const organizations = await read<{ id: number; slug: string }[]>('/platform/organizations')
    const overdue = await read<{ organization_id: number; overdue_invoice_count: number }[]>('/platform/stripe/invoices/overdue')
    for (const { id, slug } of organizations) {
      const subscription = await subscriptionOf(read, slug)
      expect(subscription.current_period_start * 1000, slug).toBeLessThanOrEqual(now)
      expect(subscription.current_period_end * 1000, slug).toBeGreaterThan(now)
      expect(subscription.next_invoice_at, slug).toBe(subscription.current_period_end)

      const invoices = await invoicesOf(read, slug)
      if (invoices.length === 0) continue
      expect(invoices[0]!.period_end, slug).toBe(subscription.current_period_start)
      const anchorDay = new Date(subscription.current_period_start * 1000).getUTCDate()
      invoices.forEach((invoice, i) => {
        expect(invoice.period_end * 1000, slug).toBeLessThanOrEqual(now)
        expect(new Date(invoice.period_end * 1000).getUTCDate(), slug).toBe(anchorDay)
        if (i === 0) return
        const newer = invoices[i - 1]!
        // One cycle apart: the month before, on the same day.
        const newerDate = new Date(newer.period_end * 1000)
        expect(invoice.period_end * 1000, slug).toBe(Date.UTC(newerDate.getUTCFullYear(), newerDate.getUTCMonth() - 1, anchorDay))
        expect(sequenceOf(invoice), slug).toBe(sequenceOf(newer) - 1)
      })

      // SPEC §8 'Outstanding Invoices': the overdue count is the invoices before the newest left unpaid.
      const overdueCount = overdue.find((o) => o.organization_id === id)?.overdue_invoice_count ?? 0
      const statuses = invoices.map((i) => i.status)
      expect(statuses, slug).toEqual(statuses.map((_, age) => (age === 0 ? 'open' : age <= overdueCount ? 'uncollectible' : 'paid')))
    }
  })
})
