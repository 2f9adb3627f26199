import { Dialog } from '@ark-ui/react/dialog'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import type { TableColumn, TableSchema } from '../../api/schemas'
import { parseCsv, type CsvParseResult } from '../../lib/csv'
import { insertRowsSql } from '../../lib/sql/row-edits'
import { checkInput } from '../../lib/sql/value-check'
import { Button } from '../../ui/button'
import { ModalFrame } from '../../ui/dialog'
import { errorMessage } from '../../lib/error-message'

const fileZoneClass = css({
  display: 'flex',
  gap: '3',
  alignItems: 'center',
  px: '3',
  py: '3',
  fontSize: 'sm',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  borderRadius: 'md',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid token(colors.accent.default)', outlineOffset: '2px' },
  '&[data-disabled]': { opacity: '0.6', cursor: 'not-allowed' },
})

const rowCount = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'row' : 'rows'}`

/** Rows per INSERT while importing. */
export const IMPORT_BATCH_ROWS = 1_000
const PREVIEW_ROWS = 10
const LISTED_PROBLEMS = 8

interface Problem {
  line: number
  column: string
  message: string
}

/** Which CSV fields go to which columns: header names matched to the table's columns (case-insensitive), generated columns left out. */
export function matchColumns(header: readonly string[], columns: readonly TableColumn[]) {
  const matched: { index: number; column: TableColumn }[] = []
  const ignored: string[] = []
  header.forEach((name, index) => {
    const column = columns.find((c) => c.name === name) ?? columns.find((c) => c.name.toLowerCase() === name.toLowerCase())
    if (column && !column.is_generated && !matched.some((m) => m.column === column)) matched.push({ index, column })
    else ignored.push(name)
  })
  return { matched, ignored }
}

/** Every value checked against its column's type (and NOT NULL), so nothing is sent that Postgres will refuse for its type. */
export function checkCsv(parsed: CsvParseResult, matched: ReturnType<typeof matchColumns>['matched']): Problem[] {
  const problems: Problem[] = []
  parsed.rows.forEach((row, r) => {
    for (const { index, column } of matched) {
      const value = row[index] ?? null
      const message =
        value === null
          ? column.is_nullable || column.default_value !== null || column.is_identity
            ? null
            : 'NULL in a NOT NULL column'
          : checkInput(value, column)
      // Data lines are counted after the header; parse errors carry their own line numbers.
      if (message) problems.push({ line: r + 2, column: column.name, message })
    }
  })
  return problems
}

/** CSV into an existing table: a preview with type checks before anything is written, then batches with progress. */
export function ImportCsvDialog({
  table,
  run,
  onDone,
  onClose,
}: {
  table: TableSchema
  run: (sql: string, signal?: AbortSignal) => Promise<unknown>
  onDone: (rows: number) => void
  onClose: () => void
}) {
  const [file, setFile] = useState<{ name: string; parsed: CsvParseResult } | null>(null)
  const [reading, setReading] = useState(false)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const match = useMemo(() => (file ? matchColumns(file.parsed.header, table.columns) : null), [file, table])
  const problems = useMemo(
    () => (file && match ? [...file.parsed.errors.map((e) => ({ ...e, column: '' })), ...checkCsv(file.parsed, match.matched)] : []),
    [file, match],
  )

  async function choose(chosen: File | undefined) {
    if (!chosen) return
    setReading(true)
    setError(null)
    try {
      setFile({ name: chosen.name, parsed: parseCsv(await chosen.text()) })
    } catch (failure) {
      setError(`Could not read ${chosen.name}: ${errorMessage(failure)}`)
    } finally {
      setReading(false)
    }
  }

  async function importRows() {
    if (!file || !match || problems.length > 0) return
    const columns = match.matched.map((m) => m.column)
    const rows = file.parsed.rows.map((row) => match.matched.map((m) => row[m.index] ?? null))
    setProgress({ done: 0, total: rows.length })
    setError(null)
    let done = 0
    try {
      for (; done < rows.length; done += IMPORT_BATCH_ROWS) {
        await run(insertRowsSql(table.schema, table.name, columns, rows.slice(done, done + IMPORT_BATCH_ROWS)))
        setProgress({ done: Math.min(rows.length, done + IMPORT_BATCH_ROWS), total: rows.length })
      }
      onDone(rows.length)
    } catch (failure) {
      const message = errorMessage(failure)
      setError(
        done === 0
          ? `Nothing was imported: ${message}`
          : `The first ${done.toLocaleString()} rows were imported; the batch from data line ${(done + 2).toLocaleString()} failed: ${message}`,
      )
      setProgress(null)
    }
  }

  const busy = progress !== null
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && !busy && onClose()}>
      <ModalFrame size="xxlarge" className={css({ maxH: '90vh', display: 'flex', flexDir: 'column', gap: '3' })}>
        <Dialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Import CSV into {table.schema}.{table.name}
        </Dialog.Title>
        <Dialog.Description className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          The first line names the columns. An empty field is NULL; a quoted empty field ("") is empty text. Columns left out take their defaults.
        </Dialog.Description>
        {/* The browser's bare file input, dressed as the app's controls; a file can be dropped on it too. */}
        <label
          className={fileZoneClass}
          data-disabled={busy || undefined}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault()
            if (!busy) void choose(event.dataTransfer.files[0])
          }}
        >
          <input type="file" aria-label="CSV file" accept=".csv,text/csv" disabled={busy} onChange={(event) => void choose(event.target.files?.[0])} className={css({ srOnly: true })} />
          <span aria-hidden className={button({ variant: 'default', size: 'sm' })}>
            Choose a CSV file
          </span>
          <span aria-hidden className={css({ color: file ? 'fg.default' : 'fg.muted', truncate: true })}>
            {file ? file.name : 'or drop one here'}
          </span>
        </label>
        {reading ? <p className={css({ fontSize: 'sm' })}>Reading…</p> : null}
        {file && match ? (
          <div className={css({ display: 'flex', flexDir: 'column', gap: '2', minH: '0', overflow: 'auto' })}>
            <p className={css({ fontSize: 'sm' })}>
              {file.name}: {rowCount(file.parsed.rows.length)} into {match.matched.length} of {table.columns.length} columns
              {match.ignored.length ? ` · ignored (no such column): ${match.ignored.join(', ')}` : ''}
            </p>
            <section aria-label="Preview" className={css({ overflow: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' })}>
              <table className={previewClass}>
                <thead>
                  <tr>
                    {match.matched.map(({ column }) => (
                      <th key={column.name}>
                        {column.name} <span className={css({ color: 'fg.subtle', fontWeight: 'normal' })}>{column.data_type}</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {file.parsed.rows.slice(0, PREVIEW_ROWS).map((row, r) => (
                    <tr key={r}>
                      {match.matched.map(({ index, column }) => (
                        <td key={column.name} data-null={row[index] === null || row[index] === undefined ? '' : undefined}>
                          {row[index] ?? 'NULL'}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            {problems.length ? (
              <div role="alert" className={css({ fontSize: 'sm', color: 'danger.default' })}>
                <strong>
                  {problems.length.toLocaleString()} {problems.length === 1 ? 'problem' : 'problems'} to fix before importing:
                </strong>
                <ul className={css({ listStyle: 'disc', pl: '5' })}>
                  {problems.slice(0, LISTED_PROBLEMS).map((p, i) => (
                    <li key={i}>
                      Line {p.line}
                      {p.column ? `, ${p.column}` : ''}: {p.message}
                    </li>
                  ))}
                  {problems.length > LISTED_PROBLEMS ? <li>…and {(problems.length - LISTED_PROBLEMS).toLocaleString()} more</li> : null}
                </ul>
              </div>
            ) : (
              <p className={css({ fontSize: 'sm', color: 'success.default' })}>Every value fits its column's type.</p>
            )}
          </div>
        ) : null}
        {error ? (
          <p role="alert" className={css({ fontSize: 'sm', color: 'danger.default' })}>
            {error}
          </p>
        ) : null}
        {progress ? (
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
            <progress aria-label="Import progress" value={progress.done} max={Math.max(1, progress.total)} />
            {progress.done.toLocaleString()} of {progress.total.toLocaleString()} rows
          </div>
        ) : null}
        <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={busy}
            disabled={!file || !match || match.matched.length === 0 || problems.length > 0 || file.parsed.rows.length === 0}
            onClick={() => void importRows()}
          >
            {file ? `Import ${rowCount(file.parsed.rows.length)}` : 'Import rows'}
          </Button>
        </div>
      </ModalFrame>
    </Dialog.Root>
  )
}

const previewClass = css({
  w: 'full',
  fontSize: 'xs',
  borderCollapse: 'collapse',
  '& th, & td': {
    px: '2',
    py: '1',
    borderBottomWidth: '1px',
    borderColor: 'border.subtle',
    textAlign: 'left',
    whiteSpace: 'nowrap',
    maxW: '60',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& th': { bg: 'bg.muted', fontWeight: 'medium' },
  '& td[data-null]': { color: 'fg.subtle', fontStyle: 'italic' },
})
