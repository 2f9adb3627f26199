// Plans, pricing tiers, the plan feature matrix and the usage limits of SPEC.md §3 and §9.
// Every number SPEC states is written here once; entries SPEC is silent on carry a
// "Not in SPEC" comment and use the real platform's public figures.
import { PLAN_LIMITS, type PlanId } from './platform'

/** SPEC §9 byte constants. */
export const BYTES_PER_GB = 1_073_741_824
export const BYTES_PER_MB = 1_048_576
/** Not a SPEC constant: 1 KB, for the realtime message size (250 KB). */
export const BYTES_PER_KB = 1024

/** Readable plan names (PLAN_IDS are in platform.ts). */
export const PLAN_NAMES = { free: 'Free', pro: 'Pro', team: 'Team', enterprise: 'Enterprise' } as const satisfies Record<PlanId, string>
/** Plans from cheapest to most expensive: a move to the right is an upgrade. */
export const PLAN_ORDER: readonly PlanId[] = ['free', 'pro', 'team', 'enterprise']

/** SPEC §9: Free $0, Pro $25/month, Team $599/month, Enterprise custom (null). */
export const PLAN_PRICES_MONTHLY = { free: 0, pro: 25, team: 599, enterprise: null } as const satisfies Record<PlanId, number | null>

/**
 * Compute credits per month (USD): SPEC §9 gives Pro $10. Not in SPEC: the real platform includes the
 * same $10 on Team; Enterprise credits are part of the contract (none shown).
 */
export const PLAN_COMPUTE_CREDITS_MONTHLY = { free: 0, pro: 10, team: 10, enterprise: 0 } as const satisfies Record<PlanId, number>

/** Not in SPEC: the real platform's monthly price of the two smallest compute sizes (SPEC §9 gives their figures only). */
export const COMPUTE_PRICES_MONTHLY = { nano: 0, micro: 10 } as const

export const PRICING_TIER_IDS = ['tier_free', 'tier_pro', 'tier_payg', 'tier_team', 'tier_enterprise'] as const
export type PricingTierId = (typeof PRICING_TIER_IDS)[number]

/** SPEC §3 pricing tier: id, planId, name, priceMonthly, features, cta. */
export interface PricingTier {
  id: PricingTierId
  planId: PlanId
  /** The label of the tier, e.g. 'Pro - $25/month'. */
  name: string
  /** USD per month; null is custom (Enterprise). */
  priceMonthly: number | null
  /** What the plan card lists. */
  features: readonly string[]
  /** The call to action of the tier's card when it is not the current plan and is an upgrade. */
  cta: string
}

export const PRICING_TIERS: readonly PricingTier[] = [
  {
    id: 'tier_free',
    planId: 'free',
    name: 'Free - $0/month',
    priceMonthly: PLAN_PRICES_MONTHLY.free,
    features: [
      'Unlimited API requests',
      '50,000 monthly active users',
      '500 MB database size per project',
      '5 GB egress',
      '5 GB cached egress',
      '1 GB file storage',
      'Paused after 1 week of inactivity',
      `Limit of ${PLAN_LIMITS.free.activeProjects} active projects`,
      'Community support',
    ],
    cta: 'Start for free',
  },
  {
    id: 'tier_pro',
    planId: 'pro',
    name: 'Pro - $25/month',
    priceMonthly: PLAN_PRICES_MONTHLY.pro,
    features: [
      'Everything in the Free plan',
      '$10 in compute credits included',
      '100,000 monthly active users, then $0.00325 per MAU',
      '8 GB disk per project, then $0.125 per GB',
      '250 GB egress, then $0.09 per GB',
      '250 GB cached egress, then $0.03 per GB',
      '100 GB file storage, then $0.021 per GB',
      'Daily backups kept for 7 days',
      '7-day log retention',
      'Email support',
    ],
    cta: 'Upgrade to Pro',
  },
  // Not in SPEC beyond its id: the real platform's usage-billed Pro (spend cap off). It has no card of its own.
  {
    id: 'tier_payg',
    planId: 'pro',
    name: 'Pay as you go',
    priceMonthly: PLAN_PRICES_MONTHLY.pro,
    features: ['Everything in the Pro plan', 'Usage above the included quota billed instead of capped'],
    cta: 'Switch to pay as you go',
  },
  {
    id: 'tier_team',
    planId: 'team',
    name: 'Team - $599/month',
    priceMonthly: PLAN_PRICES_MONTHLY.team,
    features: [
      'Everything in the Pro plan',
      'Read-only and predefined project-scoped roles',
      'SSO for the dashboard',
      'Daily backups kept for 14 days',
      '28-day log retention',
      'Auth audit trails kept for 28 days',
      'SOC 2 and HIPAA available',
      'Email support with an SLA',
    ],
    cta: 'Upgrade to Team',
  },
  {
    id: 'tier_enterprise',
    planId: 'enterprise',
    name: 'Enterprise - Custom',
    priceMonthly: PLAN_PRICES_MONTHLY.enterprise,
    features: [
      'Everything in the Team plan',
      'Custom project-scoped roles',
      '90-day log retention',
      'Designated support and uptime SLAs',
      'Bring your own cloud',
      'Volume pricing on usage',
    ],
    cta: 'Contact sales',
  },
]

