import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { databaseStatusQuery } from '../../api/queries/databases'
import { formatDuration } from '../../lib/duration'

/**
 * The project's database start as its own step beside the results: "Starting the database…" while
 * it boots, then how long that took. A run that had to wait for the start reports it here, never
 * in its own time. Nothing shows where the platform does not start databases (its answers carry
 * no start time).
 */
export function DatabaseStartNote({ projectRef, runStartupMs }: { projectRef: string; runStartupMs: number | null }) {
  const { data: database } = useQuery(databaseStatusQuery(projectRef))
  const text =
    runStartupMs !== null
      ? `Database started in ${formatDuration(runStartupMs)}`
      : database?.status === 'COMING_UP'
        ? 'Starting the database…'
        : database?.status === 'INIT_FAILED'
          ? `The database did not start${database.error ? `: ${database.error}` : '.'}`
          : database?.started_in_ms !== undefined
            ? `Database started in ${formatDuration(database.started_in_ms)}`
            : null
  return (
    // Polite and not a status role: the run's own line is the results' status.
    <span aria-live="polite" className={css({ color: 'fg.subtle', whiteSpace: 'nowrap' })}>
      {text}
    </span>
  )
}
