import { describe, expect, it } from 'vitest'
import { tableColumn } from '../../test/table-column'
import { checkedInlineInput, inlineEditOf, inlineInput, INLINE_TEXT_LIMIT, NULL_CHOICE } from './cell-edit'

const text = tableColumn('note')
const count = tableColumn('count', { data_type: 'integer', base_type: 'int4', type_category: 'N' })
const flag = tableColumn('done', { data_type: 'boolean', base_type: 'bool', type_category: 'B' })
const mood = tableColumn('mood', { data_type: 'mood', base_type: 'mood', type_category: 'E', enums: ['happy', 'sad'], is_nullable: false })

describe('which cells edit in place', () => {
  it('short one-line values do; long or multi-line text, JSON, arrays and generated columns open the larger editor', () => {
    expect(inlineEditOf(text, 'short')).toEqual({ initial: 'short', placeholder: '', choices: null })
    expect(inlineEditOf(text, null)).toEqual({ initial: '', placeholder: 'NULL', choices: null })
    expect(inlineEditOf(text, 'x'.repeat(INLINE_TEXT_LIMIT))).not.toBeNull()
    expect(inlineEditOf(text, 'x'.repeat(INLINE_TEXT_LIMIT + 1))).toBeNull()
    expect(inlineEditOf(text, 'two\nlines')).toBeNull()
    expect(inlineEditOf(tableColumn('doc', { data_type: 'jsonb', base_type: 'jsonb', type_category: 'U' }), { a: 1 })).toBeNull()
    expect(inlineEditOf(tableColumn('tags', { data_type: 'text[]', base_type: '_text', type_category: 'A' }), ['a'])).toBeNull()
    expect(inlineEditOf({ ...count, is_generated: true }, 3)).toBeNull()
    expect(inlineEditOf(count, 3)).toEqual({ initial: '3', placeholder: '', choices: null })
  })

  it('booleans and enums pick from their values, NULL among them only where the column allows it', () => {
    expect(inlineEditOf(flag, null)).toEqual({
      initial: NULL_CHOICE,
      placeholder: 'NULL',
      choices: [
        { value: 'true', label: 'true' },
        { value: 'false', label: 'false' },
        { value: NULL_CHOICE, label: 'NULL' },
      ],
    })
    expect(inlineEditOf(mood, 'sad')?.choices?.map((c) => c.value)).toEqual(['happy', 'sad'])
    expect(inlineEditOf(mood, 'sad')?.initial).toBe('sad')
  })
})

describe('what the in-place text saves', () => {
  it('an emptied box is NULL in a nullable column that is not text, and empty text in a text column', () => {
    expect(inlineInput('', count)).toEqual({ kind: 'null' })
    expect(inlineInput('', text)).toEqual({ kind: 'text', text: '' })
    expect(inlineInput(NULL_CHOICE, flag)).toEqual({ kind: 'null' })
    expect(inlineInput('12', count)).toEqual({ kind: 'text', text: '12' })
  })

  it('says why a value cannot be saved', () => {
    expect(checkedInlineInput('twelve', count)).toEqual({ problem: 'Not a whole number' })
    expect(checkedInlineInput('angry', mood)).toEqual({ problem: 'Not one of: happy, sad' })
    expect(checkedInlineInput('', { ...count, is_nullable: false })).toEqual({ problem: 'Not a whole number' })
    expect(checkedInlineInput('sad', mood)).toEqual({ input: { kind: 'text', text: 'sad' } })
  })
})
