import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { dataTable } from '../../ui/data-table'
import {
  organizationInvoiceCountQuery,
  organizationInvoicePageQuery,
  organizationInvoiceQuery,
  organizationUpcomingInvoiceQuery,
} from '../../api/queries/billing-account'
import { overdueInvoicesQuery } from '../../api/queries/organizations'
import type { Invoice, Organization, UpcomingInvoice } from '../../api/schemas'
import { INVOICE_PAGE_SIZE, MANAGED_BY, USAGE_LIMITS, type UsageMetric } from '../../constants'
import { formatBillingDate, formatBillingUnixDate } from '../../lib/billing-date'
import { formatCents, formatUsd } from '../../lib/billing-money'
import { settings } from '../../lib/settings'
import { Badge, type BadgeTone } from '../../ui/badge'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { ViewDialog } from '../../ui/dialog'
import { ExternalLink } from '../../ui/external-link'
import { EmptyState, ErrorState, LoadingState, QueryStates } from '../../ui/states'
import { summaryListClass } from '../../ui/summary-list'
import { permissionWithheld } from '../permissions'
import { useSignedIn } from '../auth'
import { SectionHeading, sectionCardClass } from './billing-section'
import { useBillingDetailsAccess } from './use-billing-access'
import { formatDisplayDate } from '../../lib/display-date'
import { TableHead } from '../../ui/table-head'

const HEADING_ID = 'billing-invoices-heading'

export const INVOICE_STATUS: Record<Invoice['status'], { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  open: { label: 'Open', tone: 'info' },
  uncollectible: { label: 'Overdue', tone: 'danger' },
  void: { label: 'Void', tone: 'neutral' },
  draft: { label: 'Draft', tone: 'neutral' },
}

const tableClass = cx(
  dataTable(),
  css({
    '& tr:last-child td': { borderBottomWidth: '0' },
    '& .amount': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    '& tfoot th, & tfoot td': { borderTopWidth: '1px', borderBottomWidth: '0', borderColor: 'border.default', color: 'fg.default', fontSize: 'sm' },
    '& tfoot th': { textAlign: 'right' },
  }),
)
const subheadingClass = css({ fontSize: 'md', fontWeight: 'semibold' })
const mutedClass = css({ color: 'fg.muted', fontSize: 'xs' })
const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
/** The unit usage lines count in: sizes are in GB (the platform sends them so), other metrics are counts. */
const usageUnit = (metric: string | null | undefined) => (metric && metric in USAGE_LIMITS && USAGE_LIMITS[metric as UsageMetric].unit === 'bytes' ? ' GB' : '')

/**
 * #invoices: the upcoming invoice of the running billing cycle, then every invoice, a page at a time,
 * each viewable on its own. A partner's organization is invoiced by the partner instead.
 */
export function InvoicesSection({ organization }: { organization: Organization }) {
  const access = useBillingDetailsAccess(organization.slug)
  const partner = organization.billing_partner
  const signedIn = useSignedIn()
  // SPEC §6: overdue invoices are read only on the hosted platform when signed in.
  const overdue = useQuery({ ...overdueInvoicesQuery(), enabled: settings.isPlatform && signedIn && !partner })
  const overdueCount = overdue.data?.find((o) => o.organization_id === organization.id)?.overdue_invoice_count ?? 0
  const withheld = permissionWithheld(access.readInvoices, 'You cannot see the invoices')

  return (
    <section aria-labelledby={HEADING_ID} className={sectionCardClass}>
      <SectionHeading headingId={HEADING_ID} title="Invoices" description="What this billing cycle costs so far, and every invoice issued." />
      {partner ? (
        <Callout tone="info" title={`Invoices are issued by ${MANAGED_BY[partner].label}`}>
          This organization is billed through {MANAGED_BY[partner].label}: its invoices are there, not here.{' '}
          <ExternalLink href={MANAGED_BY[partner].url}>Open {MANAGED_BY[partner].label}</ExternalLink>
        </Callout>
      ) : withheld ? (
        withheld
      ) : (
        <>
          {overdueCount > 0 ? (
            <Callout tone="danger" title={`${overdueCount} overdue invoice${overdueCount === 1 ? '' : 's'}`}>
              Pay {overdueCount === 1 ? 'it' : 'them'} to avoid service disruption. Each one is marked Overdue in the list below.
            </Callout>
          ) : null}
          <UpcomingInvoicePreview slug={organization.slug} />
          <InvoiceList slug={organization.slug} />
        </>
      )}
    </section>
  )
}

