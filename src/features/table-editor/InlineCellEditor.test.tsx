import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { tableColumn } from '../../test/table-column'
import { inlineEditOf, NULL_CHOICE } from './cell-edit'
import { InlineCellEditor } from './InlineCellEditor'

const flag = tableColumn('done', { data_type: 'boolean', base_type: 'bool', type_category: 'B' })

function pick(value: unknown, start = '') {
  const onCommit = vi.fn()
  render(
    <InlineCellEditor
      edit={inlineEditOf(flag, value)!}
      start={start}
      label="Edit done"
      style={{}}
      listAbove={false}
      problem={null}
      onCommit={onCommit}
      onCancel={vi.fn()}
      onExpand={vi.fn()}
    />,
  )
  return { onCommit, box: screen.getByRole('combobox', { name: 'Edit done' }) }
}

const options = () => screen.getAllByRole('option').map((o) => `${o.textContent}${o.getAttribute('aria-selected') === 'true' ? ' ✓' : ''}`)

describe('picking a boolean or enum value in place', () => {
  it('lists every value with the current one chosen; arrows move, Enter saves the chosen one', () => {
    const { onCommit, box } = pick(false)
    expect(options()).toEqual(['true', 'false ✓', 'NULL'])
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(options()).toEqual(['true', 'false', 'NULL ✓'])
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onCommit).toHaveBeenCalledWith(NULL_CHOICE, 'stay')
  })

  it('filters by what is typed (the key that started it first), and a click picks', () => {
    const { onCommit, box } = pick(null, 't')
    expect(options()).toEqual(['true ✓'])
    fireEvent.change(box, { target: { value: 'x' } })
    expect(screen.getByRole('listbox').textContent).toBe('No value begins with “x”')
    fireEvent.change(box, { target: { value: '' } })
    fireEvent.click(screen.getByRole('option', { name: 'false' }))
    expect(onCommit).toHaveBeenCalledWith('false', 'stay')
  })
})
