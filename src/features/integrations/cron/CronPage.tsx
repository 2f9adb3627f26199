import { useMutation, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { cronEnabledQuery, cronJobsQuery } from '../../../api/queries/cron'
import { projectDetailQuery } from '../../../api/queries/projects'
import type { CronJob } from '../../../api/schemas'
import { CRON_JOBS_REFRESH_MS, PERMISSION_MESSAGE } from '../../../constants'
import { deleteCronJobSql, enableCronSql, enablePgNetSql, runCronJobNowSql, setCronJobActiveSql } from '../../../lib/sql/cron'
import { Callout } from '../../../ui/callout'
import { GuardedButton } from '../../../ui/guarded-button'
import { SqlPreviewDialog } from '../../../ui/sql-preview-dialog'
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states'
import { showToast } from '../../../ui/toast'
import { useListDialog } from '../../../ui/use-list-dialogs'
import { DatabaseToolPage, useDatabaseWritePermission, useProjectDatabase } from '../../database'
import { CronJobsTable, jobLabel } from './CronJobsTable'
import { CreateCronJobDialog, EditCronJobDialog } from './cron-job-dialogs'
import { CronRuns } from './CronRuns'
import { errorMessage } from '../../../lib/error-message'

type Dialog = { kind: 'create' } | { kind: 'edit'; job: CronJob } | { kind: 'delete'; job: CronJob }

/** /project/{ref}/integrations/cron: pg_cron's jobs, their schedules and their runs (SPEC §2). */
export function CronScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run, refresh } = useProjectDatabase(ref)
  const restUrl = useQuery(projectDetailQuery(ref)).data?.restUrl ?? null
  const enabled = useQuery({ ...cronEnabledQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const jobs = useQuery({ ...cronJobsQuery(ref, connectionString), enabled: Boolean(connectionString) && enabled.data?.cron === true, refetchInterval: CRON_JOBS_REFRESH_MS })
  const permission = useDatabaseWritePermission(ref, 'cron', PERMISSION_MESSAGE.manageCron)
  const { dialog, setDialog, finish } = useListDialog<Dialog>(refresh)
  const [selectedId, setSelectedId] = useState<number | null>(null)
  // A switch shows what it was set to until the list read back says so (never the stale value in between).
  const [switching, setSwitching] = useState<ReadonlyMap<number, boolean>>(new Map())
  const turnOn = useMutation({ mutationFn: () => run(enableCronSql), onSuccess: () => refresh() })
  const enablePgNet = useCallback(async () => {
    await run(enablePgNetSql)
    await refresh()
  }, [run, refresh])

  const selected = jobs.data?.find((job) => job.jobid === selectedId) ?? jobs.data?.[0] ?? null
  const pgNet = enabled.data?.pgNet === true
  const refetchJobs = jobs.refetch
  const refreshJobs = useCallback(() => void refetchJobs(), [refetchJobs])
  const takenNames = (exceptId: number | null) => (jobs.data ?? []).flatMap((job) => (job.jobid !== exceptId && job.jobname !== null ? [job.jobname] : []))

  const onCreated = useCallback((name: string) => finish(`Cron job ${name} created`), [finish])
  const onEdited = useCallback((name: string) => finish(`Cron job ${name} saved`), [finish])

  const toggle = async (job: CronJob, active: boolean) => {
    setSwitching((previous) => new Map(previous).set(job.jobid, active))
    try {
      await run(setCronJobActiveSql(job.jobid, active))
      await refresh()
    } catch (error) {
      showToast('error', `${jobLabel(job)} was not ${active ? 'switched on' : 'paused'}`, errorMessage(error))
    }
    setSwitching((previous) => {
      const next = new Map(previous)
      next.delete(job.jobid)
      return next
    })
  }
  const runNow = async (job: CronJob) => {
    try {
      const rows = await run(runCronJobNowSql(job))
      showToast('success', `${jobLabel(job)} ran once, now`, `As ${job.username}; ${rows.length} row${rows.length === 1 ? '' : 's'} returned. The history lists the scheduled runs.`)
    } catch (error) {
      showToast('error', `${jobLabel(job)} failed when run now`, errorMessage(error))
    }
  }

  useEffect(() => {
    // A selected job deleted meanwhile: the first one is shown instead.
    if (selectedId !== null && jobs.data && !jobs.data.some((job) => job.jobid === selectedId)) setSelectedId(null)
  }, [jobs.data, selectedId])

  const createButton = (
    <GuardedButton variant="primary" blockedReason={permission.reason} disabled={!permission.allowed} onClick={() => setDialog({ kind: 'create' })}>
      Create a job
    </GuardedButton>
  )

  return (
    <DatabaseToolPage
      title="Cron jobs"
      description="Run SQL, a database function or an HTTP call on a schedule with pg_cron. Schedules are in UTC."
      actions={enabled.data?.cron ? createButton : undefined}
    >
      {permission.reason ? <Callout tone="warning" title={permission.reason} /> : null}
      {/* A refresh that fails leaves what was read on screen: only a first read that failed is an error. */}
      {enabled.data === undefined ? (
        enabled.isError ? (
          <ErrorState title="Cron jobs could not be read" message={enabled.error.message} onRetry={() => void enabled.refetch()} />
        ) : (
          <LoadingState label="Loading cron jobs…" />
        )
      ) : !enabled.data.cron ? (
        <EmptyState title="Cron is off">
          <span className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'center' })}>
            Enabling it installs pg_cron, which keeps the jobs and their runs in the cron schema.
            <GuardedButton variant="primary" blockedReason={permission.reason} disabled={!permission.allowed} loading={turnOn.isPending} onClick={() => turnOn.mutate()}>
              Enable cron
            </GuardedButton>
            {turnOn.isError ? <span role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })}>{turnOn.error.message}</span> : null}
          </span>
        </EmptyState>
      ) : jobs.data === undefined ? (
        jobs.isError ? (
          <ErrorState title="Cron jobs could not be read" message={jobs.error.message} onRetry={() => void jobs.refetch()} />
        ) : (
          <LoadingState label="Loading cron jobs…" />
        )
      ) : jobs.data.length === 0 ? (
        <EmptyState title="No cron jobs yet">Create one to run SQL, a function or an HTTP call on a schedule.</EmptyState>
      ) : (
        <>
          <CronJobsTable
            jobs={jobs.data}
            selectedId={selected?.jobid ?? null}
            switching={switching}
            blockedReason={permission.allowed ? null : (permission.reason ?? PERMISSION_MESSAGE.checking)}
            onSelect={setSelectedId}
            onToggle={(job, active) => void toggle(job, active)}
            onRunNow={(job) => void runNow(job)}
            onEdit={(job) => setDialog({ kind: 'edit', job })}
            onDelete={(job) => setDialog({ kind: 'delete', job })}
          />
          {selected ? <CronRuns key={selected.jobid} projectRef={ref} connectionString={connectionString} job={selected} name={jobLabel(selected)} onNewRun={refreshJobs} /> : null}
        </>
      )}
      <CreateCronJobDialog
        open={dialog?.kind === 'create'}
        projectRef={ref}
        connectionString={connectionString}
        facts={{ takenNames: takenNames(null), restUrl }}
        pgNet={pgNet}
        onEnablePgNet={enablePgNet}
        run={run}
        onSaved={onCreated}
        onClose={() => setDialog(null)}
      />
      {dialog?.kind === 'edit' ? (
        <EditCronJobDialog
          key={dialog.job.jobid}
          job={dialog.job}
          projectRef={ref}
          connectionString={connectionString}
          facts={{ takenNames: takenNames(dialog.job.jobid), restUrl }}
          pgNet={pgNet}
          onEnablePgNet={enablePgNet}
          run={run}
          onSaved={onEdited}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <SqlPreviewDialog
          title={`Delete cron job ${jobLabel(dialog.job)}`}
          description="It stops running. Its past runs stay in cron.job_run_details."
          runLabel="Delete job"
          tone="danger"
          build={() => deleteCronJobSql(dialog.job.jobid)}
          run={run}
          onDone={() => finish(`Cron job ${jobLabel(dialog.job)} deleted`)}
          onClose={() => setDialog(null)}
        >
          {null}
        </SqlPreviewDialog>
      ) : null}
    </DatabaseToolPage>
  )
}
