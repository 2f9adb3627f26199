import { useQuery, useQueryClient } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Link } from 'wouter'
import { planChangeMachine } from '../../../machines/plan-change.machine'
import { changeOrganizationPlan, organizationPlansQuery } from '../../api/queries/billing'
import { queryKeys } from '../../api/queries/keys'
import type { BillingPlans, Organization } from '../../api/schemas'
import { BILLING_MESSAGE, BILLING_RESOURCES, BILLING_SECTIONS, MANAGED_BY, PLAN_NAMES, PLAN_ORDER, type PlanId } from '../../constants'
import { formatMonthlyPrice } from '../../lib/billing-money'
import { planChangeKind, planTier, tierOf } from '../../lib/plan-change'
import { PermissionAction } from '../../lib/permissions'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { Callout } from '../../ui/callout'
import { GuardedButton } from '../../ui/guarded-button'
import { showToast } from '../../ui/toast'
import { usePermission } from '../permissions'
import { SectionHeading, sectionCardClass } from './billing-section'
import { PlanChangeDialog } from './PlanChangeDialog'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

const HEADING_ID = 'billing-plans-heading'

const cardClass = css({
  display: 'flex',
  flexDir: 'column',
  gap: '3',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.canvas',
  '&[data-current]': { borderColor: 'accent.default', boxShadow: '0 0 0 1px token(colors.accent.default)' },
})
const featureListClass = css({
  display: 'flex',
  flexDir: 'column',
  gap: '1.5',
  fontSize: 'sm',
  color: 'fg.muted',
  flex: '1',
  '& li': { display: 'flex', gap: '2', alignItems: 'baseline' },
  '& li::before': { content: '"✓"', color: 'accent.default', fontWeight: 'semibold', flexShrink: 0 },
})

type ChangeType = BillingPlans['plans'][number]['change_type']

/**
 * #plans: a card per plan with its features and call to action. Changing plan goes through the
 * plan-change machine (confirm with the price change, change, changed or failed with retry).
 * A partner's organization sees the plans but changes them at the partner; Enterprise goes through sales.
 */
export function PlansSection({ organization, currentPlan }: { organization: Organization; currentPlan: PlanId }) {
  const slug = organization.slug
  const queryClient = useQueryClient()
  const plans = useQuery(organizationPlansQuery(slug))
  const partner = organization.billing_partner
  const permission = usePermission(
    PermissionAction.BILLING_WRITE,
    BILLING_RESOURCES.subscriptions,
    { organizationSlug: slug },
    BILLING_MESSAGE.changePlanPermission,
  )
  const [snapshot, send] = useInspectedMachine(
    planChangeMachine.provide({
      actors: {
        changePlan: fromPromiseUntilStopped(async ({ input, signal }) => {
          const subscription = await changeOrganizationPlan(input.organizationSlug, input.tier, { signal })
          queryClient.setQueryData(queryKeys.organizationSubscription(input.organizationSlug), subscription)
          return subscription
        }),
      },
      actions: {
        onChanged: (_, changed) => {
          showToast('success', BILLING_MESSAGE.planChanged(organization.name, PLAN_NAMES[tierOf(changed.tier).planId]))
          // The plan shows in the organization list too; limits, costs, plans and invoices follow it.
          void queryClient.invalidateQueries({ queryKey: queryKeys.organizations(), exact: true })
          void queryClient.invalidateQueries({ queryKey: queryKeys.organizationBilling(changed.organizationSlug) })
        },
      },
    }),
    { input: { organizationSlug: slug } },
  )
  const dialogState = snapshot.matches('confirming') ? 'confirming' : snapshot.matches('changing') ? 'changing' : snapshot.matches('failed') ? 'failed' : null
  const changeTypes = new Map<PlanId, ChangeType>((plans.data?.plans ?? []).map((p) => [tierOf(p.id).planId, p.change_type]))

  function action(plan: PlanId) {
    if (plan === currentPlan) {
      return (
        <Button disabled aria-label={`${PLAN_NAMES[plan]} is the current plan`}>
          Current plan
        </Button>
      )
    }
    if (partner) return <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>Changed in {MANAGED_BY[partner].label}</p>
    if (plan === 'enterprise' || currentPlan === 'enterprise') {
      const subject = `${PLAN_NAMES[plan]} plan for ${organization.name}`
      return (
        <Link href={`/support/new?${new URLSearchParams({ category: 'sales', subject })}`} className={button({ variant: 'default' })}>
          {plan === 'enterprise' ? planTier('enterprise').cta : 'Contact us'}
        </Link>
      )
    }
    const kind = changeTypes.get(plan) ?? planChangeKind(currentPlan, plan)
    const tier = planTier(plan)
    return (
      <GuardedButton
        variant={kind === 'upgrade' ? 'primary' : 'default'}
        blockedReason={permission.reason}
        disabled={permission.loading || plans.isPending || dialogState !== null}
        onClick={() => send({ type: 'plan.select', from: currentPlan, tier: tier.id })}
      >
        {kind === 'upgrade' ? tier.cta : `Downgrade to ${PLAN_NAMES[plan]}`}
      </GuardedButton>
    )
  }

  return (
    <section aria-labelledby={HEADING_ID} className={sectionCardClass}>
      <SectionHeading
        headingId={HEADING_ID}
        title="Plans"
        description={
          <>
            Every plan with what it includes.{' '}
            <a href={`#${BILLING_SECTIONS.features}`} className={css({ color: 'accent.default', textDecoration: 'underline', textUnderlineOffset: '2px' })}>
              Compare every feature
            </a>
          </>
        }
      />
      {currentPlan === 'enterprise' && !partner ? (
        <Callout tone="info" title="Enterprise plan">
          {BILLING_MESSAGE.enterpriseManaged}
        </Callout>
      ) : null}
      <ul aria-label="Plans" className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }, gap: '3' })}>
        {PLAN_ORDER.map((plan) => {
          const tier = planTier(plan)
          const current = plan === currentPlan
          return (
            <li key={plan} aria-label={PLAN_NAMES[plan]} data-current={current || undefined} className={cardClass}>
              <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' })}>
                <h3 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>{PLAN_NAMES[plan]}</h3>
                {current ? <Badge tone="success">Current</Badge> : null}
              </div>
              <p className={css({ fontSize: '2xl', fontWeight: 'semibold', lineHeight: 'tight' })}>
                {tier.priceMonthly === null ? (
                  'Custom'
                ) : (
                  <>
                    {formatMonthlyPrice(tier.priceMonthly).replace('/month', '')}
                    <span className={css({ fontSize: 'sm', fontWeight: 'normal', color: 'fg.muted' })}> /month</span>
                  </>
                )}
              </p>
              <ul aria-label={`${PLAN_NAMES[plan]} features`} className={featureListClass}>
                {tier.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <div className={css({ display: 'flex', flexDir: 'column', '& > *, & button': { w: 'full', justifyContent: 'center' } })}>{action(plan)}</div>
            </li>
          )
        })}
      </ul>
      <PlanChangeDialog
        choice={snapshot.context.choice}
        state={dialogState}
        error={snapshot.context.error}
        onConfirm={() => send({ type: 'plan.confirm' })}
        onRetry={() => send({ type: 'plan.retry' })}
        onCancel={() => send({ type: 'plan.cancel' })}
      />
    </section>
  )
}
