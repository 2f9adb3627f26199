import { describe, expect, it } from 'vitest'
import { parseSettings } from './settings'
import { editorWorkerUrl, workerBootstrap } from './editor-assets'

const page = 'https://studio.example.com/project/abc/sql/new'

describe('editor assets (SPEC §7)', () => {
  it('load from the local path unless a base URL is configured', () => {
    expect(editorWorkerUrl('/assets/editor.worker-abc123.js', null, page)).toBe('https://studio.example.com/assets/editor.worker-abc123.js')
    expect(editorWorkerUrl('/assets/editor.worker-abc123.js', 'https://cdn.example.net/studio/1.2.3', page)).toBe(
      'https://cdn.example.net/studio/1.2.3/editor.worker-abc123.js',
    )
  })

  it('start a same-origin worker directly and a remote one through an importing module', () => {
    expect(workerBootstrap('https://studio.example.com/assets/w.js', page)).toEqual({ url: 'https://studio.example.com/assets/w.js', inline: false })
    expect(workerBootstrap('https://cdn.example.net/w.js', page)).toEqual({ url: 'import "https://cdn.example.net/w.js"\n', inline: true })
  })

  it('take the base URL only on the hosted platform, and only when it is an http(s) URL', () => {
    expect(parseSettings({ VITE_EDITOR_ASSETS_URL: 'https://cdn.example.net/studio/' }).editorAssetsUrl).toBe('https://cdn.example.net/studio')
    expect(parseSettings({ VITE_EDITOR_ASSETS_URL: 'https://cdn.example.net/studio', VITE_IS_PLATFORM: 'false' }).editorAssetsUrl).toBeNull()
    expect(parseSettings({ VITE_EDITOR_ASSETS_URL: 'javascript:alert(1)' }).editorAssetsUrl).toBeNull()
    expect(parseSettings({ VITE_EDITOR_ASSETS_URL: 'not a url' }).editorAssetsUrl).toBeNull()
    expect(parseSettings({}).editorAssetsUrl).toBeNull()
  })
})
