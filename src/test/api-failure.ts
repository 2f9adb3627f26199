import { expect } from 'vitest'
import { ApiError } from '../api/errors'

/** The ApiError a call fails with; the test fails when the call succeeds or throws anything else. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected the call to fail')
}
