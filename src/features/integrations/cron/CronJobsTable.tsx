import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import type { CronJob } from '../../../api/schemas'
import { describeCronSchedule, nextCronRuns, parseCronSchedule } from '../../../lib/cron-schedule'
import { formatDisplayDate } from '../../../lib/display-date'
import { formatCountdown } from '../../../lib/duration'
import { Button } from '../../../ui/button'
import { RowActions } from '../../../ui/row-actions'
import { Switch } from '../../../ui/switch'
import { toolCellClass, ToolTable } from '../../database'
import { RunStatusBadge } from './CronRuns'

/** How a job is named on screen: its name, or its id for one made without a name (in SQL). */
export function jobLabel(job: Pick<CronJob, 'jobid' | 'jobname'>): string {
  return job.jobname ?? `#${job.jobid}`
}

/** The clock the countdowns read, moved every second while the list is shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}

function NextRun({ job, now }: { job: CronJob; now: number }) {
  if (!job.active) return <span className={css({ color: 'fg.muted' })}>Paused</span>
  const schedule = parseCronSchedule(job.schedule).schedule
  const [next] = schedule ? nextCronRuns(schedule, new Date(now), 1) : []
  if (!next) return <span className={css({ color: 'fg.muted' })}>—</span>
  return <span title={formatDisplayDate(next) ?? undefined}>{formatCountdown(next.getTime() - now)}</span>
}

const muted = css({ color: 'fg.muted', fontSize: 'xs' })

/**
 * The jobs: name, schedule (with its words), next run, last run, on/off, and what can be done to
 * each. `blockedReason` (a missing permission) disables every change; the list stays readable.
 */
export function CronJobsTable({
  jobs,
  selectedId,
  switching,
  blockedReason,
  onSelect,
  onToggle,
  onRunNow,
  onEdit,
  onDelete,
}: {
  jobs: readonly CronJob[]
  selectedId: number | null
  /** Switches set but not read back yet, by job id: they show what they were set to. */
  switching: ReadonlyMap<number, boolean>
  blockedReason: string | null
  onSelect: (jobid: number) => void
  onToggle: (job: CronJob, active: boolean) => void
  onRunNow: (job: CronJob) => void
  onEdit: (job: CronJob) => void
  onDelete: (job: CronJob) => void
}) {
  const now = useNow()
  const blocked = blockedReason !== null
  return (
    <ToolTable columns={['Name', 'Schedule', 'Next run', 'Last run', 'Active', { hidden: 'Actions' }]}>
      {jobs.map((job) => {
        const label = jobLabel(job)
        const current = job.jobid === selectedId
        return (
          <tr key={job.jobid} aria-label={label} aria-selected={current} className={css({ bg: current ? 'bg.muted' : undefined })}>
            <td className={toolCellClass}>
              <button
                type="button"
                onClick={() => onSelect(job.jobid)}
                className={css({ fontWeight: 'medium', textAlign: 'left', cursor: 'pointer', wordBreak: 'break-word', _hover: { textDecoration: 'underline' } })}
              >
                {label}
              </button>
              <div className={muted}>as {job.username}</div>
            </td>
            <td className={toolCellClass}>
              <div className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{job.schedule}</div>
              <div className={muted}>{describeCronSchedule(job.schedule) ?? 'Not a schedule pg_cron reads'}</div>
            </td>
            <td className={`${toolCellClass} ${css({ whiteSpace: 'nowrap' })}`}>
              <NextRun job={job} now={now} />
            </td>
            <td className={toolCellClass}>
              {job.last_status ? (
                <span className={css({ display: 'flex', flexDir: 'column', gap: '0.5', alignItems: 'flex-start' })}>
                  <RunStatusBadge status={job.last_status} />
                  {job.last_start ? <span className={muted}>{formatDisplayDate(job.last_start)}</span> : null}
                </span>
              ) : (
                <span className={muted}>Not run yet</span>
              )}
            </td>
            <td className={toolCellClass}>
              <Switch
                checked={switching.get(job.jobid) ?? job.active}
                disabled={blocked || switching.has(job.jobid)}
                onCheckedChange={(active) => onToggle(job, active)}
                label={<span className={css({ srOnly: true })}>{`${label} active`}</span>}
              />
            </td>
            <td className={toolCellClass}>
              <RowActions name={label} disabled={blocked} onEdit={() => onEdit(job)} onDelete={() => onDelete(job)}>
                <Button size="sm" aria-label={`Run now: ${label}`} disabled={blocked} onClick={() => onRunNow(job)}>
                  Run now
                </Button>
              </RowActions>
            </td>
          </tr>
        )
      })}
    </ToolTable>
  )
}
