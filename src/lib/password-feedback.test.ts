import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generateStrongPassword, scoredPasswordFeedback, tooLongPasswordFeedback } from './password-feedback'

describe('scoredPasswordFeedback', () => {
  it.each([
    [0, 10, 'danger', 'This password is not acceptable.'],
    [1, 30, 'danger', 'This password is not secure enough.'],
    [2, 50, 'warning', 'This password is not secure enough.'],
    [3, 80, 'warning', 'Not bad, but your password must be harder to guess.'],
    [4, 100, 'success', 'This password is strong.'],
  ])('score %i: %i%% %s, "%s"', (score, width, tone, message) => {
    const feedback = scoredPasswordFeedback(score)
    expect(feedback).toMatchObject({ width, tone, message })
    expect(feedback.warning).toBe(score < 4 ? 'You need a stronger password.' : null)
    expect(feedback.acceptable).toBe(score === 4)
  })

  it('appends the suggestions to the message', () => {
    expect(scoredPasswordFeedback(1, ['Add another word or two.', 'Avoid years.']).message).toBe(
      'This password is not secure enough. Add another word or two. Avoid years.',
    )
  })

  it('clamps any number to a score the meter can show', () => {
    fc.assert(
      fc.property(fc.double(), (score) => {
        const feedback = scoredPasswordFeedback(score)
        expect([10, 30, 50, 80, 100]).toContain(feedback.width)
      }),
    )
  })
})

describe('tooLongPasswordFeedback', () => {
  it('uses the SPEC texts', () => {
    expect(tooLongPasswordFeedback()).toMatchObject({
      warning: 'Password should be less than 100 characters',
      message: 'Maximum length of password exceeded',
      acceptable: false,
    })
  })
})

describe('generateStrongPassword', () => {
  it('makes distinct passwords of the asked length from an unambiguous alphabet', () => {
    const a = generateStrongPassword()
    const b = generateStrongPassword(40)
    expect(a).toHaveLength(24)
    expect(b).toHaveLength(40)
    expect(a).not.toBe(b.slice(0, 24))
    expect(a).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/)
  })
})