function UpcomingInvoicePreview({ slug }: { slug: string }) {
  const upcoming = useQuery(organizationUpcomingInvoiceQuery(slug))
  return (
    <section aria-labelledby="billing-upcoming-heading" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3', flexWrap: 'wrap' })}>
        <h3 id="billing-upcoming-heading" className={subheadingClass}>
          Upcoming invoice
        </h3>
        {upcoming.data ? (
          <span className={mutedClass}>
            Billing cycle {formatBillingDate(upcoming.data.billing_cycle_start)} – {formatBillingDate(upcoming.data.billing_cycle_end)}
          </span>
        ) : null}
      </div>
      <QueryStates query={upcoming} loading="Loading the upcoming invoice…" failed="Failed to load the upcoming invoice">
        {(data) => (
          <UpcomingLines invoice={data} />
        )}
      </QueryStates>
    </section>
  )
}

function UpcomingLines({ invoice }: { invoice: UpcomingInvoice }) {
  return (
    <table className={tableClass} aria-label="Upcoming invoice lines">
      <TableHead columns={['Item', { label: 'Quantity', className: 'amount' }, 'Unit price', { label: 'Amount', className: 'amount' }]} />
      <tbody>
        {invoice.lines.map((line, index) => (
          <tr key={`${line.description}-${index}`}>
            <td>
              <div>{line.description}</div>
              {line.usage_based && line.usage_original !== null && line.usage_original !== undefined ? (
                <div className={mutedClass}>
                  {`${quantityFormat.format(line.usage_original)}${usageUnit(line.usage_metric)} used, ${quantityFormat.format(line.quantity)}${usageUnit(line.usage_metric)} above the plan’s quota`}
                </div>
              ) : null}
              {line.breakdown.length > 0 ? (
                <details className={css({ mt: '1', fontSize: 'xs', color: 'fg.muted' })}>
                  <summary className={css({ cursor: 'pointer' })}>By project</summary>
                  <ul className={css({ mt: '1', pl: '4', listStyle: 'disc' })}>
                    {line.breakdown.map((b) => (
                      <li key={b.project_ref}>
                        {b.project_name}: {quantityFormat.format(b.usage)}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </td>
            <td className="amount">{quantityFormat.format(line.quantity)}</td>
            <td className={css({ color: 'fg.muted' })}>{line.unit_price_desc ?? (line.quantity !== 1 ? formatUsd(line.unit_price) : '')}</td>
            <td className="amount">{formatUsd(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            Total so far
          </th>
          <td className="amount" data-testid="upcoming-total">
            <strong>{formatUsd(invoice.amount_total)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  )
}

function InvoiceList({ slug }: { slug: string }) {
  const [page, setPage] = useState(0)
  const [openId, setOpenId] = useState<string | null>(null)
  const offset = page * INVOICE_PAGE_SIZE
  const count = useQuery(organizationInvoiceCountQuery(slug))
  const invoices = useQuery({ ...organizationInvoicePageQuery(slug, offset, INVOICE_PAGE_SIZE), placeholderData: keepPreviousData })
  const rows = invoices.data ?? []
  const total = count.data
  const open = rows.find((i) => i.id === openId)

  return (
    <section aria-labelledby="billing-invoice-list-heading" className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3' })}>
        <h3 id="billing-invoice-list-heading" className={subheadingClass}>
          Past invoices
        </h3>
        {total !== undefined ? <span className={mutedClass}>{`${total} invoice${total === 1 ? '' : 's'}`}</span> : null}
      </div>
      <QueryStates query={invoices} loading="Loading invoices…" failed="Failed to load the invoices">
        {() => rows.length === 0 && page === 0 ? (
          <EmptyState title="No invoices yet">Invoices appear here at the end of each billing cycle.</EmptyState>
        ) : (
          <>
            <table className={tableClass} aria-label="Invoices" aria-busy={invoices.isPlaceholderData || undefined}>
              <TableHead columns={['Date', 'Invoice', { label: 'Amount due', className: 'amount' }, 'Status', { hidden: 'Actions' }]} />
              <tbody className={css({ '& td': { verticalAlign: 'middle' } })}>
                {rows.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className={css({ whiteSpace: 'nowrap' })}>{formatBillingUnixDate(invoice.period_end)}</td>
                    <td className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{invoice.number}</td>
                    <td className="amount">{formatCents(invoice.amount_due)}</td>
                    <td>
                      <Badge tone={INVOICE_STATUS[invoice.status].tone}>{INVOICE_STATUS[invoice.status].label}</Badge>
                    </td>
                    <td className={css({ textAlign: 'right' })}>
                      <Button size="sm" variant="ghost" onClick={() => setOpenId(invoice.id)} aria-label={`View invoice ${invoice.number}`}>
                        View
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav aria-label="Invoice pages" className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3' })}>
              <span className={mutedClass} aria-live="polite">
                {total !== undefined && rows.length > 0 ? `Showing ${offset + 1}–${offset + rows.length} of ${total}` : ''}
              </span>
              <span className={css({ display: 'flex', gap: '2' })}>
                <Button size="sm" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
                  Previous
                </Button>
                <Button
                  size="sm"
                  onClick={() => setPage((p) => p + 1)}
                  disabled={invoices.isPlaceholderData || (total !== undefined ? offset + INVOICE_PAGE_SIZE >= total : rows.length < INVOICE_PAGE_SIZE)}
                >
                  Next
                </Button>
              </span>
            </nav>
          </>
        )}
      </QueryStates>
      <InvoiceDialog slug={slug} invoiceId={openId} listed={open} onClose={() => setOpenId(null)} />
    </section>
  )
}

/** One invoice, read from the platform (the list's row shows meanwhile). */
function InvoiceDialog({ slug, invoiceId, listed, onClose }: { slug: string; invoiceId: string | null; listed: Invoice | undefined; onClose: () => void }) {
  const detail = useQuery({ ...organizationInvoiceQuery(slug, invoiceId ?? undefined), enabled: invoiceId !== null, placeholderData: listed })
  const invoice = detail.data
  return (
    <ViewDialog
      open={invoiceId !== null}
      title={invoice ? `Invoice ${invoice.number}` : 'Invoice'}
      description={invoice ? `Billing period ending ${formatBillingUnixDate(invoice.period_end)}` : undefined}
      onClose={onClose}
      actions={invoice ? <ExternalLink href={invoice.invoice_pdf}>Download PDF</ExternalLink> : null}
    >
      {detail.isError ? (
        <ErrorState title="Failed to load the invoice" message={detail.error.message} onRetry={() => void detail.refetch()} />
      ) : !invoice ? (
        <LoadingState label="Loading the invoice…" />
      ) : (
        <dl className={cx(summaryListClass, css({ '& dd': { fontVariantNumeric: 'tabular-nums' } }))}>
          <dt>Status</dt>
          <dd>
            <Badge tone={INVOICE_STATUS[invoice.status].tone}>{INVOICE_STATUS[invoice.status].label}</Badge>
          </dd>
          <dt>Period end</dt>
          {/* A detail: the moment itself, in the display format (SPEC §9); lists keep billing's own. */}
          <dd>{formatDisplayDate(invoice.period_end * 1000)}</dd>
          <dt>Subtotal</dt>
          <dd>{formatCents(invoice.subtotal)}</dd>
          <dt>Amount due</dt>
          <dd>
            <strong>{formatCents(invoice.amount_due)}</strong>
          </dd>
          <dt>Payment attempted</dt>
          <dd>{invoice.payment_attempted ? 'Yes' : 'No'}</dd>
          <dt>Subscription</dt>
          <dd className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{invoice.subscription ?? '—'}</dd>
          <dt>Invoice id</dt>
          <dd className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{invoice.id}</dd>
        </dl>
      )}
    </ViewDialog>
  )
}
