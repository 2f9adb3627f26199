import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { assistantMachine } from '../../../machines/assistant.machine'
import { TOOLTIP_DELAY } from '../../constants'
import type { AssistantMessage } from '../../lib/assistant-state'
import { stubResizeObserver } from '../../test/resize-observer'
import { ChatBar } from './ChatBar'
import { ASSISTANT_TOGGLE_SHORTCUT } from './shortcut'

const MESSAGE: AssistantMessage = { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'List my tables' }], results: {}, status: 'done', error: null }

function startAssistant() {
  const actor = createActor(assistantMachine.provide({ actions: { persist: () => undefined } }), { input: { projectRef: 'ref', saved: null, now: Date.now(), newChatId: 'first' } })
  actor.start()
  return actor
}

describe('the assistant chat bar', () => {
  // The tooltip's positioning watches its trigger's size.
  beforeAll(stubResizeObserver)
  afterAll(() => vi.unstubAllGlobals())

  it('names each glyph button for assistive technology, and hides the glyph itself', () => {
    render(<ChatBar actor={startAssistant()} />)
    for (const [name, glyph] of [
      ['New chat', '+'],
      ['Rename chat', '✎'],
      ['Clear messages', '⌫'],
      ['Close assistant', '×'],
    ]) {
      const button = screen.getByRole('button', { name })
      expect(button.textContent).toBe(glyph)
      expect(button.querySelector('[aria-hidden]')?.textContent).toBe(glyph)
      // The design system's tooltip, not the browser's: no title to show a second one.
      expect(button.hasAttribute('title')).toBe(false)
    }
  })

  it(`shows each glyph button's name in a tooltip after ${TOOLTIP_DELAY} ms`, async () => {
    // Real timers: the tooltip machine keeps its own timer functions, out of reach of fake ones.
    const user = userEvent.setup()
    const actor = startAssistant()
    // Clear messages needs a message to clear: an enabled button is one a pointer can rest on.
    actor.send({ type: 'message.save', at: Date.now(), chatId: actor.getSnapshot().context.activeChatId!, message: MESSAGE })
    render(<ChatBar actor={actor} />)
    for (const [name, tip] of [
      ['New chat', 'New chat'],
      ['Rename chat', 'Rename chat'],
      ['Clear messages', 'Clear messages'],
      ['Close assistant', `Close assistant (${ASSISTANT_TOGGLE_SHORTCUT})`],
    ]) {
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
