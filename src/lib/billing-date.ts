/** SPEC §9 billing page date format 'DD MMM, YYYY' (e.g. 01 Nov, 2026). */
import { MONTHS } from './display-date'

/**
 * A date of the billing page, 'DD MMM, YYYY'. Billing periods start and end at midnight UTC, so the
 * date is read in UTC: a reader west of Greenwich would otherwise see the day before.
 * Accepts a Date, milliseconds since the epoch, or an ISO string; null for anything unreadable.
 */
export function formatBillingDate(value: Date | number | string): string | null {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return null
  const day = String(date.getUTCDate()).padStart(2, '0')
  return `${day} ${MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}`
}

/** The platform's unix timestamps (seconds, e.g. next_invoice_at, period_end) as a billing date. */
export function formatBillingUnixDate(seconds: number): string | null {
  return formatBillingDate(seconds * 1000)
}
