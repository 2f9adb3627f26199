import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { detectDelimiter, parseCsv, type CsvParseResult } from './csv'

describe('parseCsv', () => {
  it.each<[string, string, Partial<CsvParseResult>]>([
    [
      'a simple file',
      'a,b\n1,2\n3,4',
      {
        header: ['a', 'b'],
        rows: [
          ['1', '2'],
          ['3', '4'],
        ],
        errors: [],
      },
    ],
    ['an unquoted empty field as NULL, a quoted one as empty text', 'a,b,c\n,"",x', { rows: [[null, '', 'x']] }],
    ['a record of only delimiters', 'a,b\n,', { rows: [[null, null]] }],
    ['quotes escaped by doubling', 'a\n"say ""hi"""', { rows: [['say "hi"']] }],
    ['delimiters and line breaks inside quotes', 'a,b\n"x,y","line 1\nline 2"', { rows: [['x,y', 'line 1\nline 2']] }],
    ['CRLF inside quotes kept', 'a\r\n"1\r\n2"\r\n', { rows: [['1\r\n2']] }],
    [
      'CRLF line ends',
      'a,b\r\n1,2\r\n3,4\r\n',
      {
        rows: [
          ['1', '2'],
          ['3', '4'],
        ],
      },
    ],
    [
      'CR line ends',
      'a,b\r1,2\r3,4',
      {
        rows: [
          ['1', '2'],
          ['3', '4'],
        ],
      },
    ],
    ['a leading BOM', '\uFEFFid,name\n1,x', { header: ['id', 'name'] }],
    ['a trailing newline', 'a\n1\n', { rows: [['1']] }],
    [
      'blank lines',
      '\na,b\n\n1,2\n\n\n3,4\n',
      {
        header: ['a', 'b'],
        rows: [
          ['1', '2'],
          ['3', '4'],
        ],
        errors: [],
      },
    ],
    ['a line of spaces as a value', 'a\n  \n1', { rows: [['  '], ['1']] }],
    ['spaces around values kept, around header names trimmed', ' a , b \n 1 , 2 ', { header: ['a', 'b'], rows: [[' 1 ', ' 2 ']] }],
    ['a quote inside a field, as COPY reads it', 'a\nx"y,z"w', { rows: [['xy,zw']] }],
    ['"NULL" as text', 'a\nNULL', { rows: [['NULL']] }],
    ['a header only', 'a,b\n', { header: ['a', 'b'], rows: [], errors: [] }],
    ['unicode', 'naïve,名前\n😀,é', { header: ['naïve', '名前'], rows: [['😀', 'é']] }],
  ])('reads %s', (_, text, expected) => {
    expect(parseCsv(text)).toMatchObject(expected)
  })

  it('takes another delimiter', () => {
    expect(parseCsv('a;b\n"x;y";2', { delimiter: ';' })).toEqual({ header: ['a', 'b'], rows: [['x;y', '2']], errors: [] })
    expect(parseCsv('a\tb\n1\t', { delimiter: '\t' })).toEqual({ header: ['a', 'b'], rows: [['1', null]], errors: [] })
    expect(() => parseCsv('a', { delimiter: '"' })).toThrow('The delimiter must be one character other than a quote or a line break, not "\\""')
    expect(() => parseCsv('a', { delimiter: ';;' })).toThrow('The delimiter must be one character')
  })

  it('leaves out records with another field count, naming their physical line', () => {
    const result = parseCsv('a,b\n1,2\n"multi\nline",2,3\n\n4\n5,6')
    expect(result.rows).toEqual([
      ['1', '2'],
      ['5', '6'],
    ])
    expect(result.errors).toEqual([
      { line: 3, message: 'Line 3 has 3 fields, but the header has 2' },
      { line: 6, message: 'Line 6 has 1 field, but the header has 2' },
    ])
  })

  it('reports an unclosed quote at the line its field starts on', () => {
    const result = parseCsv('a,b\n1,2\n3,"open\nmore\n4,5')
    expect(result.rows).toEqual([['1', '2']])
    expect(result.errors).toEqual([{ line: 3, message: 'A quoted field that starts on line 3 is never closed: add the closing quote (")' }])
  })

  it('reports empty and repeated header names', () => {
    const result = parseCsv('id,,name, id ,""\n1,2,3,4,5')
    expect(result.header).toEqual(['id', '', 'name', 'id', ''])
    expect(result.errors).toEqual([
      { line: 1, message: 'Column 2 of the header has no name' },
      { line: 1, message: 'The header names column "id" more than once' },
      { line: 1, message: 'Column 5 of the header has no name' },
    ])
    expect(result.rows).toEqual([['1', '2', '3', '4', '5']])
  })

  it('reports an empty file', () => {
    expect(parseCsv('')).toEqual({ header: [], rows: [], errors: [{ line: 1, message: 'The file is empty: the first line should name the columns' }] })
    expect(parseCsv('\uFEFF\n\n')).toMatchObject({ header: [], errors: [{ line: 1 }] })
  })

  it('reads back what a writer quoting every value wrote', () => {
    // COPY's rules: quote every value, write NULL as nothing.
    const write = (rows: (string | null)[][], delimiter: string, newline: string) =>
      rows.map((row) => row.map((v) => (v === null ? '' : `"${v.replaceAll('"', '""')}"`)).join(delimiter)).join(newline) + newline
    const value = fc.option(fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '\t', '"', '\n', '\r', '\r\n', 'é', '😀', '\uFEFF') }), { nil: null })
    const table = fc.integer({ min: 2, max: 5 }).chain((width) =>
      fc.record({
        header: fc.uniqueArray(fc.stringMatching(/^[a-z_][a-z0-9_ ]{0,8}[a-z0-9_]$/), { minLength: width, maxLength: width }),
        rows: fc.array(fc.array(value, { minLength: width, maxLength: width }), { maxLength: 8 }),
        delimiter: fc.constantFrom(',', ';', '\t'),
        newline: fc.constantFrom('\n', '\r\n', '\r'),
      }),
    )
    fc.assert(
      fc.property(table, ({ header, rows, delimiter, newline }) => {
        const text = write([header, ...rows], delimiter, newline)
        expect(parseCsv(text, { delimiter })).toEqual({ header, rows, errors: [] })
      }),
      { numRuns: 200 },
    )
  })
})

describe('detectDelimiter', () => {
  it.each<[string, ',' | ';' | '\t']>([
    ['a,b,c', ','],
    ['a;b;c', ';'],
    ['a\tb\tc', '\t'],
    ['"a;b";"c,d";e', ';'],
    ['"x,y,z";b', ';'],
    ['a,b;c', ','],
    ['a;b;c\td,e', ';'],
    ['a\tb\tc;d', '\t'],
    ['single', ','],
    ['', ','],
  ])('%j → %j', (line, delimiter) => {
    expect(detectDelimiter(line)).toBe(delimiter)
  })
})
