import type { Customer, Organization, TaxId } from '../api/schemas'
import {
  BILLING_ADDRESS_MESSAGE as M,
  BILLING_FIELD_MAX,
  COUNTRY_CODES,
  MANAGED_BY,
  PARTNER_SLUG_PREFIX,
  POSTAL_CODE_PATTERNS,
  STATE_REQUIRED,
  TAX_ID_TYPES,
  type ManagedBy,
  type TaxIdType,
} from '../constants'
import { ownValue } from './own-record'

/** The billing address and tax ID form, as typed (every field a string, the business switch a boolean). */
export interface BillingForm {
  billingName: string
  country: string
  line1: string
  line2: string
  city: string
  state: string
  postalCode: string
  /** A registered business: a tax ID is then required. */
  business: boolean
  taxIdType: string
  taxIdValue: string
}
export type BillingFormErrors = Partial<Record<keyof BillingForm, string>>

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

/** The country's English name, or the code itself when it is not a country. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}

/** Every country of the select, by name. */
export const COUNTRY_OPTIONS: readonly { code: string; name: string }[] = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
)

export function isKnownCountry(code: string): boolean {
  return COUNTRY_CODES.includes(code)
}

/** The tax ID types a business with an address in this country can add. */
export function taxIdTypesFor(country: string): readonly TaxIdType[] {
  return TAX_ID_TYPES.filter((t) => t.country === country)
}

/** What is stored and compared: upper case, no white space. */
export function normalizeTaxId(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase()
}

/** Australian Business Number check: first digit minus one, weighted sum divisible by 89. */
export function abnChecksumValid(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
  const sum = [...digits].reduce((total, digit, i) => total + (Number(digit) - (i === 0 ? 1 : 0)) * weights[i]!, 0)
  return sum % 89 === 0
}

/** Null when the tax ID is valid for the type and country, otherwise the message to show. */
export function validateTaxId(type: string, country: string, value: string): string | null {
  if (!type) return M.taxIdTypeRequired
  const candidates = TAX_ID_TYPES.filter((t) => t.type === type)
  if (candidates.length === 0) return M.taxIdTypeRequired
  const spec = candidates.find((t) => t.country === country)
  if (!spec) return M.taxIdTypeMismatch
  const normalized = normalizeTaxId(value)
  if (!normalized) return M.taxIdRequired
  if (normalized.length > BILLING_FIELD_MAX.taxId) return M.tooLong(BILLING_FIELD_MAX.taxId)
  if (!spec.pattern.test(normalized)) return M.taxIdInvalid(spec.label, spec.example)
  if (spec.checksum === 'abn' && !abnChecksumValid(normalized)) return M.taxIdChecksum(spec.label)
  return null
}

/** Null when the postcode suits the country (required where every address has one), otherwise the message. */
export function validatePostalCode(country: string, value: string): string | null {
  const code = value.trim().toUpperCase()
  const format = ownValue(POSTAL_CODE_PATTERNS, country)
  if (!code) return format ? M.postalCodeRequired : null
  if (code.length > BILLING_FIELD_MAX.postalCode) return M.tooLong(BILLING_FIELD_MAX.postalCode)
  if (format && !format.pattern.test(code)) return M.postalCodeInvalid(format.example)
  return null
}

/** Every problem of the form, by field; an empty object means it can be saved. */
export function validateBillingForm(values: BillingForm): BillingFormErrors {
  const errors: BillingFormErrors = {}
  const tooLong = (field: keyof BillingForm, max: number) => {
    const value = values[field]
    if (typeof value === 'string' && value.trim().length > max) errors[field] = M.tooLong(max)
  }

  if (!values.country) errors.country = M.countryRequired
  else if (!isKnownCountry(values.country)) errors.country = M.countryUnknown

  if (!values.line1.trim()) errors.line1 = M.line1Required
  tooLong('line1', BILLING_FIELD_MAX.line)
  tooLong('line2', BILLING_FIELD_MAX.line)
  if (!values.city.trim()) errors.city = M.cityRequired
  tooLong('city', BILLING_FIELD_MAX.city)

  const stateLabel = ownValue(STATE_REQUIRED, values.country)
  if (stateLabel && !values.state.trim()) errors.state = M.stateRequired(stateLabel)
  tooLong('state', BILLING_FIELD_MAX.state)

  if (values.country && !errors.country) {
    const postal = validatePostalCode(values.country, values.postalCode)
    if (postal) errors.postalCode = postal
  } else tooLong('postalCode', BILLING_FIELD_MAX.postalCode)

  if (values.business) {
    if (!values.billingName.trim()) errors.billingName = M.billingNameRequired
    if (values.country && !errors.country) {
      if (taxIdTypesFor(values.country).length === 0) errors.taxIdType = M.taxIdTypeUnavailable
      else {
        const taxError = validateTaxId(values.taxIdType, values.country, values.taxIdValue)
        if (taxError === M.taxIdTypeRequired || taxError === M.taxIdTypeMismatch) errors.taxIdType = taxError
        else if (taxError) errors.taxIdValue = taxError
      }
    }
  }
  tooLong('billingName', BILLING_FIELD_MAX.billingName)
  return errors
}

/** The form as the saved customer profile and tax ID show it. */
export function formFromCustomer(customer: Customer | undefined, taxId: TaxId | null | undefined, organizationName: string): BillingForm {
  const address = customer?.address
  const country = address?.country ?? ''
  const types = taxIdTypesFor(country)
  return {
    billingName: customer?.billing_name ?? organizationName,
    country,
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postal_code ?? '',
    business: Boolean(taxId),
    taxIdType: taxId?.type ?? (types.length === 1 ? types[0]!.type : ''),
    taxIdValue: taxId?.value ?? '',
  }
}

/** PUT …/{slug}/customer body (PLATFORM-API §11); optional fields left empty are not sent. */
export function toCustomerUpdate(values: BillingForm) {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined)
  return {
    billing_name: optional(values.billingName),
    address: {
      line1: values.line1.trim(),
      line2: optional(values.line2),
      city: optional(values.city),
      state: optional(values.state),
      postal_code: optional(values.postalCode.toUpperCase()),
      country: values.country,
    },
  }
}

/** PUT …/{slug}/tax-ids body, or null when the organization is not billed as a business. */
export function toTaxIdUpdate(values: BillingForm): { type: string; value: string; country: string } | null {
  if (!values.business) return null
  return { type: values.taxIdType, value: normalizeTaxId(values.taxIdValue), country: values.country }
}

/**
 * SPEC §8 'Missing Billing Information': a paid organization billed directly (not through a partner)
 * whose customer profile has no billing address. Unknown while the profile is not loaded.
 */
export function billingInfoMissing(organization: Pick<Organization, 'plan' | 'billing_partner'>, customer: Customer | undefined): boolean {
  if (!customer || organization.billing_partner || organization.plan.id === 'free') return false
  return !customer.address?.line1?.trim() || !customer.address.country
}

/** SPEC §3: billing_partner → managed_by. */
export function managedBy(partner: Organization['billing_partner']): ManagedBy {
  return MANAGED_BY[partner ?? 'none'].id
}

/** SPEC §3: partner_id is the slug minus the vercel_ prefix. */
export function partnerId(slug: string): string {
  return slug.startsWith(PARTNER_SLUG_PREFIX) ? slug.slice(PARTNER_SLUG_PREFIX.length) : slug
}
