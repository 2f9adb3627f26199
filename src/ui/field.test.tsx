import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOGGLE_BLUR_DELAY } from '../constants'
import { TextField, ValueOptions } from './field'

describe('TextField', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('runs its blur handler after the toggle blur delay (SPEC §9), so the click that moved the focus lands first', () => {
    const onBlur = vi.fn()
    render(<TextField label="Name" onBlur={onBlur} />)
    fireEvent.blur(screen.getByLabelText('Name'))
    act(() => void vi.advanceTimersByTime(TOGGLE_BLUR_DELAY - 1))
    expect(onBlur).not.toHaveBeenCalled()
    act(() => void vi.advanceTimersByTime(1))
    expect(onBlur).toHaveBeenCalledOnce()
  })

  it('drops a pending blur when the field goes away', () => {
    const onBlur = vi.fn()
    const { unmount } = render(<TextField label="Name" onBlur={onBlur} />)
    fireEvent.blur(screen.getByLabelText('Name'))
    unmount()
    act(() => void vi.advanceTimersByTime(TOGGLE_BLUR_DELAY))
    expect(onBlur).not.toHaveBeenCalled()
  })
})

describe('ValueOptions', () => {
  it('offers each value under its own name, in order', () => {
    render(
      <select aria-label="Severity">
        <ValueOptions values={['Low', 'Normal', 'High']} />
      </select>,
    )
    expect(screen.getAllByRole('option').map((option) => [option.textContent, (option as HTMLOptionElement).value])).toEqual([
      ['Low', 'Low'],
      ['Normal', 'Normal'],
      ['High', 'High'],
    ])
  })
})
