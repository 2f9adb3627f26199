import { afterEach, describe, expect, it, vi } from 'vitest'
import { commandMenuMachine } from '../../machines/command-menu.machine'
import { addInspectionObserver, createInspectedActor, inspected, inspectionBus } from './inspection'

afterEach(() => vi.restoreAllMocks())

describe('createInspectedActor', () => {
  it('starts the actor with the page’s inspection bus watching it (the inspector is on in tests, as in dev)', () => {
    const actor = createInspectedActor(commandMenuMachine, { id: 'menu-under-test' })
    expect(actor.getSnapshot().status).toBe('active')
    actor.send({ type: 'menu.open' })
    const listed = inspectionBus!.actor(actor.sessionId)!
    expect(listed).toMatchObject({ id: 'menu-under-test', machine: 'commandMenu', state: { value: 'open' } })
    expect(listed.log.map((entry) => entry.type)).toEqual(['xstate.init', 'menu.open'])
    expect(inspected).toHaveProperty('inspect')
    actor.stop()
  })

  it('an extra observer that throws neither breaks the actor nor the bus', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const remove = addInspectionObserver(() => {
      throw new Error('outside inspector down')
    })
    const actor = createInspectedActor(commandMenuMachine)
    actor.send({ type: 'menu.toggle' })
    expect(actor.getSnapshot().value).toBe('open')
    expect(inspectionBus!.actor(actor.sessionId)!.state.value).toBe('open')
    expect(warn).toHaveBeenCalled()
    remove()
    actor.stop()
  })
})
