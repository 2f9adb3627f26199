import { describe, expect, it } from 'vitest'
import { greatCircleKm, nearestRegion, regionChoiceReason } from './nearest-region'

describe('the nearest region to a time zone', () => {
  it('measures great circles on a 6371 km Earth', () => {
    // London to Paris is about 344 km; a quarter of the equator is 10,007.5 km.
    expect(Math.round(greatCircleKm([51.51, -0.13], [48.86, 2.35]))).toBe(343)
    expect(Math.round(greatCircleKm([0, 0], [0, 90]))).toBe(10008)
  })

  it.each([
    ['Europe/Berlin', 'eu-central-1'],
    ['Europe/Zurich', 'eu-central-2'],
    ['Europe/Dublin', 'eu-west-1'],
    ['Europe/Helsinki', 'eu-north-1'],
    ['America/New_York', 'us-east-1'],
    ['America/Chicago', 'us-east-2'],
    ['America/Los_Angeles', 'us-west-1'],
    ['America/Toronto', 'ca-central-1'],
    ['America/Argentina/Buenos_Aires', 'sa-east-1'],
    ['Asia/Kolkata', 'ap-south-1'],
    ['Asia/Calcutta', 'ap-south-1'],
    ['Asia/Tokyo', 'ap-northeast-1'],
    ['Asia/Jakarta', 'ap-southeast-1'],
    ['Australia/Melbourne', 'ap-southeast-2'],
    ['Africa/Lagos', 'eu-central-2'],
  ])('%s → %s', (zone, region) => {
    const choice = nearestRegion(zone, 'production')
    expect(choice).toMatchObject({ region, reason: 'nearest', timeZone: zone })
  })

  it('takes the first listed region on a tie (Singapore has two codes)', () => {
    expect(nearestRegion('Asia/Singapore', 'production').region).toBe('ap-southeast-1')
  })

  it('falls back to the area group default, then to the SPEC default of the environment', () => {
    expect(nearestRegion('Europe/Atlantis', 'production')).toEqual({ region: 'eu-central-1', reason: 'group', timeZone: 'Europe/Atlantis', group: 'Europe' })
    expect(nearestRegion('America/Nowhere', 'local').region).toBe('us-east-1')
    expect(nearestRegion('Asia/Nowhere', 'production').region).toBe('ap-southeast-1')
    expect(nearestRegion('UTC', 'production')).toEqual({ region: 'us-east-2', reason: 'default', timeZone: 'UTC' })
    expect(nearestRegion(null, 'local')).toEqual({ region: 'ap-southeast-1', reason: 'default', timeZone: null })
    expect(nearestRegion('', 'production').region).toBe('us-east-2')
  })

  it.each(['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT', 'Etc/GMT+5', 'Etc/GMT-8', 'Etc/Universal', 'UCT', 'Zulu', 'Greenwich'])(
    'a zone that names an offset, not a place (%s), quietly takes the default region of the environment',
    (zone) => {
      expect(nearestRegion(zone, 'production')).toEqual({ region: 'us-east-2', reason: 'default', timeZone: zone })
      expect(nearestRegion(zone, 'local')).toEqual({ region: 'ap-southeast-1', reason: 'default', timeZone: zone })
      expect(regionChoiceReason(nearestRegion(zone, 'production'))).toBe('East US (Ohio) is the default region.')
    },
  )

  it('a zone no table knows is said so, politely, and takes the default region', () => {
    expect(nearestRegion('Mars/Olympus_Mons', 'production')).toEqual({ region: 'us-east-2', reason: 'unplaced', timeZone: 'Mars/Olympus_Mons' })
    expect(regionChoiceReason(nearestRegion('Mars/Olympus_Mons', 'production'))).toBe(
      'East US (Ohio) is the default region: your time zone (Mars/Olympus_Mons) does not tell us where you are.',
    )
  })

  it('says why', () => {
    expect(regionChoiceReason(nearestRegion('Europe/Berlin', 'production'))).toBe('Central EU (Frankfurt) is the region nearest to your time zone (Europe/Berlin), about 420 km away.')
    expect(regionChoiceReason(nearestRegion('America/New_York', 'production'))).toMatch(/^East US \(North Virginia\) is the region nearest to your time zone \(America\/New_York\), about [\d,]+ km away\.$/)
    expect(regionChoiceReason(nearestRegion('Europe/Atlantis', 'production'))).toBe('Central EU (Frankfurt) is the Europe default: your time zone (Europe/Atlantis) has no known city to measure from.')
    expect(regionChoiceReason(nearestRegion(null, 'local'))).toBe('Southeast Asia (Singapore) is the default region.')
  })
})
