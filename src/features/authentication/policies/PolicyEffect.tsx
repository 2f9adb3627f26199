import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { authUserChoicesQuery } from '../../../api/queries/auth-users'
import { policyEffectQuery } from '../../../api/queries/table-policies'
import type { AuthUserRow, MeasureAnswer, PolicyTable, ViewerAnswer } from '../../../api/schemas'
import { STORAGE_SEARCH_DEBOUNCE } from '../../../constants'
import { countOf } from '../../../lib/sentence'
import { EFFECT_INSERT_CANDIDATES, EFFECT_SAMPLE_ROWS, type EffectMeasure, type PolicyEffectRequest } from '../../../lib/sql/policy-effect'
import { codeBlock } from '../../../ui/code-block'
import { SearchField } from '../../../ui/field'
import { Checkbox } from '../../../ui/form-controls'
import { Spinner } from '../../../ui/spinner'
import { MAX_EFFECT_USERS, readEffectViewers, writeEffectViewers } from './effect-viewers'
import { TableHead } from '../../../ui/table-head'

const MEASURE_LABELS: Record<EffectMeasure, string> = { read: 'Reads', insert: 'May insert', update: 'May update', delete: 'May delete' }
/** How the insert figure is counted: a new row exists only once someone writes it, so the table's own rows stand in. */
const INSERT_NOTE = `May insert: which of the table's first ${EFFECT_INSERT_CANDIDATES} rows each could write as new rows, each tried under WITH CHECK and undone (a copy refused only as a duplicate key still counts: the policy let it through).`
const cellClass = css({ px: '2', py: '1.5', borderTopWidth: '1px', borderColor: 'border.default', verticalAlign: 'top', fontSize: 'sm' })

function Answer({ answer }: { answer: MeasureAnswer | undefined }) {
  if (!answer) return <span className={css({ color: 'fg.subtle' })}>—</span>
  if ('error' in answer) return <span className={css({ color: 'danger.default', fontSize: 'xs' })}>Refused: {answer.error}</span>
  return <span>{countOf(answer.count, 'row')}</span>
}

function Rows({ answer }: { answer: MeasureAnswer | undefined }) {
  if (!answer || 'error' in answer || answer.rows.length === 0) return null
  return (
    <details>
      <summary className={css({ fontSize: 'xs', color: 'fg.muted', cursor: 'pointer' })}>{answer.count > EFFECT_SAMPLE_ROWS ? `The first ${EFFECT_SAMPLE_ROWS}` : 'Which'}</summary>
      <pre className={codeBlock({ density: 'compact' })}>{answer.rows.map((row) => JSON.stringify(row)).join('\n')}</pre>
    </details>
  )
}

/**
 * What a policy being written does, before it is saved: for a few users (and anon), the rows each
 * may read (and change, for update and delete) now and with the policy, measured on the project's
 * database in a transaction that is rolled back (lib/sql/policy-effect.ts). Postgres refusing the
 * statement shows here first: the check before saving.
 */
