import { describe, expect, it } from 'vitest'
import { RESULT_COLUMN_MAX_WIDTH, RESULT_COLUMN_MIN_WIDTH, resultColumnWidths } from './result-columns'

describe('the results grid’s column widths', () => {
  it('fit the header or the longest value shown, between a floor and a ceiling', () => {
    const rows = [
      { id: 1, email: 'ada@example.com', note: 'x'.repeat(500), ok: true },
      { id: 22, email: 'grace.hopper@example.com', note: null, ok: false },
    ]
    const [id, email, note, ok] = resultColumnWidths(['id', 'email', 'note', 'ok'], rows)
    expect(id).toBe(RESULT_COLUMN_MIN_WIDTH)
    expect(ok).toBe(RESULT_COLUMN_MIN_WIDTH)
    // 24 characters of the longest email.
    expect(email).toBe(Math.ceil(24 * 7.25 + 16))
    expect(note).toBe(RESULT_COLUMN_MAX_WIDTH)
  })

  it('read a long header, and only the first hundred rows', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ v: i < 100 ? 'a' : 'b'.repeat(40) }))
    expect(resultColumnWidths(['v'], rows)).toEqual([RESULT_COLUMN_MIN_WIDTH])
    expect(resultColumnWidths(['a_rather_long_column_name'], [])).toEqual([Math.ceil(25 * 7.25 + 16)])
  })
})
