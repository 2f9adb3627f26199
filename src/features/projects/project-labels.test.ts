import { describe, expect, it } from 'vitest'
import { cloudProviderLabel } from './project-labels'
import { itReadsEach } from '../../test/each-row'

describe('cloud provider labels', () => {
  itReadsEach('%s reads "%s"', cloudProviderLabel, [
    ['AWS', 'AWS'],
    // SPEC §3 fixes these two labels.
    ['AWS_K8S', 'AWS (Revamped)'],
    ['AWS_NIMBUS', 'AWS (Nimbus)'],
    ['FLY', 'Fly.io'],
  ])

  it('an id it does not know reads as itself', () => {
    expect(cloudProviderLabel('GCP')).toBe('GCP')
  })
})
