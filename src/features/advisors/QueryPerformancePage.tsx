import { useMutation, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { queryStatisticsQuery } from '../../api/queries/query-performance'
import { PERMISSION_MESSAGE, QUERY_PERFORMANCE_VIEWS, type QueryPerformanceView, type StatementSortKey } from '../../constants'
import { searchStatements, sortStatements, type SortDirection } from '../../lib/query-statistics'
import { enableQueryStatisticsSql, resetQueryStatisticsSql } from '../../lib/sql/query-performance'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/dialog'
import { SearchField } from '../../ui/field'
import { GuardedButton } from '../../ui/guarded-button'
import { EmptyState, ErrorState, LoadingState } from '../../ui/states'
import { showToast } from '../../ui/toast'
import { DatabaseToolPage, useDatabaseWritePermission, useProjectDatabase } from '../database'
import { StatementDetail } from './StatementDetail'
import { StatementsTable } from './StatementsTable'
import { useOpenInSqlEditor } from './use-open-in-sql-editor'
import { errorMessage } from '../../lib/error-message'

/**
 * /project/{ref}/advisors/query-performance (SPEC §2).
 *
 * What the database spent its time on, from pg_stat_statements: three views (most time consuming,
 * most frequent, slowest) that are sorts of one read, any column sortable, a search, a statement's
 * detail with its plan and index hints, and a reset of the statistics after a confirmation.
 */
export function QueryPerformanceScreen({ projectRef: ref }: { projectRef: string }) {
  const { connectionString, run } = useProjectDatabase(ref)
  const statistics = useQuery({ ...queryStatisticsQuery(ref, connectionString), enabled: Boolean(connectionString) })
  const permission = useDatabaseWritePermission(ref, 'query-performance', PERMISSION_MESSAGE.resetQueryStatistics)
  const indexPermission = useDatabaseWritePermission(ref, 'query-performance', PERMISSION_MESSAGE.fixAdvisorFindings)
  const editor = useOpenInSqlEditor(ref)
  const [view, setView] = useState<QueryPerformanceView | null>('time')
  const [sort, setSort] = useState<{ key: StatementSortKey; direction: SortDirection }>({ key: 'total_time', direction: 'desc' })
  const [search, setSearch] = useState('')
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [confirmReset, setConfirmReset] = useState(false)
  const refetch = statistics.refetch
  const reset = useMutation({
    mutationFn: () => run(resetQueryStatisticsSql),
    onSuccess: () => {
      setSelectedId(null)
      showToast('success', 'Query statistics reset', 'Every statement is counted again from now on.')
      void refetch()
    },
    onError: (error) => showToast('error', 'The statistics were not reset', errorMessage(error)),
  })
  const enable = useMutation({ mutationFn: () => run(enableQueryStatisticsSql), onSuccess: () => void refetch() })

  const all = statistics.data?.statements
  const shown = useMemo(() => (all ? sortStatements(searchStatements(all, search), sort.key, sort.direction) : []), [all, search, sort])
  const selected = all?.find((statement) => statement.id === selectedId) ?? null
  const blocked = permission.allowed ? null : (permission.reason ?? PERMISSION_MESSAGE.checking)

  const chooseView = (id: QueryPerformanceView) => {
    setView(id)
    setSort({ key: QUERY_PERFORMANCE_VIEWS.find((each) => each.id === id)!.sort, direction: 'desc' })
  }
  const sortBy = (key: StatementSortKey) => {
    setSort((current) => ({ key, direction: current.key === key && current.direction === 'desc' ? 'asc' : 'desc' }))
    setView(null)
  }

  return (
    <DatabaseToolPage
      title="Query Performance"
      description="What the database spent its time on, from pg_stat_statements: each statement counted with its constants replaced by $1, $2…"
      actions={
        <div className={css({ display: 'flex', gap: '2' })}>
          <Button onClick={() => void refetch()} loading={statistics.isFetching} disabled={!statistics.data}>
            Refresh
          </Button>
          <GuardedButton blockedReason={blocked} disabled={!!blocked || !statistics.data?.installed} onClick={() => setConfirmReset(true)}>
            Reset statistics
          </GuardedButton>
        </div>
      }
    >
      {statistics.data === undefined ? (
        statistics.isError ? (
          <ErrorState title="Query statistics could not be read" message={statistics.error.message} onRetry={() => void refetch()} />
        ) : (
          <LoadingState label="Reading query statistics…" />
        )
      ) : !statistics.data.installed ? (
        <EmptyState title="pg_stat_statements is not enabled">
          <span className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'center' })}>
            It counts every statement the database runs, with its times. Enabling it installs the extension in the extensions schema.
            <GuardedButton variant="primary" blockedReason={blocked} disabled={!!blocked} loading={enable.isPending} onClick={() => enable.mutate()}>
              Enable pg_stat_statements
            </GuardedButton>
            {enable.isError ? <span role="alert">{enable.error.message}</span> : null}
          </span>
        </EmptyState>
      ) : (
        <>
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            <div role="group" aria-label="Views" className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              {QUERY_PERFORMANCE_VIEWS.map((each) => (
                <Button key={each.id} size="sm" variant={view === each.id ? 'primary' : 'default'} aria-pressed={view === each.id} onClick={() => chooseView(each.id)}>
                  {each.label}
                </Button>
              ))}
            </div>
            <span className={css({ flex: '1' })} />
            <SearchField label="Search statements" placeholder="Search statements or roles…" value={search} onChange={setSearch} className={css({ maxW: 'xs' })} />
            <span role="status" className={css({ color: 'fg.muted', fontSize: 'xs', whiteSpace: 'nowrap' })}>
              {shown.length === all!.length ? `${all!.length.toLocaleString()} statements` : `${shown.length.toLocaleString()} of ${all!.length.toLocaleString()} statements`}
            </span>
          </div>
          {all!.length === 0 ? (
            <EmptyState title="No statements counted yet">Run queries (in the SQL editor, through the API) and refresh: they appear here with their calls and times.</EmptyState>
          ) : shown.length === 0 ? (
            <EmptyState title="No statement matches">Nothing counted matches “{search}”.</EmptyState>
          ) : (
            <StatementsTable statements={shown} sort={sort.key} direction={sort.direction} selectedId={selectedId} onSort={sortBy} onSelect={(statement) => setSelectedId(statement.id)} />
          )}
          {selected ? (
            <StatementDetail
              key={selected.id}
              projectRef={ref}
              connectionString={connectionString}
              statement={selected}
              versionNum={statistics.data.versionNum}
              blockedReason={indexPermission.allowed ? null : (indexPermission.reason ?? PERMISSION_MESSAGE.checking)}
              run={run}
              onIndexCreated={() => showToast('success', 'Index created')}
              onOpenInEditor={(name, sql) => void editor.open(name, sql)}
            />
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirmReset}
        title="Reset query statistics?"
        confirmLabel="Reset statistics"
        onConfirm={() => {
          setConfirmReset(false)
          reset.mutate()
        }}
        onDismiss={() => setConfirmReset(false)}
      >
        Every statement’s calls, times and rows start again from zero, for everyone working on this project. What is counted so far cannot be brought back.
      </ConfirmDialog>
    </DatabaseToolPage>
  )
}
