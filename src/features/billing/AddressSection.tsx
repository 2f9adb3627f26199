import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useRef, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { deleteOrganizationTaxId, organizationTaxIdQuery, saveOrganizationTaxId, updateOrganizationCustomer } from '../../api/queries/billing-account'
import { queryKeys } from '../../api/queries/keys'
import { organizationCustomerQuery } from '../../api/queries/organizations'
import type { Organization, TaxId } from '../../api/schemas'
import { BILLING_ADDRESS_MESSAGE as M, BILLING_MESSAGE, MANAGED_BY, POSTAL_CODE_PATTERNS, STATE_REQUIRED, UNKNOWN_VALUE } from '../../constants'
import {
  COUNTRY_OPTIONS,
  formFromCustomer,
  partnerId,
  taxIdTypesFor,
  toCustomerUpdate,
  toTaxIdUpdate,
  validateBillingForm,
  type BillingForm,
  type BillingFormErrors,
} from '../../lib/billing-address'
import { visibleFieldError } from '../../lib/form-errors'
import { ownValue } from '../../lib/own-record'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { ExternalLink } from '../../ui/external-link'
import { describedBy, FormField, inputClass } from '../../ui/field'
import { ErrorState, LoadingState } from '../../ui/states'
import { permissionWithheld } from '../permissions'
import { Switch } from '../../ui/switch'
import { showToast } from '../../ui/toast'
import { SectionHeading, sectionCardClass } from './billing-section'
import { useBillingDetailsAccess } from './use-billing-access'

const HEADING_ID = 'billing-address-heading'
const gridClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, 1fr)' }, gap: '4' })
const pairClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })

/** The order mistakes are focused in: the first one the user would reach. */
const FIELD_ORDER: (keyof BillingForm)[] = ['billingName', 'country', 'line1', 'line2', 'city', 'state', 'postalCode', 'taxIdType', 'taxIdValue']
const fieldId = (field: keyof BillingForm) => `billing-${field}`

/**
 * #address: the billing email, address and tax ID of the organization. The customer profile is
 * read only with billing read permission; without billing write the form is shown read-only with the
 * reason. A partner's organization shows who manages its billing instead of what the partner owns.
 */
export function AddressSection({ organization }: { organization: Organization }) {
  const access = useBillingDetailsAccess(organization.slug)
  const partner = organization.billing_partner
  const customer = useQuery({ ...organizationCustomerQuery(organization.slug), enabled: !partner && access.readCustomer.allowed })
  const taxId = useQuery({ ...organizationTaxIdQuery(organization.slug), enabled: !partner && access.readTaxId.allowed })
  const withheld = permissionWithheld(access.readCustomer, 'You cannot see the billing address')

  return (
    <section aria-labelledby={HEADING_ID} className={sectionCardClass}>
      <SectionHeading headingId={HEADING_ID} title="Billing address and tax ID" description="Printed on every invoice of this organization." />
      <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '4', rowGap: '1', fontSize: 'sm' })}>
        <dt className={css({ color: 'fg.muted' })}>Billing email</dt>
        <dd data-testid="billing-email" className={css({ color: organization.billing_email ? 'fg.default' : 'fg.subtle' })}>
          {organization.billing_email ?? UNKNOWN_VALUE}
        </dd>
      </dl>
      {partner ? (
        <Callout tone="info" title={BILLING_MESSAGE.managedBy(MANAGED_BY[partner].label)}>
          The billing address, tax ID and invoices of this organization are kept by {MANAGED_BY[partner].label}
          {partner === 'vercel_marketplace' ? ` (partner organization ${partnerId(organization.slug)})` : ''}. Change them there:{' '}
          <ExternalLink href={MANAGED_BY[partner].url}>open {MANAGED_BY[partner].label}</ExternalLink>.
        </Callout>
      ) : withheld ? (
        withheld
      ) : customer.isPending || (access.readTaxId.allowed && taxId.isPending) ? (
        <LoadingState label="Loading the billing address…" />
      ) : customer.isError ? (
        <ErrorState title="Failed to load the billing address" message={customer.error.message} onRetry={() => void customer.refetch()} />
      ) : taxId.isError ? (
        <ErrorState title="Failed to load the tax ID" message={taxId.error.message} onRetry={() => void taxId.refetch()} />
      ) : (
        <AddressForm
          // A fresh form whenever the saved values change (after a save or a refetch).
          key={`${customer.dataUpdatedAt}-${taxId.dataUpdatedAt}`}
          organization={organization}
          initial={formFromCustomer(customer.data, taxId.data, organization.name)}
          savedTaxId={taxId.data ?? null}
          readOnlyReason={access.write.loading ? null : access.write.reason}
          writeLoading={access.write.loading}
        />
      )}
    </section>
  )
}

