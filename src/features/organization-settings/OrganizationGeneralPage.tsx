import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useParams } from 'wouter'
import { queryKeys } from '../../api/queries/keys'
import { organizationProjectsQuery } from '../../api/queries/organizations'
import { deleteOrganization, renameOrganization } from '../../api/queries/organization-settings'
import type { Organization } from '../../api/schemas'
import { ORGANIZATION_SETTINGS_MESSAGE } from '../../constants'
import { CopyButton } from '../../ui/copy-button'
import { TextField } from '../../ui/field'
import { DeleteForGoodSection } from '../../ui/delete-section'
import { FormSection, settingsPanelClass } from '../../ui/form-section'
import { pageClass } from '../../ui/page-layout'
import { LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { OrganizationNav, useRouteOrganization } from '../organizations'
import { useOrganizationRole } from './use-organization-role'
import { SaveCancelActions } from '../../ui/save-cancel-actions'

/** /org/{slug}/general: the organization's name and slug, and its deletion once it holds no project. */
export default function OrganizationGeneralPage() {
  const { slug } = useParams<{ slug: string }>()
  const { organization } = useRouteOrganization(slug)
  return (
    <div className={pageClass}>
      <OrganizationNav slug={slug} name={organization?.name ?? slug} current="general" />
      {organization ? (
        <>
          <NameForm organization={organization} />
          <DeleteOrganizationSection organization={organization} />
        </>
      ) : (
        <LoadingState label="Loading the organization…" />
      )}
    </div>
  )
}

function NameForm({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient()
  const { mayManage } = useOrganizationRole(organization.slug)
  const [name, setName] = useState(organization.name)
  const save = useMutation({
    mutationFn: (next: string) => renameOrganization(organization.slug, next),
    onSuccess: async (saved) => {
      showToast('success', ORGANIZATION_SETTINGS_MESSAGE.renamed(saved.name))
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations() })
    },
  })
  const problem = name.trim() === '' ? ORGANIZATION_SETTINGS_MESSAGE.nameRequired : null
  const changed = name.trim() !== organization.name
  const blocked = mayManage ? null : ORGANIZATION_SETTINGS_MESSAGE.manageDenied
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!problem && changed && mayManage) save.mutate(name.trim())
  }
  return (
    <form onSubmit={submit} aria-label="Organization name" className={settingsPanelClass}>
      <FormSection title="Organization name" description="How the organization is listed and shown across the dashboard, on invoices and in invitations.">
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', maxW: 'md' })}>
          <TextField label="Name" value={name} maxLength={64} disabled={!mayManage} error={problem ?? (save.isError ? save.error.message : null)} onChange={(event) => setName(event.target.value)} />
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
            Slug <code className={css({ fontFamily: 'mono', color: 'fg.default' })}>{organization.slug}</code>
            <CopyButton text={organization.slug} subject="organization slug" size="sm" />
          </div>
        </div>
        <SaveCancelActions changed={changed} saving={save.isPending} saveDisabled={!mayManage || Boolean(problem)} blockedReason={blocked} onCancel={() => setName(organization.name)} />
      </FormSection>
    </form>
  )
}

function DeleteOrganizationSection({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const { isOwner } = useOrganizationRole(organization.slug)
  const projects = useInfiniteQuery(organizationProjectsQuery(organization.slug))
  const count = projects.data?.pages[0]?.pagination.count ?? null
  const blocked = !isOwner ? ORGANIZATION_SETTINGS_MESSAGE.deleteOwnersOnly : count ? ORGANIZATION_SETTINGS_MESSAGE.deleteHasProjects(count) : null
  const remove = async () => {
    await deleteOrganization(organization.slug)
    navigate('/organizations')
    showToast('success', ORGANIZATION_SETTINGS_MESSAGE.deleted(organization.name))
    await queryClient.invalidateQueries({ queryKey: queryKeys.organizations() })
  }
  return (
    <DeleteForGoodSection
      title="Delete organization"
      description="Deletes the organization with its members, invitations and billing details, for good. It must hold no project."
      name={organization.name}
      messages={ORGANIZATION_SETTINGS_MESSAGE}
      blockedReason={blocked}
      disabled={blocked !== null || count === null}
      onDelete={remove}
    />
  )
}
