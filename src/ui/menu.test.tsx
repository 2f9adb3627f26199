import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { stubResizeObserver } from '../test/resize-observer'
import { Menu, MenuItem } from './menu'

beforeAll(stubResizeObserver)

function renderMenu(onSelect: (value: string) => void) {
  render(
    <Menu label="Export" triggerLabel="Export" onSelect={onSelect}>
      <MenuItem value="csv">Download CSV</MenuItem>
      <MenuItem value="json">Download JSON</MenuItem>
      <MenuItem value="never" disabled>
        Not now
      </MenuItem>
    </Menu>,
  )
}

describe('Menu', () => {
  it('chooses the clicked item even when the pointer left it between press and click (the highlight cleared)', async () => {
    const onSelect = vi.fn()
    renderMenu(onSelect)
    await userEvent.click(screen.getByRole('button', { name: /Export/ }))
    const item = await screen.findByRole('menuitem', { name: 'Download CSV' })
    fireEvent.pointerDown(item, { pointerType: 'mouse' })
    fireEvent.pointerLeave(item, { pointerType: 'mouse' })
    fireEvent.click(item)
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('csv')
  })

  it('chooses once by a click and once by Enter on the highlighted item; never a disabled one', async () => {
    const onSelect = vi.fn()
    renderMenu(onSelect)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Export/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Download JSON' }))
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('json')

    onSelect.mockClear()
    await user.click(screen.getByRole('button', { name: /Export/ }))
    await screen.findByRole('menuitem', { name: 'Download CSV' })
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Download CSV' }).hasAttribute('data-highlighted')).toBe(true))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onSelect).toHaveBeenCalledExactlyOnceWith('csv'))

    onSelect.mockClear()
    await user.click(screen.getByRole('button', { name: /Export/ }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Not now' }))
    expect(onSelect).not.toHaveBeenCalled()
  })
})
