import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmptyDatabase } from '../../../mock-platform/postgres/initial-data-node'
import { inputLiteral } from './row-edits'
import { NOT_AN_ARRAY, checkInput, type CheckedColumn } from './value-check'

const type = (data_type: string, base_type: string, type_category: string, enums: string[] | null = null): CheckedColumn => ({
  data_type,
  base_type,
  type_category,
  enums,
})

const COLUMNS = {
  int2: type('smallint', 'int2', 'N'),
  int4: type('integer', 'int4', 'N'),
  int8: type('bigint', 'int8', 'N'),
  numeric: type('numeric', 'numeric', 'N'),
  money: type('numeric(10,2)', 'numeric', 'N'),
  float4: type('real', 'float4', 'N'),
  float8: type('double precision', 'float8', 'N'),
  bool: type('boolean', 'bool', 'B'),
  date: type('date', 'date', 'D'),
  timestamptz: type('timestamp with time zone', 'timestamptz', 'D'),
  timestamp: type('timestamp without time zone', 'timestamp', 'D'),
  uuid: type('uuid', 'uuid', 'U'),
  jsonb: type('jsonb', 'jsonb', 'U'),
  json: type('json', 'json', 'U'),
  varchar: type('character varying(5)', 'varchar', 'S'),
  char1: type('character(1)', 'bpchar', 'S'),
  text: type('text', 'text', 'S'),
  interval: type('interval', 'interval', 'T'),
  status: type('order_status', 'order_status', 'E', ['new', 'paid', 'shipped']),
  texts: type('text[]', '_text', 'A'),
  ints: type('integer[]', '_int4', 'A'),
  docs: type('jsonb[]', '_jsonb', 'A'),
  statuses: type('order_status[]', '_order_status', 'A', ['new', 'paid', 'shipped']),
  codes: type('character varying(2)[]', '_varchar', 'A'),
} satisfies Record<string, CheckedColumn>
type ColumnName = keyof typeof COLUMNS

const INT4_RANGE = 'Out of range for integer (−2147483648 to 2147483647)'

