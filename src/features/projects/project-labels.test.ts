import { describe, expect, it } from 'vitest'
import { cloudProviderLabel } from './project-labels'

describe('cloud provider labels', () => {
  it.each([
    ['AWS', 'AWS'],
    // SPEC §3 fixes these two labels.
    ['AWS_K8S', 'AWS (Revamped)'],
    ['AWS_NIMBUS', 'AWS (Nimbus)'],
    ['FLY', 'Fly.io'],
  ])('%s reads "%s"', (id, label) => {
    expect(cloudProviderLabel(id)).toBe(label)
  })

  it('an id it does not know reads as itself', () => {
    expect(cloudProviderLabel('GCP')).toBe('GCP')
  })
})
