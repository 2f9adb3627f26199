import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { applyNetworkRestrictions, networkRestrictionsQuery } from '../../api/queries/project-database'
import { ALLOW_ALL_CIDRS, PERMISSION_RESOURCES, PROJECT_SETTINGS_MESSAGE } from '../../constants'
import { parseCidr } from '../../lib/cidr'
import { checkNetworkRestrictions } from '../../lib/network-restrictions'
import { PermissionAction } from '../../lib/permissions'
import { Button } from '../../ui/button'
import { FormProblem, TextField } from '../../ui/field'
import { pillToggleClass, SettingsSection } from '../../ui/form-section'
import { GuardedButton } from '../../ui/guarded-button'
import { ErrorState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { useProjectPermission } from './use-project-permission'

type Blocks = { v4: string[]; v6: string[] }

const isAllowAll = (blocks: Blocks) =>
  blocks.v4.length === 1 && blocks.v4[0] === ALLOW_ALL_CIDRS.v4[0] && blocks.v6.length === 1 && blocks.v6[0] === ALLOW_ALL_CIDRS.v6[0]
const sameBlocks = (a: Blocks, b: Blocks) => a.v4.join() === b.v4.join() && a.v6.join() === b.v6.join()

/** Who may connect to the database: every address, or only the listed IPv4 and IPv6 blocks (checked as typed, as the platform checks them). */
export function NetworkRestrictionsSection({ projectRef }: { projectRef: string }) {
  const queryClient = useQueryClient()
  const saved = useQuery(networkRestrictionsQuery(projectRef))
  const permission = useProjectPermission(projectRef, PermissionAction.UPDATE, PERMISSION_RESOURCES.projects, PROJECT_SETTINGS_MESSAGE.databaseSettingsDenied)
  const [draft, setDraft] = useState<Blocks | null>(null)
  const [typed, setTyped] = useState('')
  const [typedProblem, setTypedProblem] = useState<string | null>(null)
  const inputId = useId()
  const apply = useMutation({
    mutationFn: (blocks: Blocks) => applyNetworkRestrictions(projectRef, { dbAllowedCidrs: blocks.v4, dbAllowedCidrsV6: blocks.v6 }),
    onSuccess: (answer) => {
      queryClient.setQueryData(networkRestrictionsQuery(projectRef).queryKey, answer)
      setDraft(null)
      showToast('success', PROJECT_SETTINGS_MESSAGE.networkSaved)
    },
  })

  let body
  if (saved.isError) body = <ErrorState title="The network restrictions could not be read" message={saved.error.message} onRetry={() => void saved.refetch()} />
  else if (!saved.data) body = <LoadingState label="Loading the network restrictions…" />
  else {
    const current: Blocks = { v4: saved.data.config.dbAllowedCidrs, v6: saved.data.config.dbAllowedCidrsV6 }
    const shown = draft ?? current
    const restricted = !isAllowAll(shown)
    const listed = [...shown.v4.map((block) => ({ block, family: 4 as const })), ...shown.v6.map((block) => ({ block, family: 6 as const }))]
    const checked = checkNetworkRestrictions({ dbAllowedCidrs: shown.v4, dbAllowedCidrsV6: shown.v6 })
    const add = (event: FormEvent) => {
      event.preventDefault()
      const parsed = parseCidr(typed)
      if (!parsed.ok) return setTypedProblem(parsed.message)
      const family = parsed.block.version === 4 ? 'v4' : 'v6'
      if (shown[family].includes(parsed.block.text)) return setTypedProblem(PROJECT_SETTINGS_MESSAGE.networkDuplicate(parsed.block.text))
      // The first block listed replaces "every address".
      const base = isAllowAll(shown) ? { v4: [], v6: [] } : shown
      setDraft({ ...base, [family]: [...base[family], parsed.block.text] })
      setTyped('')
      setTypedProblem(null)
    }
    const remove = (block: string) => setDraft({ v4: shown.v4.filter((b) => b !== block), v6: shown.v6.filter((b) => b !== block) })
    body = (
      <>
        <div role="group" aria-label="Who may connect" className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <button type="button" className={pillToggleClass} aria-pressed={!restricted} disabled={!permission.allowed} onClick={() => setDraft({ v4: [...ALLOW_ALL_CIDRS.v4], v6: [...ALLOW_ALL_CIDRS.v6] })}>
            Every address
          </button>
          <button type="button" className={pillToggleClass} aria-pressed={restricted} disabled={!permission.allowed} onClick={() => restricted || setDraft({ v4: [], v6: [] })}>
            Only the addresses listed
          </button>
        </div>
        {restricted ? (
          <>
            {listed.length > 0 ? (
              <ul aria-label="Allowed address blocks" className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
                {listed.map(({ block, family }) => (
                  <li key={block} className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' })}>
                    <code className={css({ fontFamily: 'mono', fontSize: 'xs', bg: 'bg.muted', px: '1.5', py: '0.5', borderRadius: 'sm' })}>{block}</code>
                    <span className={css({ color: 'fg.subtle', fontSize: 'xs' })}>IPv{family}</span>
                    <Button size="sm" variant="ghost" aria-label={`Remove ${block}`} disabled={!permission.allowed} onClick={() => remove(block)}>
                      <X size={14} aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>No block listed yet: add the addresses that may connect.</p>
            )}
            <form onSubmit={add} className={css({ display: 'flex', gap: '2', alignItems: 'flex-end' })}>
              <div className={css({ flex: '1' })}>
                <TextField
                  id={inputId}
                  label="Address block (CIDR)"
                  placeholder="203.0.113.0/24 or 2001:db8::/32"
                  value={typed}
                  disabled={!permission.allowed}
                  error={typedProblem}
                  onChange={(event) => {
                    setTyped(event.target.value)
                    setTypedProblem(null)
                  }}
                />
              </div>
              <Button type="submit" disabled={!permission.allowed || typed.trim() === ''}>
                Add
              </Button>
            </form>
          </>
        ) : (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Every IPv4 and IPv6 address may connect (with the password).</p>
        )}
        <FormProblem>{apply.isError ? apply.error.message : draft && !checked.ok && listed.length > 0 ? checked.message : null}</FormProblem>
        <div className={css({ display: 'flex', gap: '2' })}>
          <GuardedButton
            variant="primary"
            blockedReason={permission.reason}
            loading={apply.isPending}
            disabled={!permission.allowed || !draft || sameBlocks(shown, current) || !checked.ok}
            onClick={() => apply.mutate(shown)}
          >
            Apply
          </GuardedButton>
          <Button disabled={!draft || apply.isPending} onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </div>
      </>
    )
  }
  return (
    <SettingsSection title="Network restrictions" description="Which addresses may open a connection to the database. The API and the dashboard are not affected.">
      {body}
    </SettingsSection>
  )
}
