import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cellKind,
  csvField,
  exportChunks,
  exportFileName,
  formatCellText,
  formatRow,
  formatValueForCopy,
  formatValueForExpand,
  toCsv,
  toJson,
  toJsonObject,
  toMarkdown,
  truncateText,
  type ResultRow,
} from './result-format'

/** A strict RFC 4180 reader that also reports whether each field was quoted. */
function parseCsv(text: string): { text: string; quoted: boolean }[][] {
  const records: { text: string; quoted: boolean }[][] = []
  let record: { text: string; quoted: boolean }[] = []
  let i = 0
  while (i < text.length) {
    let field = ''
    let quoted = false
    if (text[i] === '"') {
      quoted = true
      i++
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quote')
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
          } else {
            i++
            break
          }
        } else field += text[i++]
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\n') {
        if (text[i] === '"' || text[i] === '\r') throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`)
        field += text[i++]
      }
    }
    record.push({ text: field, quoted })
    if (text[i] === ',') i++
    else if (text[i] === '\n') {
      records.push(record)
      record = []
      i++
    } else throw new Error(`record not terminated at ${i}`)
  }
  if (record.length > 0) throw new Error('last record not terminated')
  return records
}

const nasty = fc.oneof(
  fc.constantFrom('', ',', '"', '""', '\n', '\r', '\r\n', '|', 'a|b', ' padded ', 'NULL', '{"a":1}', '[1,2]', 'héllo ☃ 😀', '\u2028', '\\|', '<br>'),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', '|', ' ', '😀'), maxLength: 12 }),
)
const value = fc.oneof(nasty, fc.constant(null), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.jsonValue({ maxDepth: 2 }))
const result = fc.uniqueArray(nasty, { maxLength: 5 }).chain((columns) =>
  fc.record({
    columns: fc.constant(columns),
    rows: fc.array(
      fc.tuple(...columns.map(() => value)).map((values) => Object.fromEntries(columns.map((column, i) => [column, values[i]])) as ResultRow),
      {
        maxLength: 25,
      },
    ),
  }),
)

const joined = (chunks: Iterable<{ text: string }>) => [...chunks].map((chunk) => chunk.text).join('')

describe('cell text', () => {
  it('reads NULL for null and undefined, JSON on one line, booleans and numbers as text', () => {
    expect(formatCellText(null)).toBe('NULL')
    expect(formatCellText(undefined)).toBe('NULL')
    expect(formatCellText({ a: [1, { b: null }] })).toBe('{"a":[1,{"b":null}]}')
    expect(formatCellText(false)).toBe('false')
    expect(formatCellText(0)).toBe('0')
    expect(formatCellText(12345678901234567890n)).toBe('12345678901234567890')
    expect(formatCellText('NULL')).toBe('NULL')
    expect(formatCellText(new Date('2024-05-06T07:08:09.010Z'))).toBe('2024-05-06T07:08:09.010Z')
  })

  it('cuts text over 200 characters with an ellipsis, never inside a surrogate pair', () => {
    expect(formatCellText('x'.repeat(200))).toBe('x'.repeat(200))
    expect(formatCellText('x'.repeat(201))).toBe(`${'x'.repeat(200)}…`)
    expect(truncateText(`${'x'.repeat(199)}😀tail`, 200)).toBe(`${'x'.repeat(199)}…`)
    expect(formatCellText({ long: 'y'.repeat(300) })).toHaveLength(201)
  })

  it('knows the kind of each value', () => {
    expect([null, undefined, 1, 1n, true, {}, [], 'x', new Date(0)].map(cellKind)).toEqual([
      'null',
      'null',
      'number',
      'number',
      'boolean',
      'json',
      'json',
      'text',
      'text',
    ])
  })

  it('copies NULL as NULL, objects as pretty JSON and text as is', () => {
    expect(formatValueForCopy(null)).toBe('NULL')
    expect(formatValueForCopy({ a: 1 })).toBe('{\n  "a": 1\n}')
    expect(formatValueForCopy('{"a":1}')).toBe('{"a":1}')
    expect(formatValueForCopy('x'.repeat(500))).toBe('x'.repeat(500))
    expect(formatValueForCopy(true)).toBe('true')
  })

  it('expands JSON, and text that parses as a JSON object or array, pretty-printed', () => {
    expect(formatValueForExpand({ a: [1] })).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}', kind: 'json' })
    expect(formatValueForExpand(' {"a":1} ')).toEqual({ text: '{\n  "a": 1\n}', kind: 'json' })
    expect(formatValueForExpand('[1,2]').text).toBe('[\n  1,\n  2\n]')
    expect(formatValueForExpand('{not json')).toEqual({ text: '{not json', kind: 'text' })
    expect(formatValueForExpand('42')).toEqual({ text: '42', kind: 'text' })
    expect(formatValueForExpand(null)).toEqual({ text: 'NULL', kind: 'null' })
    expect(formatValueForExpand('z'.repeat(1000)).text).toHaveLength(1000)
  })
})

describe('toCsv', () => {
  it('writes a header and one LF-terminated record per row, quoting only what needs it', () => {
    const rows = [
      { id: 1, name: 'plain', note: 'a, b' },
      { id: 2, name: 'say "hi"', note: 'line 1\nline 2' },
      { id: 3, name: 'cr\r', note: 'crlf\r\n' },
    ]
    expect(toCsv(['id', 'name', 'note'], rows)).toBe('id,name,note\n1,plain,"a, b"\n2,"say ""hi""","line 1\nline 2"\n3,"cr\r","crlf\r\n"\n')
  })

  it('keeps NULL (empty) and the empty string ("") apart', () => {
    expect(toCsv(['a', 'b'], [{ a: null, b: '' }])).toBe('a,b\n,""\n')
    expect(toCsv(['a'], [{}])).toBe('a\n\n')
  })

  it('writes JSON as JSON text, booleans and numbers as text, and unicode untouched', () => {
    expect(toCsv(['j', 'b', 'n', 'u'], [{ j: { k: 'v', l: [1, 2] }, b: true, n: -1.5, u: 'žluť 😀' }])).toBe(
      'j,b,n,u\n"{""k"":""v"",""l"":[1,2]}",true,-1.5,žluť 😀\n',
    )
  })

  it('quotes header names that need it, and gives only a header for an empty result', () => {
    expect(toCsv(['a,b', 'c"d'], [])).toBe('"a,b","c""d"\n')
    expect(toCsv([], [])).toBe('')
  })

  it('round-trips through an RFC 4180 reader', () => {
    fc.assert(
      fc.property(result, ({ columns, rows }) => {
        const records = parseCsv(toCsv(columns, rows))
        if (columns.length === 0) {
          expect(records).toEqual([])
          return
        }
        expect(records.map((record) => record.map((field) => field.text))[0]).toEqual(columns)
        expect(records).toHaveLength(rows.length + 1)
        rows.forEach((row, r) =>
          columns.forEach((column, c) => {
            const field = records[r + 1]![c]!
            const v = row[column]
            if (v === null) expect(field).toEqual({ text: '', quoted: false })
            else expect(field.text).toBe(typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v))
          }),
        )
      }),
      { numRuns: 300 },
    )
  })

  it('quotes a field exactly when it holds a comma, quote, CR or LF, or is empty', () => {
    fc.assert(
      fc.property(nasty, (text) => {
        expect(csvField(text).startsWith('"')).toBe(text === '' || /[",\r\n]/.test(text))
      }),
    )
  })
})

describe('toJson', () => {
  it('is a pretty array of objects, NULL as null', () => {
    const rows = [{ id: 1, data: { tags: ['a'] }, gone: null }]
    expect(toJson(['id', 'data', 'gone'], rows)).toBe(JSON.stringify(rows, null, 2))
    expect(toJson(['id'], [])).toBe('[]')
    expect(toJson(['id'], [{}])).toBe('[\n  {\n    "id": null\n  }\n]')
    expect(toJson([], [{}])).toBe('[\n  {}\n]')
  })

  it('keeps the column order even for integer-like names', () => {
    expect(toJsonObject(['b', '2', 'a'], { a: 1, b: 2, 2: 3 })).toBe('{\n  "b": 2,\n  "2": 3,\n  "a": 1\n}')
  })

  it('writes bigints as strings rather than throwing', () => {
    expect(toJsonObject(['n'], { n: 10n })).toBe('{\n  "n": "10"\n}')
  })

  it('parses back to the rows and matches JSON.stringify formatting', () => {
    fc.assert(
      fc.property(result, ({ columns, rows }) => {
        const text = toJson(columns, rows)
        const normalized = rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])))
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(normalized)))
        // Formatting equals JSON.stringify whenever no key is integer-like (where objects reorder keys).
        if (columns.every((column) => !/^(0|[1-9]\d*)$/.test(column))) expect(text).toBe(JSON.stringify(normalized, null, 2))
      }),
      { numRuns: 300 },
    )
  })
})

describe('toMarkdown', () => {
  it('writes a GitHub table with NULL, escaped pipes and <br> for line breaks', () => {
    const rows = [
      { id: 1, text: 'a|b', note: null },
      { id: 22, text: 'one\ntwo\r\nthree\rfour', note: { k: 'x|y' } },
    ]
    expect(toMarkdown(['id', 'text', 'note'], rows)).toBe(
      ['| id | text | note |', '| ---: | --- | --- |', '| 1 | a\\|b | NULL |', '| 22 | one<br>two<br>three<br>four | {"k":"x\\|y"} |', ''].join('\n'),
    )
  })

  it('escapes the header too and gives a bare header for an empty result', () => {
    expect(toMarkdown(['a|b'], [])).toBe('| a\\|b |\n| --- |\n')
    expect(toMarkdown([], [])).toBe('')
  })

  it('always has one line per row and the same number of cells in every line', () => {
    fc.assert(
      fc.property(result, ({ columns, rows }) => {
        const text = toMarkdown(columns, rows)
        if (columns.length === 0) {
          expect(text).toBe('')
          return
        }
        const lines = text.split('\n')
        expect(lines.pop()).toBe('')
        expect(lines).toHaveLength(rows.length + 2)
        // Splitting at unescaped pipes finds exactly the columns.
        for (const line of lines) expect(line.split(/(?<!\\)\|/).length - 2).toBe(columns.length)
      }),
      { numRuns: 200 },
    )
  })
})

describe('formatRow', () => {
  const columns = ['id', 'name']
  const row = { id: 7, name: 'x,y' }
  it('copies one row as CSV or Markdown with the header, or as one JSON object', () => {
    expect(formatRow('csv', columns, row)).toBe('id,name\n7,"x,y"\n')
    expect(formatRow('markdown', columns, row)).toBe('| id | name |\n| ---: | --- |\n| 7 | x,y |\n')
    expect(formatRow('json', columns, row)).toBe('{\n  "id": 7,\n  "name": "x,y"\n}')
  })
})

describe('exportChunks', () => {
  const columns = ['id', 'v']
  const rows = Array.from({ length: 12 }, (_, i) => ({ id: i, v: i % 3 === 0 ? null : `r"${i}"` }))

  it('yields the CSV header first, then chunks of at most chunkRows rows with progress', () => {
    const chunks = [...exportChunks('csv', columns, rows, 5)]
    expect(chunks.map(({ done, total }) => [done, total])).toEqual([
      [0, 12],
      [5, 12],
      [10, 12],
      [12, 12],
    ])
    expect(chunks[0]!.text).toBe('id,v\n')
    expect(joined(chunks)).toBe(toCsv(columns, rows))
  })

  it('yields JSON as [ + items joined by commas + ]', () => {
    const chunks = [...exportChunks('json', columns, rows, 5)]
    expect(chunks).toHaveLength(3)
    expect(chunks[0]!.text.startsWith('[\n  {')).toBe(true)
    expect(chunks[1]!.text.startsWith(',\n  {')).toBe(true)
    expect(chunks[2]!.text.endsWith('}\n]')).toBe(true)
    expect(joined(chunks)).toBe(toJson(columns, rows))
  })

  it('handles empty results and nonsense chunk sizes', () => {
    expect([...exportChunks('json', columns, [])]).toEqual([{ text: '[]', done: 0, total: 0 }])
    expect([...exportChunks('csv', columns, [])]).toEqual([{ text: 'id,v\n', done: 0, total: 0 }])
    expect(joined(exportChunks('csv', [], rows))).toBe('')
    expect(joined(exportChunks('csv', columns, rows, 0))).toBe(toCsv(columns, rows))
    expect(joined(exportChunks('json', columns, rows, Number.NaN))).toBe(toJson(columns, rows))
  })

  it('concatenates to exactly toCsv / toJson for any rows and chunk size', () => {
    fc.assert(
      fc.property(result, fc.integer({ min: 1, max: 30 }), ({ columns, rows }, size) => {
        expect(joined(exportChunks('csv', columns, rows, size))).toBe(toCsv(columns, rows))
        expect(joined(exportChunks('json', columns, rows, size))).toBe(toJson(columns, rows))
        const last = [...exportChunks('csv', columns, rows, size)].at(-1)!
        expect([last.done, last.total]).toEqual([rows.length, rows.length])
      }),
      { numRuns: 300 },
    )
  })

  it('streams 300,000 rows in chunks of 5,000 without building the whole text', () => {
    const many = Array.from({ length: 300_000 }, (_, i) => ({ id: i, v: 'x' }))
    let count = 0
    let longest = 0
    for (const chunk of exportChunks('csv', columns, many)) {
      count++
      longest = Math.max(longest, chunk.text.length)
    }
    expect(count).toBe(61)
    expect(longest).toBeLessThan(5000 * 16)
  })
})

describe('exportFileName', () => {
  const now = new Date('2025-03-04T05:06:07.089Z')
  it('is query-result-<ISO time without colons>.<ext>', () => {
    expect(exportFileName('csv', undefined, now)).toBe('query-result-2025-03-04T050607.089Z.csv')
    expect(exportFileName('json', 'orders by day', now)).toBe('orders by day-2025-03-04T050607.089Z.json')
  })
  it('replaces characters file systems reject in the base', () => {
    expect(exportFileName('csv', 'a/b:c?', now)).toBe('a-b-c-2025-03-04T050607.089Z.csv')
    expect(exportFileName('csv', ' / ', now)).toBe('query-result-2025-03-04T050607.089Z.csv')
  })
})

describe('columns named like Object.prototype members', () => {
  it('read the row’s own value, or none: never a function of the prototype', () => {
    const columns = ['constructor', 'toString', '__proto__']
    const row = { toString: 'own' }
    expect(toCsv(columns, [row])).toBe('constructor,toString,__proto__\n,own,\n')
    expect(toJson(columns, [row])).not.toContain('function')
    expect(toMarkdown(columns, [row])).toContain('| NULL | own | NULL |')
  })
})