/** The tier a plan's card shows (pay as you go is Pro billed differently). */
export const PLAN_TIER: Record<PlanId, PricingTierId> = { free: 'tier_free', pro: 'tier_pro', team: 'tier_team', enterprise: 'tier_enterprise' }
/** Plans that cannot be chosen on the billing page: Enterprise is agreed with sales. */
export const SELF_SERVE_PLANS: readonly PlanId[] = ['free', 'pro', 'team']

export const FEATURE_CATEGORIES = [
  { id: 'database', title: 'Database' },
  { id: 'auth', title: 'Auth' },
  { id: 'storage', title: 'Storage' },
  { id: 'edge_functions', title: 'Edge Functions' },
  { id: 'realtime', title: 'Realtime' },
  { id: 'dashboard', title: 'Dashboard' },
  { id: 'security', title: 'Platform security and compliance' },
  { id: 'support', title: 'Support' },
] as const
export type FeatureCategoryId = (typeof FEATURE_CATEGORIES)[number]['id']

/** SPEC §3 plan feature matrix entry: a value per plan that is true, false or text, and whether it is billed by usage. */
export interface PlanFeature {
  key: string
  title: string
  plans: Record<PlanId, boolean | string>
  usage_based: boolean
}

const everyPlan = (value: boolean | string): Record<PlanId, boolean | string> => ({ free: value, pro: value, team: value, enterprise: value })
const paidFrom = (plan: 'pro' | 'team' | 'enterprise'): Record<PlanId, boolean> => {
  const from = PLAN_ORDER.indexOf(plan)
  return { free: from <= 0, pro: from <= 1, team: from <= 2, enterprise: true }
}

