import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { webhookCallsQuery } from '../../../api/queries/database-webhooks'
import type { DatabaseWebhook, WebhookCall } from '../../../api/schemas'
import { WEBHOOK_CALLS_REFRESH_MS } from '../../../constants'
import { formatDisplayDate } from '../../../lib/display-date'
import { Badge, type BadgeTone } from '../../../ui/badge'
import { EmptyState, QueryStates } from '../../../ui/states'

/** A JSON body indented for reading; anything else as it came. */
function readable(content: string): string {
  try {
    return JSON.stringify(JSON.parse(content), null, 2)
  } catch {
    return content
  }
}

function outcome(call: WebhookCall): { tone: BadgeTone; label: string } {
  if (call.answered_at === null) return { tone: 'info', label: 'Waiting' }
  if (call.timed_out) return { tone: 'danger', label: 'Timed out' }
  if (call.status_code === null) return { tone: 'danger', label: 'Not sent' }
  return { tone: call.status_code < 300 ? 'success' : call.status_code < 500 ? 'warning' : 'danger', label: String(call.status_code) }
}

/** The latest calls of one webhook, read again every few seconds while shown (pg_net sends after the statement). */
export function WebhookCalls({ projectRef, connectionString, hook }: { projectRef: string; connectionString: string | null | undefined; hook: DatabaseWebhook }) {
  const calls = useQuery({
    ...webhookCallsQuery(projectRef, connectionString, hook),
    enabled: Boolean(connectionString),
    staleTime: 0,
    refetchInterval: WEBHOOK_CALLS_REFRESH_MS,
  })
  return (
    <section aria-label={`Recent calls of ${hook.name}`} className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
        Recent calls of <span className={css({ fontFamily: 'mono' })}>{hook.name}</span>
      </h2>
      <QueryStates query={calls} loading="Loading calls…" failed="The calls could not be read">
        {(data) => data.length === 0 ? (
          <EmptyState title="No calls yet">
            It is called when a row of {hook.schema}.{hook.table} is {[hook.on_insert && 'inserted', hook.on_update && 'updated', hook.on_delete && 'deleted'].filter(Boolean).join(', or ')}.
          </EmptyState>
        ) : (
          <ol className={css({ display: 'flex', flexDir: 'column', gap: '2', listStyle: 'none' })}>
            {data.map((call) => {
              const { tone, label } = outcome(call)
              return (
                <li key={call.id} className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.surface', p: '2', fontSize: 'sm' })}>
                  <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                    <Badge tone={tone}>{label}</Badge>
                    <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>{formatDisplayDate(call.created_at)}</span>
                    {call.content_type ? <span className={css({ color: 'fg.muted', fontSize: 'xs', fontFamily: 'mono' })}>{call.content_type}</span> : null}
                  </div>
                  {call.error_msg ? <p className={css({ color: 'danger.default', fontSize: 'xs', mt: '1', wordBreak: 'break-word' })}>{call.error_msg}</p> : null}
                  {call.content ? (
                    <pre
                      aria-label="Response body"
                      className={css({ mt: '1', fontFamily: 'mono', fontSize: 'xs', bg: 'bg.muted', p: '2', borderRadius: 'sm', maxH: '48', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' })}
                    >
                      {readable(call.content)}
                    </pre>
                  ) : null}
                </li>
              )
            })}
          </ol>
        )}
      </QueryStates>
    </section>
  )
}
