import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { authUserChoicesQuery } from '../../api/queries/auth-users'
import { inputClass } from '../../ui/field'
import { Tooltip } from '../../ui/tooltip'
import type { RunAsUser } from '../../lib/sql/run-as'
import { useRunAsChoice } from './use-run-as'

/** The list's last choice: not a role, it opens the search field. */
const FIND = 'find'

/**
 * Who the project's SQL runs as in this tab: the project's role, service_role, anon, or
 * authenticated as one of the project's users (the first 50 by address, or those a search finds:
 * "Find a user…" opens a search field beside the list). Disabled, with the reason, for a member who
 * may only read: their SQL runs as the project's read-only role.
 */
export function RunAsPicker({ projectRef, connectionString }: { projectRef: string; connectionString: string | null | undefined }) {
  const { runAs, setRunAs, blockedReason: disabledReason } = useRunAsChoice(projectRef)
  const id = useId()
  const [finding, setFinding] = useState(false)
  const findField = useRef<HTMLInputElement>(null)
  // Opened on purpose, by choosing "Find a user…": the field is where the person is going.
  useEffect(() => {
    if (finding) findField.current?.focus()
  }, [finding])
  const [search, setSearch] = useState('')
  const needle = useDeferredValue(search.trim())
  const users = useQuery({ ...authUserChoicesQuery(projectRef, connectionString, finding ? needle : ''), enabled: Boolean(connectionString) && disabledReason === null, placeholderData: keepPreviousData })
  const chosen = runAs.role === 'authenticated' ? runAs.user : null
  // The users offered, as the choice keeps them; the chosen one stays listed when a search leaves it out.
  const listed: RunAsUser[] = (users.data ?? []).map(({ id, email, phone }) => ({ id, email, phone }))
  if (chosen && !listed.some((user) => user.id === chosen.id)) listed.unshift(chosen)
  const value = runAs.role === 'authenticated' ? `user:${runAs.user.id}` : runAs.role
  const choose = (next: string) => {
    if (next === FIND) return setFinding(true)
    if (next === 'project' || next === 'service_role' || next === 'anon') return setRunAs({ role: next })
    const user = listed.find((u) => `user:${u.id}` === next)
    if (user) setRunAs({ role: 'authenticated', user })
  }
  const picker = (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
      <label htmlFor={id} className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>
        Run as
      </label>
      <select id={id} className={cx(inputClass, css({ h: '8', maxW: '60' }))} value={value} disabled={disabledReason !== null} onChange={(event) => choose(event.target.value)}>
        <option value="project">postgres (the project’s role)</option>
        <option value="service_role">service_role (bypasses RLS)</option>
        <option value="anon">anon (no session)</option>
        <optgroup label={finding && needle ? `authenticated as (matching “${needle}”)` : 'authenticated as'}>
          {listed.map((user) => (
            <option key={user.id} value={`user:${user.id}`}>
              {user.email ?? user.phone ?? user.id}
            </option>
          ))}
        </optgroup>
        <option value={FIND}>Find a user…</option>
      </select>
      {finding ? (
        <input
          type="search"
          aria-label="Find a user to run as"
          placeholder="Email or phone, then pick"
          ref={findField}
          className={cx(inputClass, css({ h: '8', w: '44' }))}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setSearch('')
              setFinding(false)
            }
          }}
        />
      ) : null}
    </span>
  )
  return disabledReason ? <Tooltip content={disabledReason}>{picker}</Tooltip> : picker
}
