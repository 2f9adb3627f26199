import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_LIST, readUserListParams, writeUserListParams } from './user-list-params'

describe('the users list in the address', () => {
  it('reads back what it wrote', () => {
    const list = { search: "o'brien & co", state: 'banned' as const, provider: 'github', sort: 'email' as const, ascending: true, user: '5b1e9c1a-0f6e-4b7c-9d55-6f1d2a3b4c5d' }
    expect(readUserListParams(writeUserListParams(list))).toEqual(list)
    expect(writeUserListParams(DEFAULT_USER_LIST)).toBe('')
  })

  it('takes the default for anything unknown or malformed', () => {
    expect(readUserListParams('?state=__proto__&sort=constructor&order=sideways&user=<script>&provider=')).toEqual(DEFAULT_USER_LIST)
  })
})