/** The plan feature matrix, by the eight categories of SPEC §3, with the figures of SPEC §9. */
export const PLAN_FEATURE_MATRIX: Record<FeatureCategoryId, readonly PlanFeature[]> = {
  database: [
    { key: 'database.dedicatedPostgres', title: 'Dedicated Postgres database', plans: everyPlan(true), usage_based: false },
    { key: 'database.unlimitedApiRequests', title: 'Unlimited API requests', plans: everyPlan(true), usage_based: false },
    {
      key: 'database.size',
      title: 'Database size',
      plans: {
        free: '500 MB per project included',
        pro: '8 GB per project included, then $0.125 per GB',
        team: '8 GB per project included, then $0.125 per GB',
        enterprise: 'Custom',
      },
      usage_based: true,
    },
    {
      key: 'database.egress',
      title: 'Egress',
      plans: { free: '5 GB included', pro: '250 GB included, then $0.09 per GB', team: '250 GB included, then $0.09 per GB', enterprise: 'Custom' },
      usage_based: true,
    },
    {
      key: 'database.cachedEgress',
      title: 'Cached egress',
      plans: { free: '5 GB included', pro: '250 GB included, then $0.03 per GB', team: '250 GB included, then $0.03 per GB', enterprise: 'Custom' },
      usage_based: true,
    },
    {
      key: 'database.automaticBackups',
      title: 'Automatic backups',
      plans: { free: false, pro: '7 days', team: '14 days', enterprise: 'Custom' },
      usage_based: false,
    },
    {
      key: 'database.pitr',
      title: 'Point-in-time recovery',
      plans: {
        free: false,
        pro: '$100 per month per 7 days of retention',
        team: '$100 per month per 7 days of retention',
        // Not in SPEC: the real platform offers more than 28 days on Enterprise.
        enterprise: '$100 per month per 7 days of retention, more than 28 days available',
      },
      usage_based: false,
    },
    {
      key: 'database.branching',
      title: 'Branching',
      plans: { free: false, pro: '$0.01344 per branch-hour', team: '$0.01344 per branch-hour', enterprise: 'Custom' },
      usage_based: true,
    },
    {
      key: 'database.pausing',
      title: 'Project pausing',
      plans: { free: 'After 1 week of inactivity', pro: 'Never', team: 'Never', enterprise: 'Never' },
      usage_based: false,
    },
    {
      key: 'database.activeProjects',
      title: 'Active projects',
      plans: { free: `${PLAN_LIMITS.free.activeProjects} active projects`, pro: 'Unlimited', team: 'Unlimited', enterprise: 'Unlimited' },
      usage_based: false,
    },
  ],
  auth: [
    { key: 'auth.totalUsers', title: 'Total users', plans: everyPlan('Unlimited'), usage_based: false },
    {
      key: 'auth.maus',
      title: 'Monthly active users',
      plans: { free: '50,000 included', pro: '100,000 included, then $0.00325 per MAU', team: '100,000 included, then $0.00325 per MAU', enterprise: 'Custom' },
      usage_based: true,
    },
    // Not in SPEC: SSO MAUs are not available on Free on the real platform.
    {
      key: 'auth.saml',
      title: 'Single sign-on (SAML 2.0) MAUs',
      plans: { free: false, pro: '50 included, then $0.015 per MAU', team: '50 included, then $0.015 per MAU', enterprise: 'Contact us' },
      usage_based: true,
    },
    { key: 'auth.socialOAuthProviders', title: 'Social OAuth providers', plans: everyPlan(true), usage_based: false },
    { key: 'auth.customSmtpServer', title: 'Custom SMTP server', plans: everyPlan(true), usage_based: false },
    { key: 'auth.basicMfa', title: 'Multi-factor auth (TOTP)', plans: everyPlan(true), usage_based: false },
    {
      key: 'auth.phoneMfa',
      title: 'Multi-factor auth (phone)',
      plans: {
        free: false,
        pro: '$75 per month for the first project, then $10 per month per additional project',
        team: '$75 per month for the first project, then $10 per month per additional project',
        enterprise: 'Custom',
      },
      usage_based: false,
    },
    // SPEC gives 1 hour / 7 days / 28 days; Enterprise retention is agreed per contract.
    {
      key: 'auth.auditTrails',
      title: 'Auth audit trails',
      plans: { free: '1 hour', pro: '7 days', team: '28 days', enterprise: 'Custom' },
      usage_based: false,
    },
    // Not in SPEC: the real platform's paid-plan auth features.
    { key: 'auth.removeBranding', title: 'No platform branding in auth emails', plans: paidFrom('pro'), usage_based: false },
    { key: 'auth.leakedPasswordProtection', title: 'Leaked password protection', plans: paidFrom('pro'), usage_based: false },
  ],
  storage: [
    {
      key: 'storage.size',
      title: 'Storage',
      plans: { free: '1 GB included', pro: '100 GB included, then $0.021 per GB', team: '100 GB included, then $0.021 per GB', enterprise: 'Custom' },
      usage_based: true,
    },
    {
      key: 'storage.maxFileSize',
      title: 'Maximum file upload size',
      plans: { free: '50 MB', pro: '500 GB', team: '500 GB', enterprise: 'Custom' },
      usage_based: false,
    },
    // Not in SPEC: image transformations are not available on Free on the real platform.
    {
      key: 'storage.imageTransformations',
      title: 'Image transformations',
      plans: { free: false, pro: '100 origin images included, then $5 per 1000', team: '100 origin images included, then $5 per 1000', enterprise: 'Custom' },
      usage_based: true,
    },
    { key: 'storage.customAccessControls', title: 'Custom access controls', plans: everyPlan(true), usage_based: false },
    // Not in SPEC: the real platform's CDN tiers.
    {
      key: 'storage.cdn',
      title: 'Content delivery network',
      plans: { free: 'Basic CDN', pro: 'Smart CDN', team: 'Smart CDN', enterprise: 'Smart CDN' },
      usage_based: false,
    },
  ],
  edge_functions: [
    {
      key: 'functions.invocations',
      title: 'Invocations',
      plans: {
        free: '500,000 included',
        pro: '2 million included, then $2 per million',
        team: '2 million included, then $2 per million',
        enterprise: 'Custom',
      },
      usage_based: true,
    },
    // Not in SPEC: the real platform's script size limit.
    { key: 'functions.scriptSize', title: 'Script size', plans: { free: '10 MB', pro: '10 MB', team: '10 MB', enterprise: 'Custom' }, usage_based: false },
  ],
  realtime: [
    { key: 'realtime.postgresChanges', title: 'Postgres changes', plans: everyPlan(true), usage_based: false },
    {
      key: 'realtime.peakConnections',
      title: 'Concurrent peak connections',
      plans: { free: '200 included', pro: '500 included, then $10 per 1000', team: '500 included, then $10 per 1000', enterprise: 'Custom' },
      usage_based: true,
    },
    {
      key: 'realtime.messages',
      title: 'Messages per month',
      plans: {
        free: '2 million included',
        pro: '5 million included, then $2.50 per million',
        team: '5 million included, then $2.50 per million',
        enterprise: 'Custom',
      },
      usage_based: true,
    },
    {
      key: 'realtime.maxMessageSize',
      title: 'Maximum message size',
      plans: { free: '250 KB', pro: '3 MB', team: '3 MB', enterprise: 'Custom' },
      usage_based: false,
    },
  ],
  dashboard: [
    { key: 'dashboard.teamMembers', title: 'Team members', plans: everyPlan('Unlimited'), usage_based: false },
    {
      key: 'dashboard.accessRoles',
      title: 'Access roles',
      plans: {
        free: 'Owner, Admin, Developer',
        pro: 'Owner, Admin, Developer',
        team: 'Owner, Admin, Developer, Read-only and predefined project-scoped roles',
        enterprise: 'Custom project-scoped roles',
      },
      usage_based: false,
    },
    { key: 'dashboard.sso', title: 'SSO for the dashboard', plans: paidFrom('team'), usage_based: false },
    // Not in SPEC: organization audit logs are a Team feature on the real platform.
    { key: 'dashboard.auditLogs', title: 'Organization audit logs', plans: paidFrom('team'), usage_based: false },
  ],
  security: [
    {
      key: 'security.logRetention',
      title: 'Log retention (API and database)',
      plans: { free: '1 day', pro: '7 days', team: '28 days', enterprise: '90 days' },
      usage_based: false,
    },
    // SPEC gives the price; Not in SPEC: which plans offer drains (the real platform: Team and up).
    {
      key: 'security.logDrain',
      title: 'Log drains',
      plans: { free: false, pro: false, team: '$60 per month, plus $0.20 per million events, plus $0.09 per GB', enterprise: 'Custom' },
      usage_based: true,
    },
    {
      key: 'security.customDomains',
      title: 'Custom domains',
      plans: { free: false, pro: '$10 per month', team: '$10 per month', enterprise: '$10 per month' },
      usage_based: false,
    },
    // Not in SPEC: the real platform's compliance and infrastructure options.
    { key: 'security.metricsEndpoint', title: 'Metrics endpoint', plans: paidFrom('pro'), usage_based: false },
    { key: 'security.soc2', title: 'SOC 2', plans: paidFrom('team'), usage_based: false },
    {
      key: 'security.hipaa',
      title: 'HIPAA',
      plans: { free: false, pro: false, team: 'Available as a paid add-on', enterprise: 'Available as a paid add-on' },
      usage_based: false,
    },
    { key: 'security.uptimeSla', title: 'Uptime SLA', plans: paidFrom('enterprise'), usage_based: false },
    { key: 'security.byoCloud', title: 'Bring your own cloud', plans: paidFrom('enterprise'), usage_based: false },
  ],
  support: [
    // Not in SPEC: the real platform's support levels.
    { key: 'support.community', title: 'Community support', plans: everyPlan(true), usage_based: false },
    { key: 'support.email', title: 'Email support', plans: paidFrom('pro'), usage_based: false },
    { key: 'support.emailSla', title: 'Email support SLA', plans: paidFrom('team'), usage_based: false },
    { key: 'support.securityQuestionnaire', title: 'Security questionnaire help', plans: paidFrom('team'), usage_based: false },
    { key: 'support.designated', title: 'Designated support', plans: paidFrom('enterprise'), usage_based: false },
  ],
}

