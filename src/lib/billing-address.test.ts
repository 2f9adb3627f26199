import { describe, expect, it } from 'vitest'
import { BILLING_ADDRESS_MESSAGE as M, COUNTRY_CODES, EU_VAT_PATTERNS, TAX_ID_TYPES } from '../constants'
import {
  abnChecksumValid,
  billingInfoMissing,
  COUNTRY_OPTIONS,
  countryName,
  formFromCustomer,
  managedBy,
  normalizeTaxId,
  partnerId,
  taxIdTypesFor,
  toCustomerUpdate,
  toTaxIdUpdate,
  validateBillingForm,
  validatePostalCode,
  validateTaxId,
  type BillingForm,
} from './billing-address'

const valid: BillingForm = {
  billingName: 'Acme Corp',
  country: 'US',
  line1: '500 Market Street',
  line2: 'Suite 400',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  business: false,
  taxIdType: '',
  taxIdValue: '',
}
const form = (overrides: Partial<BillingForm>): BillingForm => ({ ...valid, ...overrides })

describe('countries', () => {
  it('lists every ISO 3166-1 country once, by English name', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(new Set(COUNTRY_CODES).size).toBe(249)
    expect(COUNTRY_OPTIONS.map((c) => c.name)).toEqual([...COUNTRY_OPTIONS.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')))
    expect(countryName('DE')).toBe('Germany')
    expect(countryName('GB')).toBe('United Kingdom')
    expect(COUNTRY_OPTIONS.every((c) => c.name !== c.code)).toBe(true)
  })
})

describe('validateBillingForm', () => {
  it('accepts a complete address', () => {
    expect(validateBillingForm(valid)).toEqual({})
  })

  it('needs a country from the list, a street, a city', () => {
    expect(validateBillingForm(form({ country: '', line1: '  ', city: '' }))).toEqual({
      country: M.countryRequired,
      line1: M.line1Required,
      city: M.cityRequired,
    })
    expect(validateBillingForm(form({ country: 'XX' })).country).toBe(M.countryUnknown)
    // A country named like an Object.prototype member finds no state rule or postcode format.
    for (const country of ['constructor', 'toString', '__proto__']) {
      expect(validateBillingForm(form({ country, state: '' }))).toEqual({ country: M.countryUnknown })
      expect(validatePostalCode(country, 'ANY')).toBeNull()
    }
  })

  it('needs a state, province or territory only where addresses have one', () => {
    expect(validateBillingForm(form({ state: '' })).state).toBe('Enter the state.')
    expect(validateBillingForm(form({ country: 'CA', state: '', postalCode: 'K1A 0B1' })).state).toBe('Enter the province.')
    expect(validateBillingForm(form({ country: 'AU', state: ' ', postalCode: '2000' })).state).toBe('Enter the state or territory.')
    expect(validateBillingForm(form({ country: 'DE', state: '', postalCode: '10115' }))).toEqual({})
  })

  it('checks the postcode format of the country; optional where there is none', () => {
    expect(validatePostalCode('US', '94105-1234')).toBeNull()
    expect(validatePostalCode('US', '9410')).toBe(M.postalCodeInvalid('94105'))
    expect(validatePostalCode('US', '')).toBe(M.postalCodeRequired)
    expect(validatePostalCode('GB', 'sw1a 1aa')).toBeNull()
    expect(validatePostalCode('GB', 'SW1A')).toBe(M.postalCodeInvalid('SW1A 1AA'))
    expect(validatePostalCode('CA', 'k1a0b1')).toBeNull()
    expect(validatePostalCode('NL', '1012 JS')).toBeNull()
    expect(validatePostalCode('NL', '1012')).toBe(M.postalCodeInvalid('1012 JS'))
    expect(validatePostalCode('PL', '00-001')).toBeNull()
    expect(validatePostalCode('JP', '1000001')).toBeNull()
    // Hong Kong and the Emirates have no postcodes.
    expect(validatePostalCode('HK', '')).toBeNull()
    expect(validatePostalCode('AE', '')).toBeNull()
    expect(validatePostalCode('AE', 'x'.repeat(21))).toBe(M.tooLong(20))
    expect(validateBillingForm(form({ postalCode: 'abc' })).postalCode).toBe(M.postalCodeInvalid('94105'))
  })

  it('limits the length of every field', () => {
    const errors = validateBillingForm(form({ line1: 'x'.repeat(201), line2: 'y'.repeat(201), city: 'z'.repeat(101), billingName: 'n'.repeat(201) }))
    expect(errors).toEqual({ line1: M.tooLong(200), line2: M.tooLong(200), city: M.tooLong(100), billingName: M.tooLong(200) })
  })

  it('a business needs its registered name and a valid tax ID of its country', () => {
    expect(validateBillingForm(form({ business: true, billingName: '', taxIdType: '', taxIdValue: '' }))).toEqual({
      billingName: M.billingNameRequired,
      taxIdType: M.taxIdTypeRequired,
    })
    expect(validateBillingForm(form({ business: true, taxIdType: 'us_ein', taxIdValue: '' })).taxIdValue).toBe(M.taxIdRequired)
    expect(validateBillingForm(form({ business: true, taxIdType: 'us_ein', taxIdValue: '123' })).taxIdValue).toBe(
      M.taxIdInvalid('US Employer Identification Number (EIN)', '12-3456789'),
    )
    expect(validateBillingForm(form({ business: true, taxIdType: 'us_ein', taxIdValue: '12-3456789' }))).toEqual({})
    expect(validateBillingForm(form({ business: true, taxIdType: 'gb_vat', taxIdValue: 'GB123456789' })).taxIdType).toBe(M.taxIdTypeMismatch)
    // No tax ID type is known for Hong Kong: the business option cannot be saved there.
    expect(validateBillingForm(form({ country: 'HK', state: '', postalCode: '', business: true, taxIdType: '', taxIdValue: '' })).taxIdType).toBe(
      M.taxIdTypeUnavailable,
    )
    // Not a business: whatever was typed in the tax ID fields is ignored.
    expect(validateBillingForm(form({ business: false, taxIdType: 'us_ein', taxIdValue: 'nonsense' }))).toEqual({})
  })
})

describe('tax IDs', () => {
  it.each([
    ['eu_vat', 'DE', 'DE123456789', true],
    ['eu_vat', 'DE', 'de 123 456 789', true],
    ['eu_vat', 'DE', 'DE12345678', false],
    ['eu_vat', 'DE', 'FR12345678901', false],
    ['eu_vat', 'FR', 'FRAB123456789', true],
    ['eu_vat', 'FR', 'FRIO123456789', false],
    ['eu_vat', 'GR', 'EL123456789', true],
    ['eu_vat', 'GR', 'GR123456789', false],
    ['eu_vat', 'NL', 'NL123456789B01', true],
    ['eu_vat', 'AT', 'ATU12345678', true],
    ['eu_vat', 'AT', 'AT12345678', false],
    ['eu_vat', 'IE', 'IE1234567WA', true],
    ['eu_vat', 'SE', 'SE123456789001', true],
    ['eu_vat', 'SE', 'SE123456789002', false],
    ['gb_vat', 'GB', 'GB123456789', true],
    ['gb_vat', 'GB', 'GB123456789012', true],
    ['gb_vat', 'GB', 'GBGD001', true],
    ['gb_vat', 'GB', 'GB12345678', false],
    ['us_ein', 'US', '12-3456789', true],
    ['us_ein', 'US', '123456789', true],
    ['us_ein', 'US', '12-345678', false],
    ['au_abn', 'AU', '51 824 753 556', true],
    ['au_abn', 'AU', '51 824 753 557', false],
    ['au_abn', 'AU', '5182475355', false],
    ['ca_bn', 'CA', '123456789', true],
    ['ca_bn', 'CA', '123456789RT0001', false],
    ['ca_gst_hst', 'CA', '123456789RT0001', true],
    ['ch_vat', 'CH', 'CHE-123.456.789 MWST', true],
    ['ch_vat', 'CH', 'CHE123456789TVA', true],
    ['ch_vat', 'CH', 'CHE-123.456.789', false],
    ['no_vat', 'NO', '123456789MVA', true],
    ['nz_gst', 'NZ', '123-456-789', true],
    ['jp_cn', 'JP', '1234567891234', true],
    ['in_gst', 'IN', '22AAAAA0000A1Z5', true],
    ['sg_uen', 'SG', '200312345A', true],
    ['br_cnpj', 'BR', '01.234.456/5432-10', true],
    ['mx_rfc', 'MX', 'ABC010203AB9', true],
    ['za_vat', 'ZA', '4123456789', true],
    ['za_vat', 'ZA', '5123456789', false],
    ['kr_brn', 'KR', '123-45-67890', true],
  ])('%s in %s: %s is %s', (type, country, value, ok) => {
    expect(validateTaxId(type, country, value) === null).toBe(ok)
  })

  it('every type has an example that passes its own check', () => {
    for (const spec of TAX_ID_TYPES) expect(validateTaxId(spec.type, spec.country, spec.example), `${spec.type} ${spec.country}`).toBeNull()
    expect(Object.keys(EU_VAT_PATTERNS)).toHaveLength(27)
  })

  it('lists the types of a country; none for an unknown one', () => {
    expect(taxIdTypesFor('CA').map((t) => t.type)).toEqual(['ca_bn', 'ca_gst_hst'])
    expect(taxIdTypesFor('DE').map((t) => t.type)).toEqual(['eu_vat'])
    expect(taxIdTypesFor('HK')).toEqual([])
  })

  it('normalizes to upper case without white space, and checks ABN check digits', () => {
    expect(normalizeTaxId(' de 123\t456 789 ')).toBe('DE123456789')
    expect(abnChecksumValid('51824753556')).toBe(true)
    expect(abnChecksumValid('53004085616')).toBe(true)
    expect(abnChecksumValid('53004085617')).toBe(false)
    expect(validateTaxId('au_abn', 'AU', '51824753557')).toBe(M.taxIdChecksum('Australian Business Number (ABN)'))
  })
})

describe('the form and the platform', () => {
  it('fills the form from the customer profile and tax ID; the organization name when no billing name', () => {
    expect(formFromCustomer(undefined, null, 'New Venture')).toEqual({
      billingName: 'New Venture',
      country: '',
      line1: '',
      line2: '',
      city: '',
      state: '',
      postalCode: '',
      business: false,
      taxIdType: '',
      taxIdValue: '',
    })
    const customer = {
      email: 'billing@globex.example.com',
      billing_name: 'Globex Ltd',
      address: { line1: '221B Baker Street', line2: null, city: 'London', state: null, postal_code: 'NW1 6XE', country: 'GB' },
      additional_emails: null,
      balance: 0,
      billing_via_partner: false,
    }
    expect(formFromCustomer(customer, { type: 'gb_vat', value: 'GB123456789', country: 'GB' }, 'Globex Team')).toMatchObject({
      billingName: 'Globex Ltd',
      country: 'GB',
      line2: '',
      business: true,
      taxIdType: 'gb_vat',
      taxIdValue: 'GB123456789',
    })
    // One type in the country: chosen already for when the business option is turned on.
    expect(formFromCustomer(customer, null, 'Globex Team').taxIdType).toBe('gb_vat')
  })

  it('builds the PUT bodies of PLATFORM-API §11, leaving out empty optional fields', () => {
    expect(toCustomerUpdate(form({ line2: ' ', postalCode: '94105 ' }))).toEqual({
      billing_name: 'Acme Corp',
      address: { line1: '500 Market Street', line2: undefined, city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
    })
    expect(toTaxIdUpdate(form({ business: false, taxIdType: 'us_ein', taxIdValue: '12-3456789' }))).toBeNull()
    expect(toTaxIdUpdate(form({ business: true, taxIdType: 'us_ein', taxIdValue: ' 12-3456789 ' }))).toEqual({
      type: 'us_ein',
      value: '12-3456789',
      country: 'US',
    })
  })

  it('billing information is missing for a paid organization billed directly without an address', () => {
    const customer = (address: { line1: string; country: string } | null) => ({ email: null, address, balance: 0, billing_via_partner: false })
    const pro = { plan: { id: 'pro' as const, name: 'Pro' }, billing_partner: null }
    expect(billingInfoMissing(pro, customer(null))).toBe(true)
    expect(billingInfoMissing(pro, customer({ line1: ' ', country: 'US' }))).toBe(true)
    expect(billingInfoMissing(pro, customer({ line1: '1 Main St', country: 'US' }))).toBe(false)
    expect(billingInfoMissing(pro, undefined)).toBe(false)
    expect(billingInfoMissing({ ...pro, plan: { id: 'free', name: 'Free' } }, customer(null))).toBe(false)
    expect(billingInfoMissing({ ...pro, billing_partner: 'aws_marketplace' }, customer(null))).toBe(false)
  })

  it('maps billing_partner to managed_by, and the partner id is the slug minus vercel_', () => {
    expect(managedBy('vercel_marketplace')).toBe('vercel-marketplace')
    expect(managedBy('aws_marketplace')).toBe('aws-marketplace')
    expect(managedBy(null)).toBe('platform')
    expect(managedBy(undefined)).toBe('platform')
    expect(partnerId('vercel_harbor')).toBe('harbor')
    expect(partnerId('acme-corp')).toBe('acme-corp')
  })
})
