import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { NEW_ORGANIZATION_MESSAGE, ORGANIZATION_NAME_MAX_LENGTH } from '../src/constants'
import type { CreateOrganizationBody } from '../src/lib/new-organization'
import { createOrganizationMachine, visibleNameError, type CreatedOrganization } from './create-organization.machine'

afterEach(() => vi.useRealTimers())

const slowly = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

function start(create: (body: CreateOrganizationBody) => Promise<CreatedOrganization>, onCreated = vi.fn(), values = {}) {
  const machine = createOrganizationMachine.provide({
    actors: { create: fromPromise(({ input }) => create(input)) },
    actions: { onCreated: (_, params) => onCreated(params.organization) },
  })
  return createActor(machine, { input: { values } }).start()
}

describe('createOrganizationMachine', () => {
  it('starts on a personal Free organization with no message shown', () => {
    const actor = start(async () => ({ slug: 'x', name: 'x' }))
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().value).toBe('editing')
    expect(context.values).toMatchObject({ name: '', kind: 'PERSONAL', plan: 'free', spendCap: true })
    expect(context.errors.name).toBe(NEW_ORGANIZATION_MESSAGE.nameRequired)
    expect(visibleNameError(context)).toBeNull()
  })

  it('takes a preselected plan', () => {
    expect(start(async () => ({ slug: 'x', name: 'x' }), vi.fn(), { plan: 'team' }).getSnapshot().context.values.plan).toBe('team')
  })

  it('sends the trimmed name with the free tier once, then reports the organization', async () => {
    vi.useFakeTimers()
    const create = vi.fn((body: CreateOrganizationBody) => slowly(500, { slug: 'acme-labs', name: body.name }))
    const onCreated = vi.fn()
    const actor = start(create, onCreated)
    actor.send({ type: 'change', values: { name: '  Acme Labs ' } })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('creating')
    // A second click or more typing while creating changes nothing.
    actor.send({ type: 'submit' })
    actor.send({ type: 'change', values: { name: 'Changed' } })
    await vi.advanceTimersByTimeAsync(500)
    expect(actor.getSnapshot().status).toBe('done')
    expect(create).toHaveBeenCalledOnce()
    expect(create.mock.calls[0]![0]).toEqual({ name: 'Acme Labs', tier: 'tier_free', kind: 'PERSONAL' })
    expect(onCreated).toHaveBeenCalledWith({ slug: 'acme-labs', name: 'Acme Labs' })
  })

  it('sends Pro without its spend cap as pay as you go, and a company with its size', async () => {
    const create = vi.fn(async (body: CreateOrganizationBody) => ({ slug: 's', name: body.name }))
    const actor = start(create)
    actor.send({ type: 'change', values: { name: 'Metered', plan: 'pro', spendCap: false, kind: 'COMPANY', size: '50' } })
    actor.send({ type: 'submit' })
    await vi.waitFor(() => expect(create).toHaveBeenCalled())
    expect(create.mock.calls[0]![0]).toEqual({ name: 'Metered', tier: 'tier_payg', kind: 'COMPANY', size: '50' })
    const capped = vi.fn(async (body: CreateOrganizationBody) => ({ slug: 's', name: body.name }))
    const again = start(capped)
    again.send({ type: 'change', values: { name: 'Capped', plan: 'pro', kind: 'AGENCY', size: '300' } })
    again.send({ type: 'submit' })
    await vi.waitFor(() => expect(capped).toHaveBeenCalled())
    // Only a company's size is sent.
    expect(capped.mock.calls[0]![0]).toEqual({ name: 'Capped', tier: 'tier_pro', kind: 'AGENCY' })
  })

  it('refuses an empty or over-long name with its message, shown once the field is left or a submit tried', () => {
    const create = vi.fn(async () => ({ slug: 'x', name: 'x' }))
    const actor = start(create)
    actor.send({ type: 'change', values: { name: '   ' } })
    expect(visibleNameError(actor.getSnapshot().context)).toBeNull()
    actor.send({ type: 'name.blur' })
    expect(visibleNameError(actor.getSnapshot().context)).toBe(NEW_ORGANIZATION_MESSAGE.nameRequired)
    actor.send({ type: 'change', values: { name: 'x'.repeat(ORGANIZATION_NAME_MAX_LENGTH + 1) } })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(visibleNameError(actor.getSnapshot().context)).toBe(NEW_ORGANIZATION_MESSAGE.nameTooLong(ORGANIZATION_NAME_MAX_LENGTH))
    actor.send({ type: 'change', values: { name: 'x'.repeat(ORGANIZATION_NAME_MAX_LENGTH) } })
    expect(visibleNameError(actor.getSnapshot().context)).toBeNull()
    expect(create).not.toHaveBeenCalled()
  })

  it('returns to the form with its values and the message after a failure, cleared by the next submit', async () => {
    let fail = true
    const create = vi.fn(async (body: CreateOrganizationBody) => {
      if (fail) throw new Error('Internal server error')
      return { slug: 'team-co', name: body.name }
    })
    const onCreated = vi.fn()
    const actor = start(create, onCreated)
    actor.send({ type: 'change', values: { name: 'Team Co', plan: 'team' } })
    actor.send({ type: 'submit' })
    await vi.waitFor(() => expect(actor.getSnapshot().context.sendError).toBe('Internal server error'))
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.values).toMatchObject({ name: 'Team Co', plan: 'team' })
    fail = false
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().context.sendError).toBeNull()
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith({ slug: 'team-co', name: 'Team Co' }))
  })
})
