import { describe, expect, it } from 'vitest'
import { visibleFieldError } from './form-errors'

describe('visibleFieldError', () => {
  const errors = { name: 'Name is required' }
  it.each([
    { touched: {}, submitAttempted: false, shown: null },
    { touched: { name: true }, submitAttempted: false, shown: 'Name is required' },
    { touched: {}, submitAttempted: true, shown: 'Name is required' },
  ])('touched $touched, submit tried $submitAttempted: $shown', ({ touched, submitAttempted, shown }) => {
    expect(visibleFieldError<'name' | 'email'>({ errors, touched, submitAttempted }, 'name')).toBe(shown)
  })
  it('a field without a message shows none, even after a submit', () => {
    expect(visibleFieldError<'name' | 'email'>({ errors, touched: { email: true }, submitAttempted: true }, 'email')).toBeNull()
  })
})