/** Metrics of the organization usage endpoint (PLATFORM-API §2), named as the real platform names them. */
export const USAGE_METRICS = [
  'DATABASE_SIZE',
  'EGRESS',
  'CACHED_EGRESS',
  'STORAGE_SIZE',
  'MONTHLY_ACTIVE_USERS',
  'MONTHLY_ACTIVE_SSO_USERS',
  'STORAGE_IMAGES_TRANSFORMED',
  'FUNCTION_INVOCATIONS',
  'REALTIME_PEAK_CONNECTIONS',
  'REALTIME_MESSAGE_COUNT',
] as const
export type UsageMetric = (typeof USAGE_METRICS)[number]

/** A plan that has usage limits; Enterprise limits are custom (SPEC §9: not shown). */
export type MeteredPlanId = Exclude<PlanId, 'enterprise'>

export interface UsageLimit {
  metric: UsageMetric
  title: string
  category: FeatureCategoryId
  /** The matrix entry stating this limit. */
  featureKey: string
  /** bytes: shown in GB; count: a number of things. */
  unit: 'bytes' | 'count'
  /** The included amount applies to each project, not to the organization. */
  perProject: boolean
  /** Included per plan, in the unit; null: not available on that plan. */
  included: Record<MeteredPlanId, number | null>
  /** Usage above the included amount costs `price` USD per `per` units on paid plans; Free is capped instead. */
  overage: { price: number; per: number; unitLabel: string }
}

