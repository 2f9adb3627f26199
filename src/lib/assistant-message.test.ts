import { describe, expect, it } from 'vitest'
import { markdownFromParts, partsFromMarkdown } from './assistant-message'

describe('partsFromMarkdown', () => {
  it('splits text and SQL blocks, ids keyed by position', () => {
    const parts = partsFromMarkdown('m', 'Try this:\n\n```sql\nselect *\nfrom public.orders;\n```\n\nThen:\n```sql\nselect 2;\n```\nDone.')
    expect(parts).toEqual([
      { type: 'text', text: 'Try this:' },
      { type: 'sql', id: 'm-sql-0', sql: 'select *\nfrom public.orders;' },
      { type: 'text', text: 'Then:' },
      { type: 'sql', id: 'm-sql-1', sql: 'select 2;' },
      { type: 'text', text: 'Done.' },
    ])
    expect(partsFromMarkdown('m', markdownFromParts(parts))).toEqual(parts)
  })

  it('an unclosed block while streaming is already SQL; other languages stay text', () => {
    expect(partsFromMarkdown('m', 'Here:\n```sql\nselect')).toEqual([
      { type: 'text', text: 'Here:' },
      { type: 'sql', id: 'm-sql-0', sql: 'select' },
    ])
    expect(partsFromMarkdown('m', '```js\nx()\n```')).toEqual([{ type: 'text', text: '```js\nx()\n```' }])
    expect(partsFromMarkdown('m', 'Just words.')).toEqual([{ type: 'text', text: 'Just words.' }])
    expect(partsFromMarkdown('m', '')).toEqual([])
  })
})
