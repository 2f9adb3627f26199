import { describe, expect, it } from 'vitest'
import { maskSecrets } from './secret-mask'

describe('maskSecrets', () => {
  it('hides each secret literal in the shown SQL and gives the statement back whole', () => {
    const sql = "insert into t (a, b) values ('it''s', 'same'); select 'same';"
    const { shown, unmask } = maskSecrets(sql, [
      { label: 'api key', value: "it's" },
      { label: 'token', value: 'same' },
    ])
    expect(shown).not.toContain("it''s")
    expect(shown).toBe("insert into t (a, b) values ('•••••••• (api key 1, kept secret)', '•••••••• (token 2, kept secret)'); select 'same';")
    expect(unmask(shown)).toBe(sql)
  })
  it('leaves SQL without secrets as it is', () => {
    expect(maskSecrets('select 1', []).shown).toBe('select 1')
  })
})
