import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { updateProfile } from '../../api/queries/account'
import { queryKeys } from '../../api/queries/keys'
import { profileQuery } from '../../api/queries/profile'
import type { Profile } from '../../api/schemas'
import { ACCOUNT_MESSAGE } from '../../constants'
import { FormProblem, TextField } from '../../ui/field'
import { FormSection, settingsPanelClass } from '../../ui/form-section'
import { pageClass } from '../../ui/page-layout'
import { ErrorState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { AccountNav } from './AccountNav'
import { USERNAME_SHAPE } from '../../lib/address-shapes'
import { SaveCancelActions } from '../../ui/save-cancel-actions'

/** /account/me: the member's names and username; the primary email as the account holds it. */
export default function ProfilePage() {
  const profile = useQuery(profileQuery())
  return (
    <div className={pageClass}>
      <AccountNav current="me" />
      {profile.isError ? (
        <ErrorState title="The profile could not be read" message={profile.error.message} onRetry={() => void profile.refetch()} />
      ) : profile.data ? (
        <ProfileForm profile={profile.data} />
      ) : (
        <LoadingState label="Loading the profile…" />
      )}
    </div>
  )
}

function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient()
  const initial = { first: profile.first_name ?? '', last: profile.last_name ?? '', username: profile.username }
  const [first, setFirst] = useState(initial.first)
  const [last, setLast] = useState(initial.last)
  const [username, setUsername] = useState(initial.username)
  const save = useMutation({
    mutationFn: () => updateProfile({ first_name: first.trim() || null, last_name: last.trim() || null, username: username.trim() }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.profile(), saved)
      showToast('success', ACCOUNT_MESSAGE.profileSaved)
    },
  })
  const usernameProblem = USERNAME_SHAPE.test(username.trim()) ? null : ACCOUNT_MESSAGE.usernameInvalid
  const changed = first !== initial.first || last !== initial.last || username !== initial.username
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (changed && !usernameProblem) save.mutate()
  }
  return (
    <form onSubmit={submit} aria-label="Profile" className={settingsPanelClass}>
      <FormSection title="Profile" description="How you appear to the members of your organizations, in invitations and in audit logs.">
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3', maxW: '2xl' })}>
          <TextField label="First name" value={first} maxLength={100} autoComplete="given-name" onChange={(event) => setFirst(event.target.value)} />
          <TextField label="Last name" value={last} maxLength={100} autoComplete="family-name" onChange={(event) => setLast(event.target.value)} />
          <TextField label="Username" value={username} maxLength={40} autoComplete="username" error={usernameProblem} onChange={(event) => setUsername(event.target.value)} />
          <TextField label="Primary email" value={profile.primary_email} readOnly hint="The address you sign in with." />
        </div>
        <FormProblem>{save.isError ? save.error.message : null}</FormProblem>
        <SaveCancelActions
          changed={changed}
          saving={save.isPending}
          saveDisabled={Boolean(usernameProblem)}
          onCancel={() => {
            setFirst(initial.first)
            setLast(initial.last)
            setUsername(initial.username)
            save.reset()
          }}
        />
      </FormSection>
    </form>
  )
}
