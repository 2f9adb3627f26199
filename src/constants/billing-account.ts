// Billing address, tax IDs, invoices and the billing warning banners (issue 8 items 4–7).
// SPEC §8 gives the banner titles word for word; the rest is not shown there and follows the platform (PLATFORM-API §11).

/** Resource names of the billing permission checks (SPEC §6 names the actions; the platform names these resources). */
export const BILLING_RESOURCES = {
  customer: 'stripe.customer',
  taxIds: 'stripe.tax_ids',
  invoices: 'stripe.invoices',
  subscriptions: 'stripe.subscriptions',
} as const

/** What shows where a value is missing (SPEC §3: billing_email shown as Unknown). */
export const UNKNOWN_VALUE = 'Unknown'

/** Invoices per page of the billing page's list (not in SPEC). */
export const INVOICE_PAGE_SIZE = 5

/** `Version` header of GET …/billing/invoices/upcoming (PLATFORM-API §0). */
export const UPCOMING_INVOICE_API_VERSION = '2'

/**
 * SPEC §3: billing_partner (vercel_marketplace, aws_marketplace or none) maps to a managed_by value;
 * SPEC §9: partner origins vercel-marketplace, aws-marketplace and the product itself.
 */
export const MANAGED_BY = {
  vercel_marketplace: { id: 'vercel-marketplace', label: 'Vercel Marketplace', url: 'https://vercel.com/dashboard/integrations' },
  aws_marketplace: { id: 'aws-marketplace', label: 'AWS Marketplace', url: 'https://console.aws.amazon.com/marketplace/home#/subscriptions' },
  none: { id: 'platform', label: 'this platform', url: null },
} as const
export type ManagedBy = (typeof MANAGED_BY)[keyof typeof MANAGED_BY]['id']
/** SPEC §3: partner_id is the slug minus this prefix. */
export const PARTNER_SLUG_PREFIX = 'vercel_'

/** ISO 3166-1 alpha-2 codes: the countries a billing address can be in (names come from Intl.DisplayNames). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL ' +
  'CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU ' +
  'GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC ' +
  'MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT ' +
  'PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA ' +
  'UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ')

/**
 * Postcode formats where a postcode is part of every address (checked on the value trimmed and
 * upper-cased). Elsewhere the postcode is optional free text.
 */
