import * as v from 'valibot'
import {
  DEFAULT_ORGANIZATION_KIND,
  DEFAULT_ORGANIZATION_SIZE,
  NEW_ORGANIZATION_MESSAGE,
  ORGANIZATION_KIND_IDS,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_SIZE_IDS,
  PLAN_TIER,
  PRICING_TIER_IDS,
  SELF_SERVE_PLANS,
  SIZED_ORGANIZATION_KIND,
  type OrganizationKind,
  type OrganizationSize,
  type PlanId,
  type PricingTierId,
} from '../constants'

/*
 * Decisions (SPEC leaves organization creation "not shown"; PLATFORM-API §2 gives the body):
 * - Plans offered are the self-serve ones (Free, Pro, Team); Enterprise is agreed with sales.
 * - Pro with its spend cap off is the platform's pay-as-you-go tier (`tier_payg`), as on the platform.
 * - The size is sent only for a company, the one type that asks for it.
 * - A name is trimmed; an empty or over-long one is refused with a message, never cut.
 * - No payment method is collected here (the mock platform has no card processor): a paid
 *   organization starts without one and its billing page asks for the billing details.
 */

const { nameRequired, nameTooLong, kindInvalid, sizeInvalid, planInvalid } = NEW_ORGANIZATION_MESSAGE

export const OrganizationNameSchema = v.pipe(
  v.string(nameRequired),
  v.trim(),
  v.nonEmpty(nameRequired),
  v.maxLength(ORGANIZATION_NAME_MAX_LENGTH, nameTooLong(ORGANIZATION_NAME_MAX_LENGTH)),
)

/** POST /platform/organizations (PLATFORM-API §2): what the form sends and what the mock platform checks. */
export const CreateOrganizationBodySchema = v.object({
  name: OrganizationNameSchema,
  tier: v.picklist(PRICING_TIER_IDS, planInvalid),
  kind: v.optional(v.picklist(ORGANIZATION_KIND_IDS, kindInvalid)),
  size: v.optional(v.picklist(ORGANIZATION_SIZE_IDS, sizeInvalid)),
  payment_method: v.optional(v.string()),
})
export type CreateOrganizationBody = v.InferOutput<typeof CreateOrganizationBodySchema>

/** The form's values. */
export interface NewOrganizationDraft {
  name: string
  kind: OrganizationKind
  size: OrganizationSize
  plan: PlanId
  /** Pro only: on keeps usage within the quota; off is pay as you go. */
  spendCap: boolean
}
export type NewOrganizationErrors = Partial<Record<'name' | 'plan', string>>

export const EMPTY_ORGANIZATION_DRAFT: NewOrganizationDraft = {
  name: '',
  kind: DEFAULT_ORGANIZATION_KIND,
  size: DEFAULT_ORGANIZATION_SIZE,
  plan: 'free',
  spendCap: true,
}

/** The tier a plan is created on: Pro without a spend cap is pay as you go. */
export function tierFor(plan: PlanId, spendCap: boolean): PricingTierId {
  return plan === 'pro' && !spendCap ? 'tier_payg' : PLAN_TIER[plan]
}

/** A plan from a link (`/new?plan=pro`), when it is one a new organization can start on. */
export function selfServePlanFrom(value: string | null | undefined): PlanId | undefined {
  const wanted = value?.trim().toLowerCase()
  return SELF_SERVE_PLANS.find((plan) => plan === wanted)
}

export type NewOrganizationValidation =
  | { ok: true; body: CreateOrganizationBody; errors: NewOrganizationErrors }
  | { ok: false; errors: NewOrganizationErrors }

/** Checks the form: the body to send, or the message of each failing field. */
export function validateNewOrganization(draft: NewOrganizationDraft): NewOrganizationValidation {
  const errors: NewOrganizationErrors = {}
  const name = v.safeParse(OrganizationNameSchema, draft.name)
  if (!name.success) errors.name = name.issues[0].message
  if (!SELF_SERVE_PLANS.includes(draft.plan)) errors.plan = planInvalid
  if (!name.success || errors.plan) return { ok: false, errors }
  const body: CreateOrganizationBody = {
    name: name.output,
    tier: tierFor(draft.plan, draft.spendCap),
    kind: draft.kind,
    ...(draft.kind === SIZED_ORGANIZATION_KIND ? { size: draft.size } : {}),
  }
  return { ok: true, body, errors }
}
