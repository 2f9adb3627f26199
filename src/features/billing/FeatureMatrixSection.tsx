import { css } from 'styled-system/css'
import { FEATURE_CATEGORIES, PLAN_FEATURE_MATRIX, PLAN_NAMES, PLAN_ORDER, type PlanFeature, type PlanId } from '../../constants'
import { SectionHeading, sectionCardClass } from './billing-section'

const HEADING_ID = 'billing-features-heading'

const tableClass = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  tableLayout: 'fixed',
  '& th, & td': { textAlign: 'left', py: '2', px: '3', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
  '& thead th': { fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' },
  '& tbody th[scope=row]': { fontWeight: 'normal' },
  '& th[scope=colgroup]': { pt: '5', fontWeight: 'semibold', color: 'fg.default', fontSize: 'sm', borderBottomWidth: '1px' },
  '& [data-current]': { bg: 'accent.subtle' },
})

function Value({ value }: { value: PlanFeature['plans'][PlanId] }) {
  if (value === true)
    return (
      <span aria-label="Included" className={css({ color: 'accent.default', fontWeight: 'semibold' })}>
        ✓
      </span>
    )
  if (value === false)
    return (
      <span aria-label="Not included" className={css({ color: 'fg.subtle' })}>
        —
      </span>
    )
  return <>{value}</>
}

/** #features: every feature of every plan (SPEC §3 plan feature matrix), grouped by its eight categories. */
export function FeatureMatrixSection({ currentPlan }: { currentPlan: PlanId }) {
  return (
    <section aria-labelledby={HEADING_ID} className={sectionCardClass}>
      <SectionHeading
        headingId={HEADING_ID}
        title="Compare plans"
        description="What each plan includes. Usage-based features are billed by what the organization uses."
      />
      <div className={css({ overflowX: 'auto' })}>
        <table aria-labelledby={HEADING_ID} className={tableClass}>
          <colgroup>
            <col className={css({ w: '24%' })} />
            {PLAN_ORDER.map((plan) => (
              <col key={plan} className={css({ w: '19%' })} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {PLAN_ORDER.map((plan) => (
                <th key={plan} scope="col" data-current={plan === currentPlan || undefined}>
                  {PLAN_NAMES[plan]}
                  {plan === currentPlan ? ' (current)' : ''}
                </th>
              ))}
            </tr>
          </thead>
          {FEATURE_CATEGORIES.map((category) => (
            <tbody key={category.id} aria-label={category.title}>
              <tr>
                <th scope="colgroup" colSpan={PLAN_ORDER.length + 1}>
                  {category.title}
                </th>
              </tr>
              {PLAN_FEATURE_MATRIX[category.id].map((feature) => (
                <tr key={feature.key} data-feature={feature.key}>
                  <th scope="row">
                    {feature.title}
                    {feature.usage_based ? <span className={css({ display: 'block', color: 'fg.subtle', fontSize: 'xs' })}>Usage-based</span> : null}
                  </th>
                  {PLAN_ORDER.map((plan) => (
                    <td key={plan} data-current={plan === currentPlan || undefined}>
                      <Value value={feature.plans[plan]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  )
}
