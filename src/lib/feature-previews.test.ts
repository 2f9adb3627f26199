import { afterEach, describe, expect, it, vi } from 'vitest'
import { FEATURE_PREVIEWS, PREVIEW } from '../constants'
import { MemoryStorage } from '../test/memory-storage'
import { advisorPath, availablePreviews, isPreviewOn, readPreviewFlags, securityAdvisorPath, storagePath, writePreviewFlag } from './feature-previews'

afterEach(() => vi.restoreAllMocks())

const ALL_FLAGS = { dashboard_branching: true, advisor_rules: true, unified_logs: true, storage_analytics_vector: true }

describe('preview flags in storage', () => {
  it('are the texts true or false under each key, default off', () => {
    const storage = new MemoryStorage()
    expect(readPreviewFlags(storage)).toEqual({})
    writePreviewFlag(storage, PREVIEW.unifiedLogs, true)
    writePreviewFlag(storage, PREVIEW.inlineEditor, false)
    expect(storage.getItem(PREVIEW.unifiedLogs)).toBe('true')
    expect(storage.getItem(PREVIEW.inlineEditor)).toBe('false')
    expect(readPreviewFlags(storage)).toEqual({ [PREVIEW.unifiedLogs]: true, [PREVIEW.inlineEditor]: false })
  })

  it('discards a value that is not true or false, with a warning, and keeps the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = new MemoryStorage()
    storage.setItem(PREVIEW.apiSidePanel, '{"on":1}')
    storage.setItem(PREVIEW.columnPrivileges, 'true')
    expect(readPreviewFlags(storage)).toEqual({ [PREVIEW.columnPrivileges]: true })
    expect(storage.getItem(PREVIEW.apiSidePanel)).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(PREVIEW.apiSidePanel))
  })

  it('a full storage is logged, not thrown', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = new MemoryStorage()
    storage.full = true
    expect(() => writePreviewFlag(storage, PREVIEW.unifiedLogs, true)).not.toThrow()
    expect(warn).toHaveBeenCalled()
  })
})

describe('availablePreviews (SPEC §5)', () => {
  it('lists the seven previews on the platform when every remote flag is on', () => {
    expect(availablePreviews({ isPlatform: true, remoteFlags: ALL_FLAGS }).map((p) => p.key)).toEqual(FEATURE_PREVIEWS.map((p) => p.key))
    expect(FEATURE_PREVIEWS).toHaveLength(7)
  })

  it('hides branching, advisor rules, unified logs and storage while their remote flag is not exactly true', () => {
    const keys = availablePreviews({ isPlatform: true, remoteFlags: { unified_logs: 'true', advisor_rules: true } }).map((p) => p.key)
    expect(keys).toEqual([PREVIEW.advisorRules, PREVIEW.apiSidePanel, PREVIEW.columnPrivileges, PREVIEW.inlineEditor])
  })

  it('hides platform-only previews when self-hosted', () => {
    const keys = availablePreviews({ isPlatform: false, remoteFlags: ALL_FLAGS }).map((p) => p.key)
    expect(keys).toEqual([PREVIEW.newStorage, PREVIEW.apiSidePanel, PREVIEW.columnPrivileges, PREVIEW.inlineEditor])
  })

  it('lists only released previews', () => {
    const unreleased = { ...FEATURE_PREVIEWS[4], key: 'x', isReleased: false }
    expect(availablePreviews({ isPlatform: true, remoteFlags: {} }, [unreleased, FEATURE_PREVIEWS[5]]).map((p) => p.key)).toEqual([PREVIEW.columnPrivileges])
  })

  it('a preview is on only while it is both set and available', () => {
    const flags = { [PREVIEW.advisorRules]: true }
    expect(isPreviewOn(PREVIEW.advisorRules, flags, { isPlatform: true, remoteFlags: ALL_FLAGS })).toBe(true)
    expect(isPreviewOn(PREVIEW.advisorRules, flags, { isPlatform: true, remoteFlags: {} })).toBe(false)
    expect(isPreviewOn(PREVIEW.advisorRules, flags, { isPlatform: false, remoteFlags: ALL_FLAGS })).toBe(false)
    expect(isPreviewOn(PREVIEW.unifiedLogs, flags, { isPlatform: true, remoteFlags: ALL_FLAGS })).toBe(false)
  })
})

describe('routes the previews choose (SPEC §2)', () => {
  it('storage: files with the new interface, buckets without', () => {
    expect(storagePath('abc', true)).toBe('/project/abc/storage/files')
    expect(storagePath('abc', false)).toBe('/project/abc/storage/buckets')
  })
  it('security advisor: the rules variant with the advisor rules preview', () => {
    expect(securityAdvisorPath('abc', true)).toBe('/project/abc/advisors/rules/security')
    expect(securityAdvisorPath('abc', false)).toBe('/project/abc/advisors/security')
    expect(advisorPath('abc', 'performance', true)).toBe('/project/abc/advisors/rules/performance')
    expect(advisorPath('abc', 'performance', false)).toBe('/project/abc/advisors/performance')
  })
})
