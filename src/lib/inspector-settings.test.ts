import { describe, expect, it } from 'vitest'
import { INSPECTOR_DEFAULT_EVENT_LIMIT, INSPECTOR_EVENT_LIMIT_RANGE } from '../constants'
import { parseSettings } from './settings'

const hostedProduction = { PROD: true, VITE_MOCK_PLATFORM: 'off' }

describe('inspector settings', () => {
  it('is on in dev, in preview builds and wherever the mock platform runs; off on the hosted production build', () => {
    expect(parseSettings({}).inspector.enabled).toBe(true)
    expect(parseSettings({ PROD: true }).inspector.enabled).toBe(true)
    expect(parseSettings({ ...hostedProduction, VITE_ENVIRONMENT: 'preview' }).inspector.enabled).toBe(true)
    expect(parseSettings(hostedProduction).inspector.enabled).toBe(false)
  })

  it('VITE_INSPECTOR turns it on for production, or off anywhere', () => {
    expect(parseSettings({ ...hostedProduction, VITE_INSPECTOR: 'on' }).inspector.enabled).toBe(true)
    expect(parseSettings({ VITE_INSPECTOR: 'off' }).inspector.enabled).toBe(false)
    expect(parseSettings({ ...hostedProduction, VITE_INSPECTOR: 'nonsense' }).inspector.enabled).toBe(false)
  })

  it('keeps VITE_INSPECTOR_EVENT_LIMIT events per actor, within its range', () => {
    expect(parseSettings({}).inspector.eventLimit).toBe(INSPECTOR_DEFAULT_EVENT_LIMIT)
    expect(parseSettings({ VITE_INSPECTOR_EVENT_LIMIT: '250' }).inspector.eventLimit).toBe(250)
    expect(parseSettings({ VITE_INSPECTOR_EVENT_LIMIT: 'many' }).inspector.eventLimit).toBe(INSPECTOR_DEFAULT_EVENT_LIMIT)
    expect(parseSettings({ VITE_INSPECTOR_EVENT_LIMIT: '3' }).inspector.eventLimit).toBe(INSPECTOR_EVENT_LIMIT_RANGE.min)
    expect(parseSettings({ VITE_INSPECTOR_EVENT_LIMIT: '1e9' }).inspector.eventLimit).toBe(INSPECTOR_EVENT_LIMIT_RANGE.max)
  })
})
