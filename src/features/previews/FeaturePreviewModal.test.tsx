import { act, fireEvent, render, screen } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { afterEach, expect, it, vi } from 'vitest'
import { FEATURE_FLAGS_PATH, FEATURE_PREVIEW_MODAL_PARAM, PREVIEW } from '../../constants'
import { featurePreviewsActor, stopFeaturePreviews } from './feature-previews-actor'
import { FeaturePreviewModal } from './FeaturePreviewModal'

/** The remote flags answer only when the test says so; every other call answers an empty object. */
function stubPlatform() {
  let answerFlags: (flags: Record<string, unknown>) => void = () => {}
  const flags = new Promise<Response>((resolve) => {
    answerFlags = (body) => resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }))
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input)).pathname.endsWith(FEATURE_FLAGS_PATH) ? flags : new Response('{}', { headers: { 'content-type': 'application/json' } }),
    ),
  )
  return answerFlags
}

afterEach(() => {
  stopFeaturePreviews()
  vi.unstubAllGlobals()
})

it('a link to a remote-flagged preview waits for the flags instead of showing (and toggling) another preview meanwhile', async () => {
  const answerFlags = stubPlatform()
  const memory = memoryLocation({ path: '/project/abcdefghijklmnopqrst/storage/buckets', searchPath: `${FEATURE_PREVIEW_MODAL_PARAM}=${PREVIEW.newStorage}` })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <FeaturePreviewModal projectRef={undefined} organizationSlug={undefined} cloudProvider={null} />
    </Router>,
  )
  const dialog = await screen.findByRole('dialog', { name: 'Dashboard feature previews' })
  expect(dialog.textContent).toContain('Loading feature previews…')
  expect(screen.queryByRole('button', { name: 'Enable feature' })).toBeNull()

  await act(async () => answerFlags({ storage_analytics_vector: true }))
  expect(await screen.findByRole('heading', { name: 'New Storage interface' })).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Enable feature' }))
  expect(featurePreviewsActor().getSnapshot().context.enabled[PREVIEW.newStorage]).toBe(true)
})

it('a link to a preview that needs no remote flag shows it while the flags load', async () => {
  stubPlatform()
  const memory = memoryLocation({ path: '/organizations', searchPath: `${FEATURE_PREVIEW_MODAL_PARAM}=${PREVIEW.inlineEditor}` })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <FeaturePreviewModal projectRef={undefined} organizationSlug={undefined} cloudProvider={null} />
    </Router>,
  )
  expect(await screen.findByRole('heading', { name: 'Edit database entities inline' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Enable feature' })).toBeTruthy()
})
