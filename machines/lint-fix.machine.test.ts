import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { lintFixMachine } from './lint-fix.machine'

function start(applyFix: () => Promise<void>, relint: () => Promise<boolean>) {
  return createActor(lintFixMachine.provide({ actors: { applyFix: fromPromise(applyFix), relint: fromPromise(relint) } })).start()
}

describe('lintFixMachine', () => {
  it('applies nothing until asked; then applies the fix, reruns the linter and ends fixed when the finding is gone', async () => {
    const apply = vi.fn(async () => {})
    const relint = vi.fn(async () => false)
    const actor = start(apply, relint)
    expect(actor.getSnapshot().value).toBe('reviewing')
    expect(apply).not.toHaveBeenCalled()
    actor.send({ type: 'fix.apply' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('fixed'))
    expect(apply).toHaveBeenCalledTimes(1)
    expect(relint).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('keeps the database’s refusal to show, and applies again when asked', async () => {
    let attempt = 0
    const actor = start(
      async () => {
        if (++attempt === 1) throw new Error('must be owner of table notes')
      },
      async () => false,
    )
    actor.send({ type: 'fix.apply' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('refused'))
    expect(actor.getSnapshot().context.error).toBe('must be owner of table notes')
    actor.send({ type: 'fix.apply' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('fixed'))
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('says when the finding is still there after the fix', async () => {
    const actor = start(async () => {}, async () => true)
    actor.send({ type: 'fix.apply' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('stillFound'))
  })

  it('leaves a fix whose rerun failed unconfirmed, and reruns only the linter on a retry', async () => {
    const apply = vi.fn(async () => {})
    let reruns = 0
    const actor = start(apply, async () => {
      if (++reruns === 1) throw new Error('Failed to fetch')
      return false
    })
    actor.send({ type: 'fix.apply' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unconfirmed'))
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch')
    actor.send({ type: 'relint.retry' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('fixed'))
    expect(apply).toHaveBeenCalledTimes(1)
  })
})