function AddressForm({
  organization,
  initial,
  savedTaxId,
  readOnlyReason,
  writeLoading,
}: {
  organization: Organization
  initial: BillingForm
  savedTaxId: TaxId | null
  readOnlyReason: string | null
  writeLoading: boolean
}) {
  const queryClient = useQueryClient()
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<Partial<Record<keyof BillingForm, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const errors: BillingFormErrors = useMemo(() => validateBillingForm(values), [values])
  const readOnly = readOnlyReason !== null || writeLoading
  const dirty = JSON.stringify(values) !== JSON.stringify(initial)
  const taxTypes = taxIdTypesFor(values.country)
  const stateLabel = ownValue(STATE_REQUIRED, values.country)
  const postal = ownValue(POSTAL_CODE_PATTERNS, values.country)

  const save = useMutation({
    mutationFn: async (form: BillingForm) => {
      await updateOrganizationCustomer(organization.slug, toCustomerUpdate(form))
      const taxUpdate = toTaxIdUpdate(form)
      if (taxUpdate) await saveOrganizationTaxId(organization.slug, taxUpdate)
      else if (savedTaxId) await deleteOrganizationTaxId(organization.slug)
    },
    onSuccess: async () => {
      showToast('success', M.saved)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organizationCustomer(organization.slug) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizationTaxId(organization.slug) }),
      ])
    },
  })

  const visible = (field: keyof BillingForm) => visibleFieldError({ errors, touched, submitAttempted: submitted }, field)
  const set = <K extends keyof BillingForm>(field: K, value: BillingForm[K]) => setValues((current) => ({ ...current, [field]: value }))
  const text = (field: 'billingName' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'taxIdValue') => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    className: inputClass,
    readOnly,
  })

  function changeCountry(country: string) {
    const types = taxIdTypesFor(country)
    setValues((current) => ({
      ...current,
      country,
      // A tax ID type of the old country does not fit the new one; a country with one type gets it chosen.
      taxIdType: types.some((t) => t.type === current.taxIdType) ? current.taxIdType : types.length === 1 ? types[0]!.type : '',
    }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (readOnly) return
    setSubmitted(true)
    const first = FIELD_ORDER.find((field) => errors[field])
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#${fieldId(first)}`)?.focus()
      return
    }
    save.mutate(values)
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Billing address" className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      {readOnlyReason ? (
        <Callout tone="warning" title="Read-only">
          {readOnlyReason}
        </Callout>
      ) : null}
      <fieldset disabled={save.isPending} className={css({ border: '0', m: '0', p: '0', minW: '0', display: 'flex', flexDir: 'column', gap: '4' })}>
        <FormField
          id={fieldId('billingName')}
          label="Name on invoices"
          error={visible('billingName')}
          hint="Your name, or the registered name of your business."
        >
          <input {...text('billingName')} {...describedBy(fieldId('billingName'), visible('billingName'), true)} autoComplete="organization" />
        </FormField>
        <FormField id={fieldId('country')} label="Country" error={visible('country')}>
          <select
            className={inputClass}
            value={values.country}
            disabled={readOnly}
            onChange={(event) => changeCountry(event.target.value)}
            onBlur={() => setTouched((current) => ({ ...current, country: true }))}
            autoComplete="country"
            {...describedBy(fieldId('country'), visible('country'), false)}
          >
            <option value="" disabled>
              Choose a country
            </option>
            {COUNTRY_OPTIONS.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <div className={pairClass}>
          <FormField id={fieldId('line1')} label="Address line 1" error={visible('line1')}>
            <input {...text('line1')} {...describedBy(fieldId('line1'), visible('line1'), false)} autoComplete="address-line1" />
          </FormField>
          <FormField id={fieldId('line2')} label="Address line 2 (optional)" error={visible('line2')}>
            <input {...text('line2')} {...describedBy(fieldId('line2'), visible('line2'), false)} autoComplete="address-line2" />
          </FormField>
        </div>
        <div className={gridClass}>
          <FormField id={fieldId('city')} label="City" error={visible('city')}>
            <input {...text('city')} {...describedBy(fieldId('city'), visible('city'), false)} autoComplete="address-level2" />
          </FormField>
          <FormField id={fieldId('state')} label={stateLabel ?? 'State or region (optional)'} error={visible('state')}>
            <input {...text('state')} {...describedBy(fieldId('state'), visible('state'), false)} autoComplete="address-level1" />
          </FormField>
          <FormField
            id={fieldId('postalCode')}
            label={postal || !values.country ? 'Postcode' : 'Postcode (optional)'}
            error={visible('postalCode')}
            hint={postal ? `For example ${postal.example}` : undefined}
          >
            <input {...text('postalCode')} {...describedBy(fieldId('postalCode'), visible('postalCode'), Boolean(postal))} autoComplete="postal-code" />
          </FormField>
        </div>
        <div className={css({ borderTopWidth: '1px', borderColor: 'border.default', pt: '4', display: 'flex', flexDir: 'column', gap: '4' })}>
          <Switch
            checked={values.business}
            onCheckedChange={(checked) => set('business', checked)}
            disabled={readOnly}
            label="Billed as a registered business"
            description="Businesses add their tax ID, so invoices show it and tax is charged correctly."
          />
          {values.business ? (
            <div className={pairClass}>
              <FormField
                id={fieldId('taxIdType')}
                label="Tax ID type"
                error={visible('taxIdType') ?? (values.country && taxTypes.length === 0 ? M.taxIdTypeUnavailable : null)}
                hint={values.country ? undefined : 'Choose the country first.'}
              >
                <select
                  className={inputClass}
                  value={values.taxIdType}
                  disabled={readOnly || taxTypes.length === 0}
                  onChange={(event) => set('taxIdType', event.target.value)}
                  onBlur={() => setTouched((current) => ({ ...current, taxIdType: true }))}
                  {...describedBy(fieldId('taxIdType'), visible('taxIdType'), !values.country)}
                >
                  <option value="" disabled>
                    Choose a type
                  </option>
                  {taxTypes.map((t) => (
                    <option key={t.type} value={t.type}>
                      {t.label}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField
                id={fieldId('taxIdValue')}
                label="Tax ID"
                error={visible('taxIdValue')}
                hint={
                  taxTypes.find((t) => t.type === values.taxIdType) ? `For example ${taxTypes.find((t) => t.type === values.taxIdType)!.example}` : undefined
                }
              >
                <input
                  {...text('taxIdValue')}
                  {...describedBy(fieldId('taxIdValue'), visible('taxIdValue'), Boolean(values.taxIdType))}
                  placeholder={taxTypes.find((t) => t.type === values.taxIdType)?.example}
                  spellCheck={false}
                />
              </FormField>
            </div>
          ) : null}
        </div>
      </fieldset>
      {save.isError ? (
        <p role="alert" className={css({ p: '3', borderRadius: 'md', borderWidth: '1px', borderColor: 'danger.default', bg: 'danger.subtle', fontSize: 'sm' })}>
          {M.saveFailed(save.error.message)}
        </p>
      ) : null}
      {readOnly ? null : (
        <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
          <Button
            onClick={() => {
              setValues(initial)
              setTouched({})
              setSubmitted(false)
              save.reset()
            }}
            disabled={!dirty || save.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={save.isPending} disabled={!dirty}>
            Save
          </Button>
        </div>
      )}
    </form>
  )
}
