import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AnyActorRef } from 'xstate'
import { commandMenuMachine } from '../../machines/command-menu.machine'
import { inspectionBus } from '../lib/inspection'
import { useInspectedActorRef, useInspectedMachine } from './use-inspected-machine'

describe('useInspectedMachine and useInspectedActorRef', () => {
  it('run a screen’s machine with the page’s inspector watching it', () => {
    const actors: AnyActorRef[] = []
    function Screen() {
      const [snapshot, send, actor] = useInspectedMachine(commandMenuMachine, { id: 'menu-of-a-screen' })
      const ref = useInspectedActorRef(commandMenuMachine)
      actors.push(actor, ref)
      return (
        <button type="button" onClick={() => send({ type: 'menu.open' })}>
          {String(snapshot.value)}
        </button>
      )
    }
    const { getByRole, unmount } = render(<Screen />)
    const [actor, ref] = actors.slice(-2)
    expect(inspectionBus!.actor(actor!.sessionId)).toMatchObject({ id: 'menu-of-a-screen', machine: 'commandMenu', state: { value: 'closed' } })
    expect(inspectionBus!.actor(ref!.sessionId)).toMatchObject({ machine: 'commandMenu' })
    act(() => getByRole('button').click())
    expect(getByRole('button').textContent).toBe('open')
    expect(inspectionBus!.actor(actor!.sessionId)!.state.value).toBe('open')
    unmount()
  })
})
