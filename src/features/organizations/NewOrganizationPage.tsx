import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation, useSearch } from 'wouter'
import { createOrganizationMachine, visibleNameError } from '../../../machines/create-organization.machine'
import { queryKeys } from '../../api/queries/keys'
import { createOrganization } from '../../api/queries/organizations'
import {
  DEFAULT_RETURN_PATH,
  NEW_ORGANIZATION_MESSAGE,
  ORGANIZATION_KINDS,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_SIZES,
  PLAN_NAMES,
  PLAN_PRICES_MONTHLY,
  PRICING_TIERS,
  SELF_SERVE_PLANS,
  SIZED_ORGANIZATION_KIND,
  type OrganizationKind,
  type OrganizationSize,
} from '../../constants'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { selfServePlanFrom } from '../../lib/new-organization'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { describedBy, FormField, inputClass, TextField } from '../../ui/field'
import { choiceCardClass, FormSection } from '../../ui/form-section'
import { Switch } from '../../ui/switch'
import { showToast } from '../../ui/toast'
import { pageClass } from '../../ui/page-layout'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

const formClass = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', px: '6', py: '1' })
const tierOf = (plan: string) => PRICING_TIERS.find((t) => t.planId === plan && t.id !== 'tier_payg')!

/**
 * /new: create an organization, as the platform does (name, type, plan; PLATFORM-API §2). The
 * creator is its owner; afterwards the dashboard opens it, where the first project starts.
 * `?plan=pro` preselects a plan.
 */
export default function NewOrganizationPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const [initialPlan] = useState(() => selfServePlanFrom(new URLSearchParams(search).get('plan')))
  const machine = useMemo(
    () =>
      createOrganizationMachine.provide({
        actors: {
          create: fromPromiseUntilStopped(async ({ input, signal }) => {
            const organization = await createOrganization(input, { signal })
            // The organization page reads the list and the permissions: both must know the new one before it opens.
            await Promise.all(
              [queryKeys.organizations(), queryKeys.permissions()].map((queryKey) =>
                queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'all' }),
              ),
            )
            return { slug: organization.slug, name: organization.name }
          }),
        },
        actions: {
          onCreated: (_, { organization }) => {
            showToast('success', NEW_ORGANIZATION_MESSAGE.created(organization.name))
            navigate(`/org/${encodeURIComponent(organization.slug)}`)
          },
        },
      }),
    [queryClient, navigate],
  )
  const [snapshot, send] = useInspectedMachine(machine, { input: { values: initialPlan ? { plan: initialPlan } : {} } })
  const { context } = snapshot
  const { values } = context
  const creating = snapshot.matches('creating') || snapshot.matches('created')
  const tier = tierOf(values.plan)

  function submit(event: FormEvent) {
    event.preventDefault()
    send({ type: 'submit' })
  }

  return (
    <div className={pageClass}>
      <header className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{NEW_ORGANIZATION_MESSAGE.title}</h1>
        <p className={css({ color: 'fg.muted' })}>{NEW_ORGANIZATION_MESSAGE.intro}</p>
      </header>
      <form onSubmit={submit} noValidate aria-label="New organization" className={formClass}>
        <fieldset disabled={creating} className={css({ border: '0', p: '0', m: '0', minW: '0' })}>
          <FormSection title="Organization" description="How the organization appears in lists, invitations and invoices.">
            <TextField
              label="Name"
              placeholder="Organization name"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists for this form: its first field takes focus as it opens
              autoFocus
              value={values.name}
              onChange={(e) => send({ type: 'change', values: { name: e.target.value } })}
              onBlur={() => send({ type: 'name.blur' })}
              error={visibleNameError(context)}
              hint={`What's the name of your company or team? Up to ${ORGANIZATION_NAME_MAX_LENGTH} characters.`}
            />
            <FormField id="organization-kind" label="Type" hint="What best describes your organization?">
              <select
                {...describedBy('organization-kind', null, true)}
                className={inputClass}
                value={values.kind}
                onChange={(e) => send({ type: 'change', values: { kind: e.target.value as OrganizationKind } })}
              >
                {ORGANIZATION_KINDS.map((kind) => (
                  <option key={kind.id} value={kind.id}>
                    {kind.label}
                  </option>
                ))}
              </select>
            </FormField>
            {values.kind === SIZED_ORGANIZATION_KIND ? (
              <FormField id="organization-size" label="Company size" hint="How many people are in your company?">
                <select
                  {...describedBy('organization-size', null, true)}
                  className={inputClass}
                  value={values.size}
                  onChange={(e) => send({ type: 'change', values: { size: e.target.value as OrganizationSize } })}
                >
                  {ORGANIZATION_SIZES.map((size) => (
                    <option key={size.id} value={size.id}>
                      {size.label}
                    </option>
                  ))}
                </select>
              </FormField>
            ) : null}
          </FormSection>
          <FormSection title="Plan" description="Applies to this organization and all its projects. You can change it on the billing page later.">
            <div role="radiogroup" aria-label="Plan" className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, 1fr)' }, gap: '3' })}>
              {SELF_SERVE_PLANS.map((plan) => (
                <label key={plan} className={choiceCardClass}>
                  <span className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
                    <input
                      type="radio"
                      name="plan"
                      value={plan}
                      checked={values.plan === plan}
                      onChange={() => send({ type: 'change', values: { plan } })}
                    />
                    <strong>{PLAN_NAMES[plan]}</strong>
                  </span>
                  <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>${PLAN_PRICES_MONTHLY[plan]} per month</span>
                </label>
              ))}
            </div>
            {values.plan === 'pro' ? (
              <Switch
                label={NEW_ORGANIZATION_MESSAGE.spendCap}
                description={NEW_ORGANIZATION_MESSAGE.spendCapDescription}
                checked={values.spendCap}
                onCheckedChange={(spendCap) => send({ type: 'change', values: { spendCap } })}
                disabled={creating}
              />
            ) : null}
            {values.plan === 'free' ? (
              <Callout title={NEW_ORGANIZATION_MESSAGE.freePlanTitle}>{NEW_ORGANIZATION_MESSAGE.freePlan}</Callout>
            ) : (
              <Callout title={tier.name}>{NEW_ORGANIZATION_MESSAGE.paidPlan}</Callout>
            )}
          </FormSection>
        </fieldset>
        {context.sendError ? (
          <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm', pb: '3' })}>
            {NEW_ORGANIZATION_MESSAGE.createFailed(context.sendError)}
          </p>
        ) : null}
        <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', py: '4', borderTopWidth: '1px', borderColor: 'border.default' })}>
          <Link href={DEFAULT_RETURN_PATH} className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            {NEW_ORGANIZATION_MESSAGE.cancel}
          </Link>
          <Button type="submit" variant="primary" loading={creating}>
            {creating ? NEW_ORGANIZATION_MESSAGE.submitting : NEW_ORGANIZATION_MESSAGE.submit}
          </Button>
        </div>
      </form>
    </div>
  )
}