export function PolicyEffect({
  projectRef,
  connectionString,
  schema,
  table,
  change,
  measures,
}: {
  projectRef: string
  connectionString: string | null | undefined
  schema: string
  table: PolicyTable
  /** The statement being written, or why there is none yet (thrown). */
  change: () => string
  measures: readonly EffectMeasure[]
}) {
  const [search, setSearch] = useState('')
  const choices = useQuery({ ...authUserChoicesQuery(projectRef, connectionString, search), enabled: Boolean(connectionString), placeholderData: keepPreviousData })
  const [picked, setPicked] = useState<string[] | null>(() => readEffectViewers(projectRef))
  const [known, setKnown] = useState<Map<string, AuthUserRow>>(() => new Map())
  useEffect(() => {
    if (!choices.data) return
    setKnown((before) => new Map([...before, ...choices.data.map((user) => [user.id, user] as const)]))
    // Nothing picked before in this project: the first two users, so the view says something at once.
    setPicked((current) => current ?? choices.data.slice(0, 2).map((user) => user.id))
  }, [choices.data])
  const users = useMemo(() => picked ?? [], [picked])
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...users, id].slice(-MAX_EFFECT_USERS) : users.filter((user) => user !== id)
    setPicked(next)
    writeEffectViewers(projectRef, next)
  }

  let statement: string | null = null
  let problem: string | null = null
  try {
    statement = change()
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error)
  }
  // The measure waits until typing pauses: each keystroke is not a transaction on the database.
  const [settled, setSettled] = useState<string | null>(statement)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(statement), STORAGE_SEARCH_DEBOUNCE)
    return () => clearTimeout(timer)
  }, [statement])
  const writable = useMemo(() => table.columns.filter((column) => column.updatable).map((column) => column.name), [table.columns])
  const viewers = useMemo(() => [...users.map((userId) => ({ userId })), { userId: null }], [users])
  const request: PolicyEffectRequest = { schema, table: table.name, writableColumns: writable, measures, viewers, change: settled ?? '', enableRowLevelSecurity: !table.rls_enabled }
  const effect = useQuery({ ...policyEffectQuery(projectRef, connectionString, request), enabled: Boolean(connectionString) && settled !== null && picked !== null, placeholderData: keepPreviousData, retry: false })
  const nameOf = (index: number) => {
    const id = viewers[index]?.userId
    return id === null || id === undefined ? 'anon (no session)' : (known.get(id)?.email ?? known.get(id)?.phone ?? id)
  }
  const row = (answers: { before?: ViewerAnswer; after?: ViewerAnswer }, index: number) => (
    <tr key={viewers[index]?.userId ?? 'anon'}>
      <td className={cellClass}>{nameOf(index)}</td>
      {measures.map((measure) => (
        <td key={measure} className={cellClass}>
          <span className={css({ display: 'flex', gap: '1.5', alignItems: 'baseline', flexWrap: 'wrap' })}>
            <Answer answer={answers.before?.[measure]} /> <span aria-hidden>→</span> <strong><Answer answer={answers.after?.[measure]} /></strong>
          </span>
          <Rows answer={answers.after?.[measure]} />
        </td>
      ))}
    </tr>
  )

  return (
    <section aria-label="Effect before saving" className={css({ display: 'flex', flexDir: 'column', gap: '2', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3' })}>
      <header className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold', flex: '1' })}>Effect before saving: now → with this policy</h3>
        {effect.isFetching ? <Spinner label="Measuring…" /> : null}
      </header>
      {!table.rls_enabled ? <p className={css({ fontSize: 'xs', color: 'warning.default' })}>Row level security is off on {table.name}: shown as if it were on. Policies count only once it is.</p> : null}
      <details>
        <summary className={css({ fontSize: 'xs', color: 'fg.muted', cursor: 'pointer' })}>Measured for {countOf(users.length, 'user')} and anon (up to {MAX_EFFECT_USERS} users): choose</summary>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', mt: '2' })}>
          <SearchField label="Find a user to measure for" placeholder="Email or phone" value={search} onChange={setSearch} />
          <div role="group" aria-label="Users to measure for" className={css({ display: 'flex', flexDir: 'column', gap: '1', maxH: '32', overflowY: 'auto' })}>
            {(choices.data ?? []).map((user) => (
              <Checkbox key={user.id} label={user.email ?? user.phone ?? user.id} checked={users.includes(user.id)} onChange={(on) => toggle(user.id, on)} />
            ))}
          </div>
        </div>
      </details>
      {problem ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{problem === 'Nothing to change yet.' ? 'Change the policy to see what it does.' : `Once the policy is complete, its effect shows here. (${problem})`}</p>
      ) : effect.isError ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'danger.default', bg: 'danger.subtle', p: '2', borderRadius: 'md' })}>
          Postgres refuses this policy: {effect.error.message}
        </p>
      ) : effect.data ? (
        <table aria-label="Rows each viewer reaches, now and with this policy" className={css({ w: 'full', borderCollapse: 'collapse' })}>
          <TableHead columns={['Who', ...measures.map((measure) => MEASURE_LABELS[measure])]} cellClass={css({ textAlign: 'left', fontSize: 'xs', color: 'fg.muted', px: '2' })} />
          <tbody>{viewers.map((_, index) => row({ before: effect.data.before[index], after: effect.data.after[index] }, index))}</tbody>
        </table>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Measuring…</p>
      )}
      {measures.includes('insert') ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{INSERT_NOTE}</p> : null}
    </section>
  )
}