export const POSTAL_CODE_PATTERNS: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  AT: { pattern: /^\d{4}$/, example: '1010' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  BG: { pattern: /^\d{4}$/, example: '1000' },
  BR: { pattern: /^\d{5}-?\d{3}$/, example: '01310-100' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, example: 'K1A 0B1' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  CY: { pattern: /^\d{4}$/, example: '1010' },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: '110 00' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  DK: { pattern: /^\d{4}$/, example: '1050' },
  EE: { pattern: /^\d{5}$/, example: '10111' },
  ES: { pattern: /^\d{5}$/, example: '28001' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  GB: { pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/, example: 'SW1A 1AA' },
  GR: { pattern: /^\d{3} ?\d{2}$/, example: '105 57' },
  HR: { pattern: /^\d{5}$/, example: '10000' },
  HU: { pattern: /^\d{4}$/, example: '1051' },
  IN: { pattern: /^\d{6}$/, example: '110001' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  KR: { pattern: /^\d{5}$/, example: '03187' },
  LT: { pattern: /^(LT-)?\d{5}$/, example: 'LT-01100' },
  LU: { pattern: /^(L-)?\d{4}$/, example: '1009' },
  LV: { pattern: /^(LV-)?\d{4}$/, example: 'LV-1050' },
  MT: { pattern: /^[A-Z]{3} ?\d{4}$/, example: 'VLT 1117' },
  MX: { pattern: /^\d{5}$/, example: '06000' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: '1012 JS' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
  NZ: { pattern: /^\d{4}$/, example: '6011' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-001' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1100-148' },
  RO: { pattern: /^\d{6}$/, example: '010011' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '111 22' },
  SG: { pattern: /^\d{6}$/, example: '018956' },
  SI: { pattern: /^\d{4}$/, example: '1000' },
  SK: { pattern: /^\d{3} ?\d{2}$/, example: '811 01' },
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '94105' },
  ZA: { pattern: /^\d{4}$/, example: '8001' },
}

/** Countries whose addresses need a state, province or territory, and what it is called there. */
export const STATE_REQUIRED: Readonly<Record<string, string>> = {
  US: 'State',
  CA: 'Province',
  AU: 'State or territory',
}

/** VAT number prefix of each EU member state (Greece uses EL, not its ISO code GR). */
export const EU_VAT_PATTERNS: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  AT: { pattern: /^ATU\d{8}$/, example: 'ATU12345678' },
  BE: { pattern: /^BE[01]\d{9}$/, example: 'BE0123456789' },
  BG: { pattern: /^BG\d{9,10}$/, example: 'BG0123456789' },
  CY: { pattern: /^CY\d{8}[A-Z]$/, example: 'CY12345678Z' },
  CZ: { pattern: /^CZ\d{8,10}$/, example: 'CZ1234567890' },
  DE: { pattern: /^DE\d{9}$/, example: 'DE123456789' },
  DK: { pattern: /^DK\d{8}$/, example: 'DK12345678' },
  EE: { pattern: /^EE\d{9}$/, example: 'EE123456789' },
  ES: { pattern: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESA1234567Z' },
  FI: { pattern: /^FI\d{8}$/, example: 'FI12345678' },
  FR: { pattern: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/, example: 'FRAB123456789' },
  GR: { pattern: /^EL\d{9}$/, example: 'EL123456789' },
  HR: { pattern: /^HR\d{11}$/, example: 'HR12345678912' },
  HU: { pattern: /^HU\d{8}$/, example: 'HU12345678' },
  IE: { pattern: /^IE(\d{7}[A-W][A-I]?|\d[A-Z0-9+*]\d{5}[A-W])$/, example: 'IE1234567AB' },
  IT: { pattern: /^IT\d{11}$/, example: 'IT12345678912' },
  LT: { pattern: /^LT(\d{9}|\d{12})$/, example: 'LT123456789123' },
  LU: { pattern: /^LU\d{8}$/, example: 'LU12345678' },
  LV: { pattern: /^LV\d{11}$/, example: 'LV12345678912' },
  MT: { pattern: /^MT\d{8}$/, example: 'MT12345678' },
  NL: { pattern: /^NL\d{9}B\d{2}$/, example: 'NL123456789B12' },
  PL: { pattern: /^PL\d{10}$/, example: 'PL1234567890' },
  PT: { pattern: /^PT\d{9}$/, example: 'PT123456789' },
  RO: { pattern: /^RO\d{2,10}$/, example: 'RO1234567891' },
  SE: { pattern: /^SE\d{10}01$/, example: 'SE123456789101' },
  SI: { pattern: /^SI\d{8}$/, example: 'SI12345678' },
  SK: { pattern: /^SK\d{10}$/, example: 'SK1234567891' },
}

export interface TaxIdType {
  /** The platform's (Stripe's) tax ID type. */
  type: string
  country: string
  label: string
  example: string
  /** Checked on the value upper-cased with white space removed. */
  pattern: RegExp
  /** A check digit beyond the pattern (Australian Business Numbers). */
  checksum?: 'abn'
}

/** Tax ID types a business can add, by the country of its billing address. */
export const TAX_ID_TYPES: readonly TaxIdType[] = [
  ...Object.entries(EU_VAT_PATTERNS).map(([country, { pattern, example }]) => ({ type: 'eu_vat', country, label: 'EU VAT number', example, pattern })),
  { type: 'gb_vat', country: 'GB', label: 'UK VAT number', example: 'GB123456789', pattern: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/ },
  { type: 'us_ein', country: 'US', label: 'US Employer Identification Number (EIN)', example: '12-3456789', pattern: /^\d{2}-?\d{7}$/ },
  { type: 'au_abn', country: 'AU', label: 'Australian Business Number (ABN)', example: '51 824 753 556', pattern: /^\d{11}$/, checksum: 'abn' },
  { type: 'ca_bn', country: 'CA', label: 'Canadian Business Number (BN)', example: '123456789', pattern: /^\d{9}$/ },
  { type: 'ca_gst_hst', country: 'CA', label: 'Canadian GST/HST number', example: '123456789RT0002', pattern: /^\d{9}RT\d{4}$/ },
  { type: 'ch_vat', country: 'CH', label: 'Swiss VAT number', example: 'CHE-123.456.789 MWST', pattern: /^CHE-?\d{3}\.?\d{3}\.?\d{3}(MWST|TVA|IVA)$/ },
  { type: 'no_vat', country: 'NO', label: 'Norwegian VAT number', example: '123456789MVA', pattern: /^\d{9}MVA$/ },
  { type: 'nz_gst', country: 'NZ', label: 'New Zealand GST number', example: '123-456-789', pattern: /^\d{2,3}-?\d{3}-?\d{3}$/ },
  { type: 'jp_cn', country: 'JP', label: 'Japanese Corporate Number', example: '1234567891234', pattern: /^\d{13}$/ },
  { type: 'in_gst', country: 'IN', label: 'Indian GSTIN', example: '12ABCDE3456FGZH', pattern: /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/ },
  { type: 'sg_uen', country: 'SG', label: 'Singaporean UEN', example: '123456789F', pattern: /^(\d{8,9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z])$/ },
  { type: 'sg_gst', country: 'SG', label: 'Singaporean GST number', example: 'M12345678X', pattern: /^M\d{8}[A-Z]$/ },
  { type: 'br_cnpj', country: 'BR', label: 'Brazilian CNPJ number', example: '01.234.456/5432-10', pattern: /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/ },
  { type: 'mx_rfc', country: 'MX', label: 'Mexican RFC number', example: 'ABC010203AB9', pattern: /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/ },
  { type: 'za_vat', country: 'ZA', label: 'South African VAT number', example: '4123456789', pattern: /^4\d{9}$/ },
  { type: 'kr_brn', country: 'KR', label: 'Korean Business Registration Number', example: '123-45-67890', pattern: /^\d{3}-?\d{2}-?\d{5}$/ },
]

/** Longest accepted value of each address field (the payment provider's limits). */
export const BILLING_FIELD_MAX = { billingName: 200, line: 200, city: 100, state: 100, postalCode: 20, taxId: 50 } as const

/** Texts of the billing address and tax ID form. */
export const BILLING_ADDRESS_MESSAGE = {
  countryRequired: 'Choose the country of the billing address.',
  countryUnknown: 'Choose a country from the list.',
  line1Required: 'Enter the street address.',
  cityRequired: 'Enter the city.',
  stateRequired: (label: string) => `Enter the ${label.toLowerCase()}.`,
  postalCodeRequired: 'Enter the postcode.',
  postalCodeInvalid: (example: string) => `Enter a valid postcode, for example ${example}.`,
  tooLong: (max: number) => `Use at most ${max} characters.`,
  billingNameRequired: 'Enter the registered name of the business.',
  taxIdTypeRequired: 'Choose the type of tax ID.',
  taxIdTypeUnavailable: 'Tax IDs from this country cannot be added yet. Leave the business option off, or contact support.',
  taxIdTypeMismatch: 'This type of tax ID belongs to another country.',
  taxIdRequired: 'Enter the tax ID of the business.',
  taxIdInvalid: (label: string, example: string) => `Enter a valid ${label}, for example ${example}.`,
  taxIdChecksum: (label: string) => `This ${label} has an invalid check digit.`,
  saved: 'Billing address saved',
  saveFailed: (message: string) => `Failed to save the billing address: ${message}`,
  updateDenied: 'update this organization’s billing address and tax ID',
} as const

/** SPEC §8 banner titles, word for word, with their details. Tones: SPEC §4 banner types. */
export const BILLING_BANNER = {
  gracePeriod: {
    title: 'Organization plan has exceeded its quota',
    message: (date: string) => `You have been given a grace period until ${date}.`,
    link: 'Review usage',
    tone: 'warning',
  },
  gracePeriodOver: {
    title: 'Grace period is over',
    message: 'Your projects will not be able to serve requests when you use up your quota.',
    link: 'Review plan and usage',
    tone: 'danger',
  },
  restricted: {
    title: 'Services Restricted',
    message: 'Your projects are unable to serve requests as your organization has used up its quota.',
    link: 'Resolve the restriction',
    tone: 'incident',
  },
  overdueInvoices: {
    title: 'Outstanding Invoices',
    message: 'Please pay your invoices to avoid service disruption.',
    link: 'Pay invoices',
    tone: 'danger',
  },
  overdueInvoicesElsewhere: {
    title: 'Outstanding Invoices in other Organization',
    /** Follows the organizations' names, each a link to its invoices. */
    message: (count: number) => `${count === 1 ? 'has' : 'have'} unpaid invoices. Please pay them to avoid service disruption.`,
    link: (organization: string) => `Pay the invoices of ${organization}`,
    tone: 'danger',
  },
  missingBillingInfo: {
    title: 'Missing Billing Information',
    message: 'Please add a billing address to avoid restrictions. If you are a registered business, please add a tax ID too.',
    link: 'Add an address and tax ID',
    tone: 'warning',
  },
} as const
