import { BILLING_CURRENCY } from '../constants'

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { style: 'currency', currency: BILLING_CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 2 })
// Sub-cent amounts keep their digits and have no minimum (SPEC §9): $0.00325, not $0.00 or $0.00325000.
const SUB_CENT = new Intl.NumberFormat('en-US', { style: 'currency', currency: BILLING_CURRENCY, minimumFractionDigits: 0, maximumFractionDigits: 10 })

/** SPEC §9: USD with 2 decimals; an amount under one cent (but not zero) shows with no minimum digits. */
export function formatUsd(amount: number): string {
  if (!Number.isFinite(amount)) return '—'
  if (amount !== 0 && Math.abs(amount) < 0.01) return SUB_CENT.format(amount)
  return TWO_DECIMALS.format(amount)
}

const UNIT_PRICE = new Intl.NumberFormat('en-US', { style: 'currency', currency: BILLING_CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 6 })

/** A price per unit ($0.125 per GB, $0.00325 per MAU): never rounded to the cent, at least 2 decimals. */
export function formatUnitPrice(price: number): string {
  if (price !== 0 && Math.abs(price) < 0.01) return formatUsd(price)
  return UNIT_PRICE.format(price)
}

/** An amount in cents (how costs are computed, see usage-cost.ts) as USD. */
export function formatCents(cents: number): string {
  return formatUsd(cents / 100)
}

/**
 * A plan's list price per month, as the tier labels write it ('$25/month', 'Pro - $25/month'):
 * whole dollars without decimals, anything else with two. Null is a custom price.
 */
export function formatMonthlyPrice(price: number | null): string {
  if (price === null) return 'Custom'
  const amount = Number.isInteger(price) ? `$${price.toLocaleString('en-US')}` : formatUsd(price)
  return `${amount}/month`
}
