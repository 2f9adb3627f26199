import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { TWO_FACTOR_MESSAGE } from '../src/constants'
import { totpEnrolmentMachine, type FactorEnrolment } from './totp-enrolment.machine'

const enrolment: FactorEnrolment = { id: 'f1', friendly_name: 'Phone', totp: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Studio:a?secret=JBSWY3DPEHPK3PXP' } }

function start(verify: (input: { enrolment: FactorEnrolment; code: string }) => Promise<void> = async () => {}, enrol = vi.fn(async (_input: { name: string }) => enrolment)) {
  const discard = vi.fn()
  const onEnrolled = vi.fn()
  const actor = createActor(
    totpEnrolmentMachine.provide({
      actors: { enrol: fromPromise(({ input }) => enrol(input)), verify: fromPromise(({ input }) => verify(input)) },
      actions: { discard: (_, { enrolment: e }) => discard(e), onEnrolled: (_, { enrolment: e }) => onEnrolled(e) },
    }),
  ).start()
  return { actor, enrol, discard, onEnrolled }
}

describe('totpEnrolmentMachine', () => {
  it('enrols, shows the factor for scanning, and verifies it with the first code', async () => {
    const verify = vi.fn(async () => {})
    const { actor, enrol, onEnrolled } = start(verify)
    actor.send({ type: 'start', name: 'Phone' })
    await waitFor(actor, (s) => s.matches('scanning'))
    expect(enrol).toHaveBeenCalledWith({ name: 'Phone' })
    expect(actor.getSnapshot().context.enrolment).toEqual(enrolment)
    actor.send({ type: 'code.submit', code: '123456' })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(verify).toHaveBeenCalledWith({ enrolment, code: '123456' })
    expect(onEnrolled).toHaveBeenCalledWith(enrolment)
    expect(actor.getSnapshot().context).toEqual({ enrolment: null, error: null })
  })

  it('keeps the QR code up after a wrong code, refuses a malformed one before asking, and drops the factor on cancel', async () => {
    const { actor, discard } = start(async () => {
      throw new Error(TWO_FACTOR_MESSAGE.codeWrong)
    })
    actor.send({ type: 'start', name: 'Phone' })
    await waitFor(actor, (s) => s.matches('scanning'))
    actor.send({ type: 'code.submit', code: 'abc' })
    expect(actor.getSnapshot().context.error).toBe(TWO_FACTOR_MESSAGE.codeShape)
    actor.send({ type: 'code.submit', code: '654321' })
    await waitFor(actor, (s) => s.matches('scanning') && s.context.error === TWO_FACTOR_MESSAGE.codeWrong)
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(discard).toHaveBeenCalledWith(enrolment)
  })

  it('says why an enrolment was refused', async () => {
    const { actor } = start(undefined, vi.fn(async (_input: { name: string }) => Promise.reject<FactorEnrolment>(new Error(TWO_FACTOR_MESSAGE.nameTaken("Phone")))))
    actor.send({ type: 'start', name: 'Phone' })
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(TWO_FACTOR_MESSAGE.nameTaken('Phone'))
  })
})