/** [column, typed text, expected message]; all of them are also run against Postgres below. */
const CASES: [ColumnName, string, string | null][] = [
  ['int2', '32767', null],
  ['int2', '-32768', null],
  ['int2', '32768', 'Out of range for smallint (−32768 to 32767)'],
  ['int4', ' 42 ', null],
  ['int4', '+7', null],
  ['int4', '2147483647', null],
  ['int4', '-2147483648', null],
  ['int4', '2147483648', INT4_RANGE],
  ['int4', '-2147483649', INT4_RANGE],
  ['int4', '1_000', null],
  ['int4', '0x1F', null],
  ['int4', '-0b101', null],
  ['int4', '1.5', 'Not a whole number'],
  ['int4', '', 'Not a whole number'],
  ['int4', '12abc', 'Not a whole number'],
  ['int4', '1e3', 'Not a whole number'],
  ['int8', '9223372036854775807', null],
  ['int8', '-9223372036854775808', null],
  ['int8', '9223372036854775808', 'Out of range for bigint (−9223372036854775808 to 9223372036854775807)'],
  ['numeric', '3.14', null],
  ['numeric', '-.5', null],
  ['numeric', '1e-3', null],
  ['numeric', 'NaN', null],
  ['numeric', '-Infinity', null],
  ['numeric', '1,5', 'Not a number'],
  ['numeric', 'abc', 'Not a number'],
  ['numeric', '', 'Not a number'],
  ['money', '12345678.999', null],
  ['money', '00012345678.5', null],
  ['money', '123456789', 'Too many digits for numeric(10,2): at most 8 before the decimal point'],
  ['float4', '1.5e10', null],
  ['float4', '1e39', 'Out of range for real'],
  ['float8', 'inf', null],
  ['float8', '-1e308', null],
  ['float8', '1e309', 'Out of range for double precision'],
  ['float8', 'one', 'Not a number'],
  ['bool', 'true', null],
  ['bool', ' F ', null],
  ['bool', 'yes', null],
  ['bool', 'No', null],
  ['bool', 'tr', null],
  ['bool', 'on', null],
  ['bool', 'off', null],
  ['bool', 'of', null],
  ['bool', '1', null],
  ['bool', '0', null],
  ['bool', 'o', 'Not true or false'],
  ['bool', '2', 'Not true or false'],
  ['bool', 'truee', 'Not true or false'],
  ['bool', '', 'Not true or false'],
  ['date', '2024-02-29', null],
  ['date', ' 2024-1-5 ', null],
  ['date', 'today', null],
  ['date', 'infinity', null],
  ['date', '0044-03-15 BC', null],
  ['date', '2023-02-29', 'No such date: 2023-02-29'],
  ['date', '2024-13-01', 'No such date: 2024-13-01'],
  ['date', '5 March', 'Not a date (YYYY-MM-DD)'],
  ['date', '', 'Not a date (YYYY-MM-DD)'],
  ['timestamptz', '2026-11-01T12:00:00.123456+02:00', null],
  ['timestamptz', '2026-11-01 12:00:00Z', null],
  ['timestamptz', '2026-11-01 12:00', null],
  ['timestamptz', '2026-11-01 12:00:00 UTC', null],
  ['timestamptz', '2026-11-01 12:00:00 Europe/Paris', null],
  ['timestamptz', '2026-11-01', null],
  ['timestamptz', '2026-11-01 24:00:00', null],
  ['timestamptz', 'now', null],
  ['timestamptz', '2026-11-01 25:00', 'Not a date and time'],
  ['timestamptz', '2026-11-01 12:60', 'Not a date and time'],
  ['timestamptz', '2026-02-30 12:00', 'No such date: 2026-02-30 12:00'],
  ['timestamptz', 'yesterday noon-ish', 'Not a date and time'],
  ['timestamp', '2026-11-01T12:00:00.5', null],
  ['timestamp', '12:00', 'Not a date and time'],
  ['uuid', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', null],
  ['uuid', 'A0EEBC999C0B4EF8BB6D6BB9BD380A11', null],
  ['uuid', '{a0eebc99-9c0b4ef8-bb6d6bb9-bd380a11}', null],
  ['uuid', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1', 'Not a UUID'],
  ['uuid', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1g', 'Not a UUID'],
  ['uuid', ' a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'Not a UUID'],
  ['jsonb', '{"a": [1, null]}', null],
  ['jsonb', '"text"', null],
  ['jsonb', ' 5 ', null],
  ['json', '{"a": 1,}', expect.stringMatching(/^Not valid JSON: .+/) as unknown as string],
  ['jsonb', 'abc', expect.stringMatching(/^Not valid JSON: .+/) as unknown as string],
  ['jsonb', '', expect.stringMatching(/^Not valid JSON: .+/) as unknown as string],
  ['varchar', 'abcde', null],
  ['varchar', 'éèêëa', null],
  ['varchar', 'abcde   ', null],
  ['varchar', 'abcdef', 'Longer than 5 characters'],
  ['char1', 'a', null],
  ['char1', 'ab', 'Longer than 1 character'],
  ['text', '', null],
  ['text', 'anything \\ at all', null],
  ['interval', '1 day', null],
  ['status', 'paid', null],
  ['status', 'Paid', 'Not one of: new, paid, shipped'],
  ['status', ' paid', 'Not one of: new, paid, shipped'],
  ['texts', '["a", "b"]', null],
  ['texts', '[]', null],
  ['texts', '{a,b}', null],
  ['texts', '{"a,b", NULL, "q\\"q"}', null],
  ['texts', '{}', null],
  ['texts', '{{a,b},{c,d}}', null],
  ['texts', '[1:2]={a,b}', null],
  ['texts', 'a,b', NOT_AN_ARRAY],
  ['texts', '["a"', NOT_AN_ARRAY],
  ['texts', '{a,b', NOT_AN_ARRAY],
  ['texts', '{a,,b}', NOT_AN_ARRAY],
  ['texts', '{a}b', NOT_AN_ARRAY],
  ['texts', '', NOT_AN_ARRAY],
  ['texts', '"a"', NOT_AN_ARRAY],
  ['ints', '[1, 2, null]', null],
  ['ints', '[[1, 2], [3, 4]]', null],
  ['ints', '{1, 2, NULL}', null],
  ['ints', '[1, 2.5]', 'Item 2: Not a whole number'],
  ['ints', '{1,x}', 'Item 2: Not a whole number'],
  ['ints', '[1, 3000000000]', `Item 2: ${INT4_RANGE}`],
  ['docs', '[{"a": 1}, [2], "s"]', null],
  ['statuses', '["new", "paid"]', null],
  ['statuses', '{new,lost}', 'Item 2: Not one of: new, paid, shipped'],
  ['codes', '["ab", "abc"]', 'Item 2: Longer than 2 characters'],
]

describe('checkInput', () => {
  it.each(CASES)('%s: %j', (column, text, message) => {
    expect(checkInput(text, COLUMNS[column])).toEqual(message)
  })

  it('refuses the NUL character, which Postgres text cannot hold', () => {
    expect(checkInput('a\0b', COLUMNS.text)).toBe('Cannot contain the NUL character')
  })
})

describe('agrees with Postgres', () => {
  let db: PGlite

  beforeAll(async () => {
    db = await startEmptyDatabase()
    await db.exec(`create type order_status as enum ('new', 'paid', 'shipped');
      create table checks (${Object.entries(COLUMNS)
        .map(([name, column]) => `${name} ${column.data_type}`)
        .join(', ')});`)
  })
  afterAll(async () => {
    await db.close()
  })

  it('accepts what the check accepts and refuses what it refuses, written as the editor writes it', async () => {
    const disagreements: string[] = []
    for (const [column, text, message] of CASES) {
      const literal = inputLiteral({ kind: 'text', text }, { name: column, ...COLUMNS[column] })
      const accepted = await db.exec(`insert into checks (${column}) values (${literal})`).then(
        () => true,
        () => false,
      )
      if (accepted !== (message === null)) disagreements.push(`${column} ${JSON.stringify(text)}: Postgres ${accepted ? 'accepts' : 'refuses'} it`)
    }
    expect(disagreements).toEqual([])
  })
})
