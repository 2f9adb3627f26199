import { describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src/constants'
import { isDatabaseUnavailable, toPgMetaError } from './errors.ts'
import { refusedConnectionError } from './refused-connection.ts'

/** The fields a Postgres ErrorResponse carries, as PGlite and node-postgres expose them. */
const dbError = (fields: Record<string, string>) => Object.assign(new Error(fields['message']), { severity: 'ERROR', ...fields })

describe('toPgMetaError', () => {
  it('formats like pg-meta, caret under the position', () => {
    const sql = 'select * from x'
    const { status, body } = toPgMetaError(dbError({ message: 'relation "x" does not exist', code: '42P01', position: '15' }), sql)
    expect(status).toBe(400)
    expect(body.formattedError).toBe('ERROR:  42P01: relation "x" does not exist\nLINE 1: select * from x\n                      ^\n')
    expect(body).toMatchObject({ error: body.formattedError, message: 'relation "x" does not exist', code: '42P01', position: '15', severity: 'ERROR' })
  })

  it('puts the caret on the right line of multi-line SQL', () => {
    const sql = 'select 1;\nselect *\n  frm t'
    const position = String(sql.indexOf('frm') + 1)
    const { body } = toPgMetaError(dbError({ message: 'syntax error at or near "frm"', code: '42601', position }), sql)
    expect(body.formattedError).toBe('ERROR:  42601: syntax error at or near "frm"\nLINE 3:   frm t\n          ^\n')
  })

  it('counts characters, not UTF-16 units, as Postgres does', () => {
    const sql = "select '🎉' frm"
    const position = String([...sql].indexOf('f') + 1)
    const { body } = toPgMetaError(dbError({ message: 'syntax error at or near "frm"', code: '42601', position }), sql)
    expect(body.formattedError.split('\n')[2]).toBe(' '.repeat('LINE 1: '.length + [...sql].indexOf('f')) + '^')
  })

  it('points past the end for errors at the end of input', () => {
    const sql = 'select * from'
    const { body } = toPgMetaError(dbError({ message: 'syntax error at end of input', code: '42601', position: '14' }), sql)
    expect(body.formattedError).toBe('ERROR:  42601: syntax error at end of input\nLINE 1: select * from\n                     ^\n')
  })

  it('adds detail, hint, query and context lines, and keeps every field', () => {
    const { body } = toPgMetaError(
      dbError({
        message: 'duplicate key value violates unique constraint "customers_email_key"',
        code: '23505',
        detail: 'Key (email)=(a@b.c) already exists.',
        hint: 'Pick another email.',
        internalQuery: 'insert …',
        where: 'SQL function "f"',
        schema: 'public',
        table: 'customers',
        constraint: 'customers_email_key',
        file: 'nbtinsert.c',
        line: '666',
        routine: '_bt_check_unique',
      }),
    )
    expect(body.formattedError).toBe(
      'ERROR:  23505: duplicate key value violates unique constraint "customers_email_key"\n' +
        'DETAIL:  Key (email)=(a@b.c) already exists.\nHINT:  Pick another email.\nQUERY:  insert …\nCONTEXT:  SQL function "f"\n',
    )
    expect(body).toMatchObject({ schema: 'public', table: 'customers', constraint: 'customers_email_key', routine: '_bt_check_unique' })
    expect(body).not.toHaveProperty('position')
  })

  it('uses the query PGlite attaches when no SQL is given', () => {
    const error = Object.assign(dbError({ message: 'relation "x" does not exist', code: '42P01', position: '15' }), { query: 'select * from x' })
    expect(toPgMetaError(error).body.formattedError).toContain('LINE 1: select * from x\n')
  })

  it('maps pg-meta statuses', () => {
    expect(toPgMetaError(new Error('Query read timeout')).status).toBe(408)
    expect(toPgMetaError(dbError({ message: 'sorry, too many clients already', code: '53300', severity: 'FATAL' })).status).toBe(503)
    expect(toPgMetaError(dbError({ message: 'canceling statement due to statement timeout', code: '57014' })).status).toBe(400)
    expect(toPgMetaError(dbError({ message: 'relation "x" does not exist', code: '42P01' })).headers).toEqual({})
  })

  it('answers a database that cannot be reached as unavailable (503, Retry-After), not as the query\'s fault', async () => {
    const unavailable = [
      // The server stopped or went away: admin shutdown, crash shutdown, cannot connect now; the connection classes.
      dbError({ message: 'terminating connection due to administrator command', code: '57P01', severity: 'FATAL' }),
      dbError({ message: 'terminating connection because of crash of another server process', code: '57P02', severity: 'FATAL' }),
      dbError({ message: 'the database system is shutting down', code: '57P03', severity: 'FATAL' }),
      dbError({ message: 'connection failure', code: '08006', severity: 'FATAL' }),
      dbError({ message: 'could not connect', code: '08001', severity: 'FATAL' }),
      // pg-meta's and node-postgres's own words for a connection that timed out or broke.
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      // A real refusal: node-postgres connecting to a port nothing listens on.
      await refusedConnectionError(),
    ]
    for (const error of unavailable) {
      const { status, body, headers } = toPgMetaError(error, 'select 1')
      const cause = (error as Error).message
      expect(isDatabaseUnavailable(error), cause).toBe(true)
      expect(status, cause).toBe(503)
      expect(headers, cause).toEqual({ 'retry-after': String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS) })
      expect(body.message, cause).toBe(DATABASE_UNAVAILABLE_MESSAGE.database)
      // What the database or the driver said stays, for whoever runs the server.
      expect(body.detail, cause).toBe(cause)
      expect(body.formattedError, cause).toContain(`DETAIL:  ${cause}`)
      expect(body.hint, cause).toBe(DATABASE_UNAVAILABLE_MESSAGE.retryHint(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS))
      expect(body.code, cause).toMatch(/^(08|57P|53)/)
    }
    for (const error of [dbError({ message: 'canceling statement due to user request', code: '57014' }), new Error('Query read timeout'), new Error('boom')]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(false)
    }
  })

  it('answers for errors that are not from the database', () => {
    expect(toPgMetaError(new Error('Query read timeout'))).toEqual({
      status: 408,
      body: { error: 'Query read timeout', message: 'Query read timeout', formattedError: 'Query read timeout', code: 'XX000', severity: 'ERROR' },
      headers: {},
    })
    expect(toPgMetaError(new Error('Connection terminated due to connection timeout')).body.code).toBe('08006')
    expect(toPgMetaError('boom').body.message).toBe('boom')
    expect(toPgMetaError(undefined).body.message).toBe('Unknown error')
    // A node error code is not a SQLSTATE: a refused connection is a connection failure.
    expect(toPgMetaError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).body.code).toBe('08006')
    expect(toPgMetaError(Object.assign(new Error('something else'), { code: 'ENOENT' })).body.code).toBe('XX000')
  })
})
