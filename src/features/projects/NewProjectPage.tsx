import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation, useParams } from 'wouter'
import { createProjectMachine } from '../../../machines/create-project.machine'
import { queryKeys } from '../../api/queries/keys'
import { organizationActiveProjectCountQuery, organizationsQuery } from '../../api/queries/organizations'
import { profileQuery } from '../../api/queries/profile'
import { createProject } from '../../api/queries/projects'
import {
  CLOUD_PROVIDERS,
  NEW_PROJECT_MESSAGE,
  PERMISSION_MESSAGE,
  PERMISSION_RESOURCES,
  PLAN_LIMITS,
  PROJECT_NAME_MESSAGE,
  type CloudProvider,
  type ComputeSizeId,
} from '../../constants'
import { defaultCloudProvider, regionGroups } from '../../lib/new-project-defaults'
import { browserTimeZone, nearestRegion, regionChoiceReason } from '../../lib/nearest-region'
import { PermissionAction } from '../../lib/permissions'
import { projectNameError, projectNameLength } from '../../lib/project-name'
import { settings } from '../../lib/settings'
import { Callout } from '../../ui/callout'
import { TextField, inputClass } from '../../ui/field'
import { GuardedButton } from '../../ui/guarded-button'
import { LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { useFeatureEnabled, usePermission } from '../permissions'
import { pageClass } from '../../ui/page-layout'
import { useMfaRedirect } from '../organizations'
import { ComputeSizeChoices } from './ComputeSizeChoices'
import { PasswordField } from './PasswordField'
import { FormSection, pillToggleClass } from '../../ui/form-section'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

const GROUPS = regionGroups()
// The providers this platform offers (custom content, SPEC §3), in their usual order.
const OFFERED_PROVIDERS = CLOUD_PROVIDERS.filter((p) => settings.customContent['infrastructure:cloud_providers'].includes(p.id))

/** /new/{slug}: create a project in an organization. */
export default function NewProjectPage() {
  const { slug } = useParams<{ slug: string }>()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const organizations = useQuery(organizationsQuery())
  const organization = organizations.data?.find((o) => o.slug === slug)
  const profile = useQuery(profileQuery())
  const mfaBlocked = useMfaRedirect(organization)
  const projectCreation = useFeatureEnabled('project_creation:all')
  const isFree = organization?.plan.id === 'free'
  const activeCount = useQuery({ ...organizationActiveProjectCountQuery(slug), enabled: isFree })
  const permission = usePermission(PermissionAction.CREATE, PERMISSION_RESOURCES.projects, organization ? { organizationSlug: organization.slug } : undefined, PERMISSION_MESSAGE.createProject)

  const [name, setName] = useState('')
  const [nameTouched, setNameTouched] = useState(false)
  const [password, setPassword] = useState('')
  const [passwordAcceptable, setPasswordAcceptable] = useState(false)
  // Preselected from the browser's time zone (no location prompt); the form says why.
  const [regionChoice] = useState(() => nearestRegion(browserTimeZone(), settings.environment))
  const [region, setRegion] = useState<string>(regionChoice.region)
  const [provider, setProvider] = useState<CloudProvider>(() => defaultCloudProvider(settings.environment, OFFERED_PROVIDERS.map((p) => p.id)))
  const [computeSize, setComputeSize] = useState<ComputeSizeId>('nano')

  const machine = useMemo(
    () =>
      createProjectMachine.provide({
        actors: {
          create: fromPromiseUntilStopped(async ({ input }) =>
            createProject({
              name: input.name,
              organization_slug: input.organizationSlug,
              db_pass: input.dbPass,
              db_region: input.region,
              cloud_provider: input.cloudProvider,
              desired_instance_size: input.computeSize,
            }),
          ),
        },
        actions: {
          onCreated: (_, { project }) => {
            void queryClient.invalidateQueries({ queryKey: queryKeys.organizationProjects(slug) })
            void queryClient.invalidateQueries({ queryKey: queryKeys.organizations() })
            showToast('success', NEW_PROJECT_MESSAGE.created(project.name))
            navigate(`/project/${project.ref}`)
          },
        },
      }),
    [queryClient, slug, navigate],
  )
  const [snapshot, send] = useInspectedMachine(machine)
  const creating = snapshot.matches('creating')
  const edit = useCallback(() => send({ type: 'edit' }), [send])

  if (organizations.isPending || mfaBlocked) return <LoadingState label="Loading organization…" />
  if (!organization) {
    return (
      <div className={pageClass}>
        <Callout tone="danger" title="Organization not found">
          There is no organization “{slug}” among yours. <Link href="/organizations">Choose an organization</Link>.
        </Callout>
      </div>
    )
  }

  if (!projectCreation) {
    return (
      <div className={pageClass}>
        <Callout tone="warning" title="Project creation is turned off">
          This dashboard does not create projects. <Link href={`/org/${organization.slug}`}>Back to {organization.name}</Link>
        </Callout>
      </div>
    )
  }

  const limit = profile.data?.free_project_limit ?? PLAN_LIMITS.free.activeProjects
  const atLimit = isFree && activeCount.data !== undefined && activeCount.data >= limit
  const nameError = projectNameError(name, { requireNow: nameTouched })
  const blockedReason = permission.reason ?? (atLimit ? NEW_PROJECT_MESSAGE.freeLimitReached(limit) : null)
  const formDisabled = creating || atLimit || Boolean(blockedReason)
  const ready = projectNameError(name) === null && passwordAcceptable && !formDisabled && !(isFree && activeCount.isPending)

  function submit(event: FormEvent) {
    event.preventDefault()
    setNameTouched(true)
    if (!ready || !organization) return
    send({
      type: 'submit',
      request: { name: name.trim(), organizationSlug: organization.slug, dbPass: password, region, cloudProvider: provider, computeSize },
    })
  }

  return (
    <div className={pageClass}>
      <header className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Create a new project</h1>
        <p className={css({ color: 'fg.muted' })}>
          In <Link href={`/org/${organization.slug}`}>{organization.name}</Link> · {organization.plan.name} plan. Your project will have its own
          Postgres database, auth, storage and APIs.
        </p>
      </header>

      {isFree && activeCount.data !== undefined ? (
        atLimit ? (
          <Callout tone="warning" title="This organization has reached its free project limit">
            {NEW_PROJECT_MESSAGE.freeLimitReached(limit)} <Link href={`/org/${organization.slug}/billing`}>Upgrade the plan</Link>
          </Callout>
        ) : (
          <Callout title="Free plan">{NEW_PROJECT_MESSAGE.freeLimitNotice(limit, activeCount.data)}</Callout>
        )
      ) : null}

      <form
        onSubmit={submit}
        aria-label="New project"
        className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', px: '6', py: '1' })}
      >
        <fieldset disabled={formDisabled} className={css({ border: '0', p: '0', m: '0', minW: '0' })}>
          <FormSection title="Project" description="A name you will recognise in lists and the top bar.">
            <TextField
              label="Project name"
              value={name}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists for this form: its first field takes focus as it opens
              autoFocus
              onChange={(e) => {
                setName(e.target.value)
                edit()
              }}
              onBlur={() => setNameTouched(true)}
              error={nameError}
              // The hint holds the message's line, so the error appearing on blur moves nothing
              // below it (a click on "Generate a password" would otherwise land on the moved page).
              hint={PROJECT_NAME_MESSAGE.hint(projectNameLength(name))}
            />
          </FormSection>
          <FormSection title="Database" description="The password of the postgres role. Scored by the platform; it must be strong.">
            <PasswordField
              value={password}
              onChange={(next) => {
                setPassword(next)
                edit()
              }}
              onStrengthChange={setPasswordAcceptable}
              disabled={formDisabled}
            />
          </FormSection>
          <FormSection title="Location" description="Choose the region closest to your users. It cannot be changed later.">
            <div role="group" aria-label="Region groups" className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              {GROUPS.map((group) => (
                <button
                  key={group.id}
                  type="button"
                  aria-pressed={GROUPS.find((g) => g.regions.some((r) => r.code === region))?.id === group.id}
                  onClick={() => setRegion(group.defaultRegion)}
                  className={pillToggleClass}
                >
                  {group.id}
                </button>
              ))}
            </div>
            <label className={css({ display: 'flex', flexDir: 'column', gap: '1.5', fontSize: 'sm', color: 'fg.muted' })}>
              Region
              <select aria-label="Region" className={inputClass} value={region} onChange={(e) => setRegion(e.target.value)}>
                {GROUPS.map((group) => (
                  <optgroup key={group.id} label={group.id}>
                    {group.regions.map((r) => (
                      <option key={r.code} value={r.code}>
                        {r.name} ({r.code})
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
            {region === regionChoice.region ? <p className={css({ fontSize: 'xs', color: 'fg.muted', m: '0' })}>{regionChoiceReason(regionChoice)}</p> : null}
            <label className={css({ display: 'flex', flexDir: 'column', gap: '1.5', fontSize: 'sm', color: 'fg.muted' })}>
              Cloud provider
              <select aria-label="Cloud provider" className={inputClass} value={provider} onChange={(e) => setProvider(e.target.value as CloudProvider)}>
                {OFFERED_PROVIDERS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </select>
            </label>
          </FormSection>
          <FormSection title="Compute size" description={NEW_PROJECT_MESSAGE.computeSizeDescription}>
            <ComputeSizeChoices value={computeSize} onChange={setComputeSize} />
          </FormSection>
        </fieldset>
        {snapshot.context.error ? (
          <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm', pb: '3' })}>
            {NEW_PROJECT_MESSAGE.createFailed(snapshot.context.error)}
          </p>
        ) : null}
        <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', py: '4', borderTopWidth: '1px', borderColor: 'border.default' })}>
          <Link href={`/org/${organization.slug}`} className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            Cancel
          </Link>
          <GuardedButton type="submit" variant="primary" loading={creating} disabled={!ready} blockedReason={blockedReason}>
            Create new project
          </GuardedButton>
        </div>
      </form>
    </div>
  )
}