/** SPEC §9 usage limits (free / pro / team; two figures mean free / pro and team) and their overage prices. */
export const USAGE_LIMITS: Record<UsageMetric, UsageLimit> = {
  DATABASE_SIZE: {
    metric: 'DATABASE_SIZE',
    title: 'Database size',
    category: 'database',
    featureKey: 'database.size',
    unit: 'bytes',
    perProject: true,
    included: { free: 500 * BYTES_PER_MB, pro: 8 * BYTES_PER_GB, team: 8 * BYTES_PER_GB },
    overage: { price: 0.125, per: BYTES_PER_GB, unitLabel: 'GB' },
  },
  EGRESS: {
    metric: 'EGRESS',
    title: 'Egress',
    category: 'database',
    featureKey: 'database.egress',
    unit: 'bytes',
    perProject: false,
    included: { free: 5 * BYTES_PER_GB, pro: 250 * BYTES_PER_GB, team: 250 * BYTES_PER_GB },
    overage: { price: 0.09, per: BYTES_PER_GB, unitLabel: 'GB' },
  },
  CACHED_EGRESS: {
    metric: 'CACHED_EGRESS',
    title: 'Cached egress',
    category: 'database',
    featureKey: 'database.cachedEgress',
    unit: 'bytes',
    perProject: false,
    included: { free: 5 * BYTES_PER_GB, pro: 250 * BYTES_PER_GB, team: 250 * BYTES_PER_GB },
    overage: { price: 0.03, per: BYTES_PER_GB, unitLabel: 'GB' },
  },
  STORAGE_SIZE: {
    metric: 'STORAGE_SIZE',
    title: 'Storage size',
    category: 'storage',
    featureKey: 'storage.size',
    unit: 'bytes',
    perProject: false,
    included: { free: 1 * BYTES_PER_GB, pro: 100 * BYTES_PER_GB, team: 100 * BYTES_PER_GB },
    overage: { price: 0.021, per: BYTES_PER_GB, unitLabel: 'GB' },
  },
  MONTHLY_ACTIVE_USERS: {
    metric: 'MONTHLY_ACTIVE_USERS',
    title: 'Monthly active users',
    category: 'auth',
    featureKey: 'auth.maus',
    unit: 'count',
    perProject: false,
    included: { free: 50_000, pro: 100_000, team: 100_000 },
    overage: { price: 0.00325, per: 1, unitLabel: 'MAU' },
  },
  MONTHLY_ACTIVE_SSO_USERS: {
    metric: 'MONTHLY_ACTIVE_SSO_USERS',
    title: 'Monthly active SSO users',
    category: 'auth',
    featureKey: 'auth.saml',
    unit: 'count',
    perProject: false,
    // Not in SPEC: not available on Free (the real platform).
    included: { free: null, pro: 50, team: 50 },
    overage: { price: 0.015, per: 1, unitLabel: 'MAU' },
  },
  STORAGE_IMAGES_TRANSFORMED: {
    metric: 'STORAGE_IMAGES_TRANSFORMED',
    title: 'Image transformations',
    category: 'storage',
    featureKey: 'storage.imageTransformations',
    unit: 'count',
    perProject: false,
    // Not in SPEC: not available on Free (the real platform).
    included: { free: null, pro: 100, team: 100 },
    overage: { price: 5, per: 1000, unitLabel: '1000 origin images' },
  },
  FUNCTION_INVOCATIONS: {
    metric: 'FUNCTION_INVOCATIONS',
    title: 'Edge function invocations',
    category: 'edge_functions',
    featureKey: 'functions.invocations',
    unit: 'count',
    perProject: false,
    included: { free: 500_000, pro: 2_000_000, team: 2_000_000 },
    overage: { price: 2, per: 1_000_000, unitLabel: 'million invocations' },
  },
  REALTIME_PEAK_CONNECTIONS: {
    metric: 'REALTIME_PEAK_CONNECTIONS',
    title: 'Realtime peak connections',
    category: 'realtime',
    featureKey: 'realtime.peakConnections',
    unit: 'count',
    perProject: false,
    included: { free: 200, pro: 500, team: 500 },
    overage: { price: 10, per: 1000, unitLabel: '1000 connections' },
  },
  REALTIME_MESSAGE_COUNT: {
    metric: 'REALTIME_MESSAGE_COUNT',
    title: 'Realtime messages',
    category: 'realtime',
    featureKey: 'realtime.messages',
    unit: 'count',
    perProject: false,
    included: { free: 2_000_000, pro: 5_000_000, team: 5_000_000 },
    overage: { price: 2.5, per: 1_000_000, unitLabel: 'million messages' },
  },
}

