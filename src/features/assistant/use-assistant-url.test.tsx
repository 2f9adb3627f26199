import { act, render } from '@testing-library/react'
import { StrictMode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { afterEach, describe, expect, it } from 'vitest'
import { assistantActorFor, stopAssistantActors } from './assistant-actors'
import { useAssistantUrl } from './use-assistant-url'

function Screen({ projectRef }: { projectRef: string }) {
  useAssistantUrl(assistantActorFor(projectRef))
  return null
}

function show(path: string) {
  const memory = memoryLocation({ path, record: true })
  render(
    <StrictMode>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Screen projectRef="ref-url-test" />
      </Router>
    </StrictMode>,
  )
  return memory
}

afterEach(() => stopAssistantActors())

describe('useAssistantUrl under StrictMode (development)', () => {
  it('a screen first shown with the panel closed keeps its address as it is', () => {
    const memory = show('/project/ref-url-test/sql/new')
    expect(memory.history).toEqual(['/project/ref-url-test/sql/new'])
  })

  it('opening the panel writes it into the address, the parameter opens and closes it', () => {
    const memory = show('/project/ref-url-test/editor')
    act(() => assistantActorFor('ref-url-test').send({ type: 'panel.open' }))
    expect(memory.history.at(-1)).toBe('/project/ref-url-test/editor?aiAssistantPanelOpen=true')
    act(() => memory.navigate('/project/ref-url-test/editor?aiAssistantPanelOpen=false'))
    expect(assistantActorFor('ref-url-test').getSnapshot().context.open).toBe(false)
  })
})
