import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { createProjectMachine, type CreatedProject, type NewProjectRequest } from './create-project.machine'

afterEach(() => vi.useRealTimers())

const request: NewProjectRequest = {
  name: 'Shop',
  organizationSlug: 'demo-free',
  dbPass: 'a long and strong password',
  region: 'eu-central-1',
  cloudProvider: 'AWS',
  computeSize: 'nano',
}

function start(create: (r: NewProjectRequest) => Promise<CreatedProject>) {
  const onCreated = vi.fn()
  const actor = createActor(
    createProjectMachine.provide({
      actors: { create: fromPromise(({ input }) => create(input)) },
      actions: { onCreated: (_, { project }) => onCreated(project) },
    }),
  ).start()
  return { actor, onCreated }
}

describe('createProjectMachine', () => {
  it('creates the project and hands it over once', async () => {
    vi.useFakeTimers()
    const create = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 1000))
      return { ref: 'abc', name: 'Shop' }
    })
    const { actor, onCreated } = start(create)
    actor.send({ type: 'submit', request })
    expect(actor.getSnapshot().value).toBe('creating')
    // A second submit while creating is ignored: no duplicate project.
    actor.send({ type: 'submit', request })
    await vi.advanceTimersByTimeAsync(1000)
    expect(create).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().status).toBe('done')
    expect(onCreated).toHaveBeenCalledExactlyOnceWith({ ref: 'abc', name: 'Shop' })
  })

  it('returns to the form with the message on failure, and clears it on edit', async () => {
    vi.useFakeTimers()
    const { actor, onCreated } = start(async () => {
      throw new Error('Free plan organizations are limited to 2 active projects')
    })
    actor.send({ type: 'submit', request })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.error).toBe('Free plan organizations are limited to 2 active projects')
    expect(onCreated).not.toHaveBeenCalled()
    actor.send({ type: 'edit' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})
