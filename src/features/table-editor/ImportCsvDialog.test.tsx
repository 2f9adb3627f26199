import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ITEMS_TABLE } from '../../test/items-table'
import { ImportCsvDialog } from './ImportCsvDialog'

/** A CSV file as the browser gives one (jsdom's File has no text()). */
function csv(text: string, name = 'items.csv'): File {
  const file = new File([text], name, { type: 'text/csv' })
  Object.defineProperty(file, 'text', { value: async () => text })
  return file
}

describe('the CSV import’s file control', () => {
  it('is a named file input inside a styled zone that says what to do', () => {
    render(<ImportCsvDialog table={ITEMS_TABLE} run={vi.fn()} onDone={vi.fn()} onClose={vi.fn()} />)
    const input = screen.getByLabelText('CSV file')
    expect(input.getAttribute('type')).toBe('file')
    expect(input.closest('label')?.textContent).toContain('Choose a CSV file')
    expect(input.closest('label')?.textContent).toContain('or drop one here')
  })

  it('takes a file dropped on it, shows its name and previews it', async () => {
    render(<ImportCsvDialog table={ITEMS_TABLE} run={vi.fn()} onDone={vi.fn()} onClose={vi.fn()} />)
    const zone = screen.getByLabelText('CSV file').closest('label')!
    fireEvent.drop(zone, { dataTransfer: { files: [csv('name\nfirst\nsecond\n')] } })
    expect(await screen.findByText(/items\.csv: 2 rows into 1 of 2 columns/)).toBeTruthy()
    expect(zone.textContent).toContain('items.csv')
    expect(screen.getByRole('region', { name: 'Preview' }).textContent).toContain('second')
  })

  it('counts one row as a row', async () => {
    render(<ImportCsvDialog table={ITEMS_TABLE} run={vi.fn()} onDone={vi.fn()} onClose={vi.fn()} />)
    fireEvent.drop(screen.getByLabelText('CSV file').closest('label')!, { dataTransfer: { files: [csv('name\nonly\n')] } })
    expect(await screen.findByText(/items\.csv: 1 row into 1 of 2 columns/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Import 1 row' })).toBeTruthy()
  })
})
