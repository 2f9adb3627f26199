import { describe, expect, it } from 'vitest'
import { CLOUD_PROVIDER_IDS, REGIONS } from '../constants'
import { defaultCloudProvider, defaultRegion, regionGroups } from './new-project-defaults'

describe('defaultRegion', () => {
  it('is East US 2 in production and Southeast Asia elsewhere', () => {
    expect(defaultRegion('production')).toBe('us-east-2')
    for (const env of ['staging', 'preview', 'local'] as const) expect(defaultRegion(env)).toBe('ap-southeast-1')
  })
})

describe('defaultCloudProvider', () => {
  it('prefers AWS_K8S on staging and preview when enabled', () => {
    expect(defaultCloudProvider('staging', CLOUD_PROVIDER_IDS)).toBe('AWS_K8S')
    expect(defaultCloudProvider('preview', CLOUD_PROVIDER_IDS)).toBe('AWS_K8S')
  })
  it('falls back to the first enabled provider, then AWS', () => {
    expect(defaultCloudProvider('staging', ['FLY', 'AWS'])).toBe('FLY')
    expect(defaultCloudProvider('staging', [])).toBe('AWS')
    expect(defaultCloudProvider('production', CLOUD_PROVIDER_IDS)).toBe('AWS')
    expect(defaultCloudProvider('local', ['AWS_NIMBUS'])).toBe('AWS_NIMBUS')
  })
})

describe('regionGroups', () => {
  it('groups all 17 regions, each group led by its default', () => {
    const groups = regionGroups()
    expect(groups.map((g) => [g.id, g.regions[0]?.name])).toEqual([
      ['Americas', 'East US (North Virginia)'],
      ['Europe', 'Central EU (Frankfurt)'],
      ['APAC', 'Southeast Asia (Singapore)'],
    ])
    expect(groups.flatMap((g) => g.regions)).toHaveLength(REGIONS.length)
    expect(REGIONS).toHaveLength(17)
  })
})