/** SPEC §9 limits that are not metered usage. Hours and days as named; null: not available. */
export const PLAN_QUOTAS = {
  backupRetentionDays: { free: null, pro: 7, team: 14 },
  auditTrailRetentionHours: { free: 1, pro: 7 * 24, team: 28 * 24 },
  maxFileSizeBytes: { free: 50 * BYTES_PER_MB, pro: 500 * BYTES_PER_GB, team: 500 * BYTES_PER_GB },
  maxRealtimeMessageBytes: { free: 250 * BYTES_PER_KB, pro: 3 * BYTES_PER_MB, team: 3 * BYTES_PER_MB },
  logRetentionDays: { free: 1, pro: 7, team: 28, enterprise: 90 },
  /** Free projects are paused after this many days without activity. */
  pauseAfterInactiveDays: { free: 7 },
} as const

/** SPEC §9 prices of add-ons and features billed apart from the plan (USD). */
export const ADDON_PRICES = {
  pointInTimeRecovery: { monthly: 100, perRetentionDays: 7 },
  branching: { perBranchHour: 0.01344 },
  phoneMfa: { firstProjectMonthly: 75, additionalProjectMonthly: 10 },
  logDrain: { monthly: 60, perMillionEvents: 0.2, perGb: 0.09 },
  customDomain: { monthly: 10 },
} as const

/**
 * SPEC §9 defines a ratio of 0.75 without its use; the real platform warns when usage reaches 75 % of a
 * limit, and so do the usage bars.
 */
export const USAGE_APPROACHING_THRESHOLD = 0.75

/** SPEC §9 formats of the billing page. */
export const BILLING_DATE_FORMAT = 'DD MMM, YYYY'
export const BILLING_CURRENCY = 'USD'

/** The billing page's section anchors (SPEC §2: #address and #invoices). */
export const BILLING_SECTIONS = {
  subscription: 'subscription',
  usage: 'usage',
  plans: 'plans',
  features: 'features',
  address: 'address',
  invoices: 'invoices',
} as const

/** Texts of the billing page's plan and usage sections. */
export const BILLING_MESSAGE = {
  title: 'Billing',
  changePlanPermission: 'change this organization’s plan',
  priceChange: (from: string, to: string) => `Your bill changes from ${from} to ${to}.`,
  planChanged: (organization: string, plan: string) => `${organization} is now on the ${plan} plan`,
  planChangeFailed: 'The plan could not be changed',
  managedBy: (partner: string) => `Billing for this organization is managed by ${partner}`,
  managedByDetail: (partner: string) => `Change the plan, payment method and invoices of this organization in ${partner}.`,
  enterpriseManaged: 'Enterprise plans are agreed with our sales team. Contact us to change this organization’s plan.',
  freeOverLimit: 'The Free plan does not bill usage above its limits: upgrade or reduce usage to keep your projects running.',
} as const
