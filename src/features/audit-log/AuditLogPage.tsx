import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Link, useParams } from 'wouter'
import { organizationAuditQuery } from '../../api/queries/audit'
import { formatDisplayDate } from '../../lib/display-date'
import { downloadBlob } from '../../lib/download'
import { Button } from '../../ui/button'
import { dataTable } from '../../ui/data-table'
import { inputClass } from '../../ui/field'
import { SelectField, labelClass } from '../../ui/form-controls'
import { pageClass } from '../../ui/page-layout'
import { EmptyState, ErrorState, LoadingState } from '../../ui/states'
import { OrganizationNav, useRouteOrganization } from '../organizations'
import { auditCsv } from './audit-csv'
import { TableHead } from '../../ui/table-head'

const ALL = ''
const tableClass = cx(dataTable(), css({ '& td': { verticalAlign: 'top' }, '& .mono': { fontFamily: 'mono', fontSize: 'xs' } }))

/** A day typed in a date field (the reader's own calendar day) as the instant it starts, or ends. */
function dayBound(day: string, end: boolean): string {
  if (!day) return ''
  const at = new Date(`${day}T00:00:00`)
  if (Number.isNaN(at.getTime())) return ''
  if (end) at.setDate(at.getDate() + 1)
  return at.toISOString()
}

const retentionText = (hours: number) => (hours < 24 ? `${hours} hour${hours === 1 ? '' : 's'}` : `${hours / 24} days`)

/** /org/{slug}/audit: every write of the platform API in the organization — who, what, on what, when, from where — newest first, filtered and exported. */
export default function AuditLogPage() {
  const { slug } = useParams<{ slug: string }>()
  const { organization } = useRouteOrganization(slug)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [member, setMember] = useState(ALL)
  const [action, setAction] = useState(ALL)
  const audit = useQuery({ ...organizationAuditQuery(slug, dayBound(from, false), dayBound(to, true)), enabled: Boolean(organization) })
  const entries = useMemo(() => audit.data?.result ?? [], [audit.data])
  const members = useMemo(() => [...new Set(entries.map((e) => e.actor.metadata[0]?.email ?? ''))].filter(Boolean).sort(), [entries])
  const actions = useMemo(() => [...new Set(entries.map((e) => e.action.name))].sort(), [entries])
  const shown = entries.filter((e) => (member === ALL || e.actor.metadata[0]?.email === member) && (action === ALL || e.action.name === action))

  const exportCsv = () => downloadBlob(new Blob([auditCsv(shown)], { type: 'text/csv;charset=utf-8' }), `audit-log-${slug}-${new Date().toISOString().slice(0, 10)}.csv`)

  let body
  if (audit.isError) body = <ErrorState title="The audit log could not be read" message={audit.error.message} onRetry={() => void audit.refetch()} />
  else if (!audit.data) body = <LoadingState label="Loading the audit log…" />
  else if (shown.length === 0) body = <EmptyState title={entries.length === 0 ? 'No activity in this period' : 'No event matches the filters'} />
  else
    body = (
      <div className={css({ overflowX: 'auto' })}>
        <table className={tableClass} aria-label="Audit log">
          <TableHead columns={['When', 'Member', 'Action', 'Target', 'Address']} />
          <tbody>
            {shown.map((entry) => {
              const call = entry.action.metadata[0]
              const actor = entry.actor.metadata[0]
              return (
                <tr key={entry.id}>
                  <td className={css({ whiteSpace: 'nowrap' })}>
                    <time dateTime={entry.occurred_at}>{formatDisplayDate(entry.occurred_at) ?? entry.occurred_at}</time>
                  </td>
                  <td>{actor?.email}</td>
                  <td>
                    <div>{entry.action.name}</div>
                    {call ? (
                      <div className={cx('mono', css({ color: 'fg.subtle' }))}>
                        {call.method} {call.route} · {call.status}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    {entry.target.metadata.project_ref && !entry.action.name.startsWith('Deleted') ? (
                      <Link href={`/project/${encodeURIComponent(entry.target.metadata.project_ref)}`} className={css({ color: 'accent.default', textDecoration: 'underline' })}>
                        {entry.target.description}
                      </Link>
                    ) : (
                      entry.target.description
                    )}
                  </td>
                  <td className={cx('mono', css({ whiteSpace: 'nowrap' }))}>{actor?.ip ?? 'This browser'}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    )

  return (
    <div className={pageClass}>
      <OrganizationNav slug={slug} name={organization?.name ?? slug} current="audit" />
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: '4', flexWrap: 'wrap' })}>
        <div>
          <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>Audit log</h2>
          <p className={css({ color: 'fg.muted' })}>
            Every change made in {organization?.name ?? slug} through the dashboard or the API: who made it, what, on what, when and from where.
            {audit.data ? ` Events are kept for ${retentionText(audit.data.retention_period)} on this organization's plan.` : ''}
          </p>
        </div>
        <Button onClick={exportCsv} disabled={shown.length === 0}>
          <Download size={14} aria-hidden /> Export CSV
        </Button>
      </div>
      <div role="group" aria-label="Filters" className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'flex-end' })}>
        <SelectField label="Member" value={member} onChange={setMember}>
          <option value={ALL}>Every member</option>
          {members.map((email) => (
            <option key={email} value={email}>
              {email}
            </option>
          ))}
        </SelectField>
        <SelectField label="Action" value={action} onChange={setAction}>
          <option value={ALL}>Every action</option>
          {actions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <label className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
          <span className={labelClass}>From</span>
          <input type="date" className={inputClass} value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
          <span className={labelClass}>To</span>
          <input type="date" className={inputClass} value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
        </label>
        {member !== ALL || action !== ALL || from || to ? (
          <Button
            variant="ghost"
            onClick={() => {
              setMember(ALL)
              setAction(ALL)
              setFrom('')
              setTo('')
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {body}
    </div>
  )
}
