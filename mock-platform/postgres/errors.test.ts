import { describe, expect, it } from 'vitest'
import { toPgMetaError } from './errors.ts'

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
    expect(toPgMetaError(new Error('Connection terminated due to connection timeout')).status).toBe(504)
    expect(toPgMetaError(new Error('timeout exceeded when trying to connect')).status).toBe(504)
    expect(toPgMetaError(dbError({ message: 'canceling statement due to statement timeout', code: '57014' })).status).toBe(400)
  })

  it('answers for errors that are not from the database', () => {
    expect(toPgMetaError(new Error('Query read timeout'))).toEqual({
      status: 408,
      body: { error: 'Query read timeout', message: 'Query read timeout', formattedError: 'Query read timeout', code: 'XX000', severity: 'ERROR' },
    })
    expect(toPgMetaError(new Error('Connection terminated due to connection timeout')).body.code).toBe('08006')
    expect(toPgMetaError('boom').body.message).toBe('boom')
    expect(toPgMetaError(undefined).body.message).toBe('Unknown error')
    // A node error code is not a SQLSTATE.
    expect(toPgMetaError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).body.code).toBe('XX000')
  })
})
