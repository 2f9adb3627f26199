import type { AuditEntry } from '../../api/schemas'
import { csvHeader, csvRecord } from '../../lib/sql/result-format'

const COLUMNS = ['occurred_at', 'member', 'action', 'method', 'route', 'status', 'target', 'project_ref', 'address'] as const

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection: =, +, -, @, tab, carriage
 * return first) gets a leading apostrophe, shown as text. The log holds what other people typed
 * (emails, names), and the file is made to be opened in a spreadsheet.
 */
const inertCell = (value: string | null) => (value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value)

/** The audit log as CSV (RFC 4180, the SQL editor's own writer): one record per event, times in UTC ISO, no cell a formula. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return (
    csvHeader(COLUMNS) +
    entries
      .map((entry) => {
        const call = entry.action.metadata[0]
        const actor = entry.actor.metadata[0]
        const row = {
          occurred_at: entry.occurred_at,
          member: actor?.email ?? null,
          action: entry.action.name,
          method: call?.method ?? null,
          route: call?.route ?? null,
          status: call ? String(call.status) : null,
          target: entry.target.description,
          project_ref: entry.target.metadata.project_ref,
          address: actor?.ip ?? null,
        }
        return csvRecord(COLUMNS, Object.fromEntries(Object.entries(row).map(([key, value]) => [key, inertCell(value)])))
      })
      .join('')
  )
}
