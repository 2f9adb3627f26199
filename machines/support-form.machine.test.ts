import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { SUPPORT_MESSAGE, SUPPORT_TICKET_LIMITS } from '../src/constants'
import type { SupportTicket, SupportTicketDraft } from '../src/lib/support-ticket'
import { supportFormMachine, visibleError, type SentSupportTicket } from './support-form.machine'

afterEach(() => vi.useRealTimers())

const prefilled: Partial<SupportTicketDraft> = {
  category: 'Dashboard_bug',
  subject: 'Dashboard error on /org/acme',
  message: 'TypeError: x is undefined\n    at Thing',
  dashboardSentryIssueId: 'abc123',
}

function start(submit: (ticket: SupportTicket) => Promise<SentSupportTicket>, values: Partial<SupportTicketDraft> = prefilled) {
  return createActor(supportFormMachine.provide({ actors: { submit: fromPromise(({ input }) => submit(input)) } }), { input: { values } }).start()
}

const slowly = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

describe('supportFormMachine', () => {
  it('starts editing with the prefilled values and Low severity, and no message shown yet', () => {
    const actor = start(async () => ({ ticketId: 'x' }), { category: 'Dashboard_bug', subject: 'Dashboard error on /org/acme', message: 'stack' })
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().value).toBe('editing')
    expect(context.values).toMatchObject({ category: 'Dashboard_bug', severity: 'Low', organizationSlug: '', projectRef: '' })
    // The prefilled message is too short, but nobody touched it yet.
    expect(context.errors.message).toBe(SUPPORT_MESSAGE.messageTooShort(SUPPORT_TICKET_LIMITS.messageMin))
    expect(visibleError(context, 'message')).toBeNull()
  })

  it('sends the checked, trimmed request once and keeps it with the reference', async () => {
    vi.useFakeTimers()
    const submit = vi.fn((ticket: SupportTicket) => slowly(800, { ticketId: `SR-${ticket.category}` }))
    const actor = start(submit)
    actor.send({ type: 'field.change', field: 'subject', value: '  Crash on the org page  ' })
    actor.send({ type: 'field.change', field: 'severity', value: 'High' })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('submitting')
    // A second click while sending, or typing, changes nothing: one request, the values it was sent with.
    actor.send({ type: 'submit' })
    actor.send({ type: 'field.change', field: 'subject', value: 'changed' })
    await vi.advanceTimersByTimeAsync(799)
    expect(actor.getSnapshot().value).toBe('submitting')
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().value).toBe('sent')
    expect(submit).toHaveBeenCalledOnce()
    const expected = {
      category: 'Dashboard_bug',
      severity: 'High',
      subject: 'Crash on the org page',
      message: 'TypeError: x is undefined\n    at Thing',
      organizationSlug: undefined,
      projectRef: undefined,
      dashboardSentryIssueId: 'abc123',
    }
    expect(submit.mock.calls[0]![0]).toEqual(expected)
    expect(actor.getSnapshot().context).toMatchObject({ request: expected, ticketId: 'SR-Dashboard_bug', sendError: null })
  })

  it('does not send an invalid form and shows every message after the submit', () => {
    const submit = vi.fn(async () => ({ ticketId: 'x' }))
    const actor = start(submit, {})
    expect(visibleError(actor.getSnapshot().context, 'subject')).toBeNull()
    actor.send({ type: 'submit' })
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().value).toBe('editing')
    expect(submit).not.toHaveBeenCalled()
    expect(visibleError(context, 'category')).toBe(SUPPORT_MESSAGE.categoryRequired)
    expect(visibleError(context, 'subject')).toBe(SUPPORT_MESSAGE.subjectRequired)
    expect(visibleError(context, 'message')).toBe(SUPPORT_MESSAGE.messageRequired)
    expect(visibleError(context, 'severity')).toBeNull()
  })

  it("shows a field's message once it is touched, and updates it as the value changes", () => {
    const actor = start(async () => ({ ticketId: 'x' }))
    actor.send({ type: 'field.change', field: 'subject', value: '' })
    expect(visibleError(actor.getSnapshot().context, 'subject')).toBeNull()
    actor.send({ type: 'field.blur', field: 'subject' })
    expect(visibleError(actor.getSnapshot().context, 'subject')).toBe(SUPPORT_MESSAGE.subjectRequired)
    expect(visibleError(actor.getSnapshot().context, 'message')).toBeNull()
    actor.send({ type: 'field.change', field: 'subject', value: 'Back again' })
    expect(visibleError(actor.getSnapshot().context, 'subject')).toBeNull()
  })

  it('returns to editing after a failed send with every value kept and the message shown until the next submit', async () => {
    vi.useFakeTimers()
    let fail = true
    const submit = vi.fn(async () => {
      await slowly(300, null)
      if (fail) throw new Error('Internal server error')
      return { ticketId: 'SR-000002' }
    })
    const actor = start(submit)
    actor.send({ type: 'field.change', field: 'organizationSlug', value: 'acme-corp' })
    actor.send({ type: 'field.change', field: 'projectRef', value: 'abcdefghij' })
    actor.send({ type: 'field.change', field: 'severity', value: 'Urgent' })
    const before = actor.getSnapshot().context.values
    actor.send({ type: 'submit' })
    await vi.advanceTimersByTimeAsync(300)
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.values).toEqual(before)
    expect(actor.getSnapshot().context.sendError).toBe('Internal server error')
    actor.send({ type: 'field.change', field: 'message', value: `${before.message}\nMore detail` })
    expect(actor.getSnapshot().context.sendError).toBe('Internal server error')
    fail = false
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().context.sendError).toBeNull()
    await vi.advanceTimersByTimeAsync(300)
    expect(actor.getSnapshot().value).toBe('sent')
    expect(submit).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.request).toMatchObject({ organizationSlug: 'acme-corp', projectRef: 'abcdefghij', severity: 'Urgent' })
  })

  it('clears the project when another organization is chosen', () => {
    const actor = start(async () => ({ ticketId: 'x' }))
    actor.send({ type: 'field.change', field: 'organizationSlug', value: 'acme-corp' })
    actor.send({ type: 'field.change', field: 'projectRef', value: 'abcdefghij' })
    actor.send({ type: 'field.change', field: 'organizationSlug', value: 'acme-corp' })
    expect(actor.getSnapshot().context.values.projectRef).toBe('abcdefghij')
    actor.send({ type: 'field.change', field: 'organizationSlug', value: 'globex' })
    expect(actor.getSnapshot().context.values).toMatchObject({ organizationSlug: 'globex', projectRef: '' })
  })

  it('opens another, empty request after one was sent', async () => {
    vi.useFakeTimers()
    const actor = start(async () => ({ ticketId: 'SR-1' }))
    actor.send({ type: 'submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('sent')
    actor.send({ type: 'restart' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({
      values: { category: '', severity: 'Low', subject: '', message: '', dashboardSentryIssueId: '' },
      submitAttempted: false,
      touched: {},
      request: null,
      ticketId: null,
    })
  })
})
