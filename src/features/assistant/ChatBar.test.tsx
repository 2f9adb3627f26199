import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { assistantMachine } from '../../../machines/assistant.machine'
import { TOOLTIP_DELAY } from '../../constants'
import { stubResizeObserver } from '../../test/resize-observer'
import { ChatBar } from './ChatBar'
import { ASSISTANT_TOGGLE_SHORTCUT } from './shortcut'


function startAssistant() {
  const actor = createActor(assistantMachine.provide({ actions: { persist: () => undefined } }), { input: { projectRef: 'ref', saved: null, now: Date.now(), newChatId: 'first' } })
  actor.start()
  return actor
}

describe('the assistant chat bar', () => {
  // The tooltip's positioning watches its trigger's size.
  beforeAll(stubResizeObserver)
  afterAll(() => vi.unstubAllGlobals())

  it('says each chat action in a word a person reads (inside its accessible name); the close glyph is named and hidden', () => {
    render(<ChatBar actor={startAssistant()} />)
    for (const [name, word] of [
      ['New chat', 'New'],
      ['Rename chat', 'Rename'],
      ['Clear messages', 'Clear'],
      ['Delete chat', 'Delete'],
    ]) {
      const button = screen.getByRole('button', { name })
      expect(button.textContent).toBe(word)
      expect(name).toContain(word)
    }
    const close = screen.getByRole('button', { name: 'Close assistant' })
    expect(close.textContent).toBe('×')
    expect(close.querySelector('[aria-hidden]')?.textContent).toBe('×')
    // The design system's tooltip, not the browser's: no title to show a second one.
    expect(close.hasAttribute('title')).toBe(false)
  })

  it(`shows the glyph button's name in a tooltip after ${TOOLTIP_DELAY} ms`, async () => {
    // Real timers: the tooltip machine keeps its own timer functions, out of reach of fake ones.
    const user = userEvent.setup()
    const actor = startAssistant()
    render(<ChatBar actor={actor} />)
    for (const [name, tip] of [['Close assistant', `Close assistant (${ASSISTANT_TOGGLE_SHORTCUT})`]]) {
      const button = screen.getByRole('button', { name })
      await user.hover(button)
      await act(() => new Promise((resolve) => setTimeout(resolve, TOOLTIP_DELAY / 2)))
      expect(screen.queryByRole('tooltip'), name).toBeNull()
      const tooltip = await screen.findByRole('tooltip', {}, { timeout: TOOLTIP_DELAY * 3 })
      expect(tooltip.textContent).toBe(tip)
      expect(button.getAttribute('aria-describedby')).toBe(tooltip.id)
      await user.unhover(button)
      await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
    }
  })
})
