import type { LogSource, LogSourceId } from '../../constants'
import { fieldColumn, timeColumn, type EventColumn } from './EventList'

// What the explorer's list shows of a source: the time, the severity, the facets it has (status,
// method, path), a column or two that names the event on that source, then the message.

const EXTRA: Partial<Record<LogSourceId, EventColumn[]>> = {
  postgres: [fieldColumn('sqlstate', 'SQLSTATE', 90), fieldColumn('user_name', 'User', 110)],
  'auth-audit': [fieldColumn('action', 'Action', 130), fieldColumn('actor_username', 'Actor', 140)],
  auth: [fieldColumn('action', 'Action', 110)],
  'function-edge': [fieldColumn('function_name', 'Function', 140)],
  'function-runtime': [fieldColumn('function_name', 'Function', 140), fieldColumn('event_type', 'Type', 90)],
  realtime: [fieldColumn('channel', 'Channel', 160)],
  'pooler-transaction': [fieldColumn('event_type', 'Event', 110), fieldColumn('user_name', 'User', 110)],
  'pooler-session': [fieldColumn('event_type', 'Event', 110), fieldColumn('user_name', 'User', 110)],
  'database-upgrade': [fieldColumn('step', 'Step', 140)],
  cron: [fieldColumn('jobname', 'Job', 140), fieldColumn('status', 'Run', 90, true)],
  storage: [fieldColumn('bucket_id', 'Bucket', 120)],
}

export function explorerColumns(source: LogSource): EventColumn[] {
  const { facets } = source
  return [
    timeColumn,
    fieldColumn(facets.severity, facets.severity === 'level' ? 'Level' : 'Severity', 80, true),
    ...(facets.status ? [fieldColumn(facets.status, 'Status', 64, true)] : []),
    ...(facets.method ? [fieldColumn(facets.method, 'Method', 72)] : []),
    ...(EXTRA[source.id as LogSourceId] ?? []),
    fieldColumn('event_message', 'Message', null),
  ]
}
