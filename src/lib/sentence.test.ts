import { describe, expect, it } from 'vitest'
import { API_ERROR_MESSAGE } from '../constants'
import { asSentence } from './sentence'

describe('asSentence', () => {
  it.each([
    ['Internal server error', 'Internal server error.'],
    ['Unable to reach the server. Please check your network or try again later.', 'Unable to reach the server. Please check your network or try again later.'],
    ['Really?', 'Really?'],
    ['  spaced  ', 'spaced.'],
    ['Saving…', 'Saving…'],
  ])('%j → %j', (message, sentence) => expect(asSentence(message)).toBe(sentence))

  it('the network failure message of SPEC §8 keeps exactly one full stop', () => {
    expect(`${asSentence(API_ERROR_MESSAGE.network)} Retrying in 4 s.`).toBe('Unable to reach the server. Please check your network or try again later. Retrying in 4 s.')
  })
})
