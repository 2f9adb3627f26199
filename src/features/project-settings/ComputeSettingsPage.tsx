import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { css } from 'styled-system/css'
import { queryKeys } from '../../api/queries/keys'
import { changeComputeSize, projectAddonsQuery } from '../../api/queries/project-database'
import { projectDetailQuery } from '../../api/queries/projects'
import { BILLING_RESOURCES, COMPUTE_SIZES, PLAN_COMPUTE_CREDITS_MONTHLY, PROJECT_SETTINGS_MESSAGE, type ComputeSizeId } from '../../constants'
import { formatMonthlyPrice } from '../../lib/billing-money'
import { PermissionAction } from '../../lib/permissions'
import { isActiveProjectStatus } from '../../lib/project-gate'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/dialog'
import { FormProblem } from '../../ui/field'
import { SettingsSection } from '../../ui/form-section'
import { GuardedButton } from '../../ui/guarded-button'
import { ErrorState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { DatabaseToolPage } from '../database'
import { useProjectOrganization, useProjectStatusActor } from '../project-shell'
import { ComputeSizeChoices } from '../projects'
import { useProjectPermission } from './use-project-permission'

const sizeLabel = (id: string) => COMPUTE_SIZES.find((size) => size.id === id)?.label ?? id
const sizeOfVariant = (identifier: string) => identifier.replace(/^ci_/, '') as ComputeSizeId

/**
 * /project/{ref}/settings/compute: the size the database runs on, its price, and a move to another
 * size (the project restarts on it, through the status actor so the gate shows RESIZING; the
 * organization's upcoming invoice bills the new size from then on).
 */
export function ComputeSettingsScreen({ projectRef: ref }: { projectRef: string }) {
  const queryClient = useQueryClient()
  const actor = useProjectStatusActor()
  const project = useQuery(projectDetailQuery(ref))
  const addons = useQuery(projectAddonsQuery(ref))
  const organization = useProjectOrganization(ref)
  const [chosen, setChosen] = useState<ComputeSizeId | null>(null)
  const [confirming, setConfirming] = useState(false)
  const permission = useProjectPermission(ref, PermissionAction.BILLING_WRITE, BILLING_RESOURCES.subscriptions, PROJECT_SETTINGS_MESSAGE.computeDenied)
  const change = useMutation({
    mutationFn: (size: ComputeSizeId) => changeComputeSize(ref, size),
    onSuccess: async (_, size) => {
      setChosen(null)
      showToast('success', PROJECT_SETTINGS_MESSAGE.computeChanged(sizeLabel(size)))
      // The status actor reads the project again (into the query cache): RESIZING, then polled until it is back.
      actor.send({ type: 'refresh' })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectAddonsQuery(ref).queryKey }),
        organization ? queryClient.invalidateQueries({ queryKey: queryKeys.organizationBilling(organization.slug) }) : null,
      ])
    },
  })

  let body
  if (addons.isError) body = <ErrorState title="The compute size could not be read" message={addons.error.message} onRetry={() => void addons.refetch()} />
  else if (!addons.data || !project.data) body = <LoadingState label="Loading the compute size…" />
  else {
    const currentVariant = addons.data.selected_addons.find((addon) => addon.type === 'compute_instance')?.variant
    const current = currentVariant ? sizeOfVariant(currentVariant.identifier) : 'nano'
    const prices = new Map((addons.data.available_addons.find((addon) => addon.type === 'compute_instance')?.variants ?? []).map((variant) => [sizeOfVariant(variant.identifier), variant.price]))
    const shown = chosen ?? current
    const plan = organization?.plan.id
    const credits = plan ? PLAN_COMPUTE_CREDITS_MONTHLY[plan] : 0
    const settling = project.data.status === 'RESIZING' || change.isPending
    const blockedReason =
      permission.reason ??
      (settling ? PROJECT_SETTINGS_MESSAGE.computeSettling : !isActiveProjectStatus(project.data.status) ? PROJECT_SETTINGS_MESSAGE.computeNotActive : plan === 'free' && shown !== current && shown !== 'nano' ? PROJECT_SETTINGS_MESSAGE.computeFreePlan(sizeLabel(shown)) : null)
    body = (
      <>
        <p className={css({ fontSize: 'sm' })}>
          Runs on <strong>{sizeLabel(current)}</strong>
          {settling ? ' — restarting on its new size now.' : '.'}
        </p>
        <ComputeSizeChoices
          value={shown}
          onChange={setChosen}
          disabled={!permission.allowed || settling}
          extra={(size) => (
            <>
              {prices.has(size) ? (prices.get(size) === 0 ? 'Included' : formatMonthlyPrice(prices.get(size)!)) : null}
              {size === current ? <span className={css({ color: 'accent.default', ml: '2' })}>Current</span> : null}
            </>
          )}
        />
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {credits > 0
            ? `The organization's plan includes ${formatMonthlyPrice(credits)} of compute credits, taken off its compute each month.`
            : 'Compute is billed to the organization each month, per running project.'}{' '}
          {organization ? (
            <Link href={`/org/${organization.slug}/billing`} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
              See the upcoming invoice
            </Link>
          ) : null}
        </p>
        <FormProblem>{change.isError ? change.error.message : null}</FormProblem>
        <div className={css({ display: 'flex', gap: '2' })}>
          <GuardedButton variant="primary" blockedReason={blockedReason} disabled={blockedReason !== null || shown === current} loading={change.isPending} onClick={() => setConfirming(true)}>
            Change compute size
          </GuardedButton>
          <Button disabled={chosen === null || change.isPending} onClick={() => setChosen(null)}>
            Cancel
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          tone="primary"
          title={PROJECT_SETTINGS_MESSAGE.computeConfirmTitle(sizeLabel(shown))}
          confirmLabel={`Move to ${sizeLabel(shown)}`}
          onConfirm={() => {
            setConfirming(false)
            change.mutate(shown)
          }}
          onDismiss={() => setConfirming(false)}
        >
          {PROJECT_SETTINGS_MESSAGE.computeConfirmBody}
        </ConfirmDialog>
      </>
    )
  }
  return (
    <DatabaseToolPage title="Compute" description="The instance the project's database runs on: its memory, CPU, disk throughput and connections, and its monthly price.">
      <SettingsSection title="Compute size" description="A larger size has more memory and connections. Changing it restarts the project on the new size.">
        {body}
      </SettingsSection>
    </DatabaseToolPage>
  )
}
