import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { cronRunsQuery } from '../../../api/queries/cron'
import type { CronJob, CronRun } from '../../../api/schemas'
import { CRON_RUN_STATUSES, CRON_RUNS_PAGE_SIZE, CRON_RUNS_REFRESH_MS, type CronRunStatus } from '../../../constants'
import { formatDisplayDate } from '../../../lib/display-date'
import { formatDuration } from '../../../lib/duration'
import { Badge, type BadgeTone } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { fieldLabelClass, inputClass, ValueOptions } from '../../../ui/field'
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states'
import { toolCellClass, ToolTable } from '../../database'

const STATUS_TONE: Record<string, BadgeTone> = { succeeded: 'success', failed: 'danger', running: 'info', starting: 'info', connecting: 'info', sending: 'info' }

/** A run's status as a badge (the job list's last run too). */
export function RunStatusBadge({ status }: { status: string | null }) {
  return <Badge tone={(status && STATUS_TONE[status]) || 'neutral'}>{status ?? 'unknown'}</Badge>
}

const timeOf = (text: string | null) => (text === null ? Number.NaN : new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).getTime())

function duration(run: CronRun): string {
  return run.start_time && run.end_time ? formatDuration(timeOf(run.end_time) - timeOf(run.start_time)) : '—'
}

/** One job's runs from `cron.job_run_details`, newest first, 30 a page, optionally of one status; read again every few seconds while shown. */
export function CronRuns({
  projectRef,
  connectionString,
  job,
  name,
  onNewRun,
}: {
  projectRef: string
  connectionString: string | null | undefined
  job: CronJob
  name: string
  /** A run newer than the job list's last one was read: the list catches up (its last run, never behind the history). */
  onNewRun: () => void
}) {
  const [status, setStatus] = useState<CronRunStatus | null>(null)
  const [page, setPage] = useState(0)
  const filterId = useId()
  const runs = useQuery({
    ...cronRunsQuery(projectRef, connectionString, job.jobid, status, page),
    enabled: Boolean(connectionString),
    refetchInterval: CRON_RUNS_REFRESH_MS,
    placeholderData: keepPreviousData,
  })
  const total = runs.data?.[0]?.total ?? 0
  const newest = page === 0 && status === null ? runs.data?.[0] : undefined
  const behind = newest !== undefined && (newest.status !== job.last_status || newest.start_time !== job.last_start)
  useEffect(() => {
    if (behind) onNewRun()
  }, [behind, newest?.runid, newest?.status, onNewRun])
  const first = page * CRON_RUNS_PAGE_SIZE

  return (
    <section aria-label={`Runs of ${name}`} className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
        <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold', flex: '1', minW: '0', wordBreak: 'break-word' })}>
          Runs of <span className={css({ fontFamily: 'mono' })}>{name}</span>
        </h2>
        <label htmlFor={filterId} className={fieldLabelClass}>
          Status
        </label>
        <select
          id={filterId}
          className={`${inputClass} ${css({ w: 'auto', h: '8' })}`}
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || null) as CronRunStatus | null)
            setPage(0)
          }}
        >
          <option value="">All statuses</option>
          <ValueOptions values={CRON_RUN_STATUSES} />
        </select>
      </div>
      {runs.data === undefined ? (
        runs.isError ? (
          <ErrorState title="The runs could not be read" message={runs.error.message} onRetry={() => void runs.refetch()} />
        ) : (
          <LoadingState label="Loading runs…" />
        )
      ) : runs.data.length === 0 ? (
        <EmptyState title={status ? `No ${status} runs` : 'No runs yet'}>
          {status ? 'Choose another status to see the others.' : job.active ? 'The first run is recorded when the schedule next comes round.' : 'The job is paused: switch it on to run it on its schedule.'}
        </EmptyState>
      ) : (
        <>
          <ToolTable columns={['Status', 'Started', 'Duration', 'Message']}>
            {runs.data.map((run) => (
              <tr key={run.runid}>
                <td className={toolCellClass}>
                  <RunStatusBadge status={run.status} />
                </td>
                <td className={`${toolCellClass} ${css({ whiteSpace: 'nowrap', color: 'fg.muted', fontSize: 'xs' })}`}>{run.start_time ? formatDisplayDate(run.start_time) : '—'}</td>
                <td className={`${toolCellClass} ${css({ whiteSpace: 'nowrap', fontSize: 'xs' })}`}>{duration(run)}</td>
                <td className={`${toolCellClass} ${css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word', color: run.status === 'failed' ? 'danger.default' : undefined })}`}>
                  {run.return_message ?? ''}
                </td>
              </tr>
            ))}
          </ToolTable>
          <nav aria-label="Runs pages" className={css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'flex-end', fontSize: 'sm', color: 'fg.muted' })}>
            <span>
              {first + 1}–{first + runs.data.length} of {total}
            </span>
            <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Button size="sm" disabled={first + runs.data.length >= total} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </nav>
        </>
      )}
    </section>
  )
}
