import { describe, expect, it } from 'vitest'
import { BYTES_PER_GB, BYTES_PER_MB } from '../constants'
import { UPLOAD_LIMIT_MESSAGES, uploadLimitForm, uploadLimitFromForm } from './storage-settings'

describe('uploadLimitFromForm', () => {
  it('turns an amount and a unit into bytes (binary units, fractions rounded down)', () => {
    expect(uploadLimitFromForm({ amount: '50', unit: 'MB' }, 'free')).toEqual({ bytes: 50 * BYTES_PER_MB })
    expect(uploadLimitFromForm({ amount: '1.5', unit: 'GB' }, 'pro')).toEqual({ bytes: 1.5 * BYTES_PER_GB })
    expect(uploadLimitFromForm({ amount: ' 0.3 ', unit: 'KB' }, 'free')).toEqual({ bytes: 307 })
    expect(uploadLimitFromForm({ amount: '1024', unit: 'bytes' }, 'free')).toEqual({ bytes: 1024 })
  })

  it('enforces the plan’s maximum with the plan’s message: 50 MB on Free, 500 GB on Pro and up', () => {
    expect(uploadLimitFromForm({ amount: '51', unit: 'MB' }, 'free')).toEqual({ problem: 'The Free plan allows files up to 50 MB. Upgrade the plan to raise the upload limit.' })
    expect(uploadLimitFromForm({ amount: '500', unit: 'GB' }, 'pro')).toEqual({ bytes: 500 * BYTES_PER_GB })
    expect(uploadLimitFromForm({ amount: '501', unit: 'GB' }, 'team')).toEqual({ problem: 'The Team plan allows files up to 500 GB. Upgrade the plan to raise the upload limit.' })
  })

  it('says what is wrong with what was typed', () => {
    expect(uploadLimitFromForm({ amount: '', unit: 'MB' }, 'free')).toEqual({ problem: UPLOAD_LIMIT_MESSAGES.empty })
    expect(uploadLimitFromForm({ amount: '5e3', unit: 'MB' }, 'free')).toEqual({ problem: '"5e3" is not a number: enter a size such as 50 or 1.5.' })
    expect(uploadLimitFromForm({ amount: '-1', unit: 'MB' }, 'free')).toEqual({ problem: '"-1" is not a number: enter a size such as 50 or 1.5.' })
    expect(uploadLimitFromForm({ amount: '0', unit: 'GB' }, 'pro')).toEqual({ problem: UPLOAD_LIMIT_MESSAGES.notPositive })
    expect(uploadLimitFromForm({ amount: '1.5', unit: 'bytes' }, 'pro')).toEqual({ problem: UPLOAD_LIMIT_MESSAGES.wholeBytes })
  })

  it('reads a saved limit back in the largest unit that holds it exactly', () => {
    expect(uploadLimitForm(50 * BYTES_PER_MB)).toEqual({ amount: '50', unit: 'MB' })
    expect(uploadLimitForm(500 * BYTES_PER_GB)).toEqual({ amount: '500', unit: 'GB' })
    expect(uploadLimitForm(2048)).toEqual({ amount: '2', unit: 'KB' })
    expect(uploadLimitForm(1536)).toEqual({ amount: '1536', unit: 'bytes' })
    expect(uploadLimitForm(1000)).toEqual({ amount: '1000', unit: 'bytes' })
  })
})
