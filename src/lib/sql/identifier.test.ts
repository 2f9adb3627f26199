import { describe, expect, it } from 'vitest'
import { POSTGRES_IDENTIFIER_MAX_BYTES } from '../../constants'
import { identifierBytes, identifierLengthProblem } from './identifier'
import { addColumnSql, alterColumnSql, createTableSql, renameTableSql, type ColumnDefinition } from './table-structure'

const column = (name: string): ColumnDefinition => ({ name, type: 'text', defaultValue: '', nullable: true, unique: false, identity: null, check: '', primaryKey: false })

// 21 × 李 is 63 bytes; 22 × is 66 bytes though only 22 characters.
const cases: [name: string, bytes: number, allowed: boolean][] = [
  ['a'.repeat(63), 63, true],
  ['a'.repeat(64), 64, false],
  ['李'.repeat(21), 63, true],
  ['李'.repeat(22), 66, false],
  [`${'é'.repeat(31)}x`, 63, true],
  ['é'.repeat(32), 64, false],
]

describe('identifier length (bytes of UTF-8, not characters)', () => {
  it.each(cases)('%s is %i bytes: allowed %s', (name, bytes, allowed) => {
    expect(identifierBytes(name)).toBe(bytes)
    expect(identifierLengthProblem(name, 'table name') === null).toBe(allowed)
  })

  it('says how long the name is, the limit, and by how much to shorten it', () => {
    expect(identifierLengthProblem('李'.repeat(22), 'table name')).toBe(
      `The table name "${'李'.repeat(22)}" is 66 bytes long; Postgres allows at most ${POSTGRES_IDENTIFIER_MAX_BYTES} and would cut the rest off. Shorten it by 3 bytes. Letters such as é take 2 bytes, 李 takes 3.`,
    )
    expect(identifierLengthProblem('a'.repeat(64), 'column name')).toBe(
      `The column name "${'a'.repeat(24)}…" is 64 bytes long; Postgres allows at most 63 and would cut the rest off. Shorten it by 1 byte.`,
    )
  })

  it('is refused by every builder that names a table or a column, before any SQL exists', () => {
    const long = '李'.repeat(22)
    expect(() => createTableSql('public', long, [column('id')])).toThrow(/table name .* 66 bytes/)
    expect(() => createTableSql('public', 'ok', [column(long)])).toThrow(/column name .* 66 bytes/)
    expect(() => renameTableSql('public', 'ok', long)).toThrow(/table name .* 66 bytes/)
    expect(() => addColumnSql('public', 'ok', column(long))).toThrow(/column name .* 66 bytes/)
    expect(() => alterColumnSql('public', 'ok', column('old'), column(long))).toThrow(/column name .* 66 bytes/)
    expect(createTableSql('public', '李'.repeat(21), [column('é'.repeat(31))])).toContain('create table')
  })
})
