// Monaco, bundled locally and loaded only by the SQL editor route: the core API, the editing
// features a SQL console needs, and the PostgreSQL grammar. Nothing comes from a CDN.
import * as monaco from 'monaco-editor/editor/editor.api'
import 'monaco-editor/features/bracketMatching/register'
import 'monaco-editor/features/clipboard/register'
import 'monaco-editor/features/codeEditor/register'
import 'monaco-editor/features/comment/register'
import 'monaco-editor/features/contextmenu/register'
import 'monaco-editor/features/find/register'
import 'monaco-editor/features/folding/register'
import 'monaco-editor/features/format/register'
import 'monaco-editor/features/hover/register'
import 'monaco-editor/features/linesOperations/register'
import 'monaco-editor/features/multicursor/register'
import 'monaco-editor/features/suggest/register'
// The suggest register above only brings inline completions; the completion list lives here.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController'
import 'monaco-editor/features/wordOperations/register'
import 'monaco-editor/languages/definitions/pgsql/register'
import editorWorkerLocalUrl from 'monaco-editor/editor/editor.worker?worker&url'
import { editorWorkerUrl, workerBootstrap } from '../../lib/editor-assets'
import { settings } from '../../lib/settings'

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker: (moduleId: string, label: string) => Worker }
  }
}

function startEditorWorker(): Worker {
  const { url, inline } = workerBootstrap(editorWorkerUrl(editorWorkerLocalUrl, settings.editorAssetsUrl, location.href), location.href)
  return new Worker(inline ? URL.createObjectURL(new Blob([url], { type: 'text/javascript' })) : url, { type: 'module', name: 'editor.worker' })
}

window.MonacoEnvironment = { getWorker: startEditorWorker }

/** Monaco's theme for the dashboard's: light or dark. */
export function monacoTheme(): string {
  return document.documentElement.dataset.theme === 'light' ? 'vs' : 'vs-dark'
}

/** What every editor of the dashboard shares, the SQL editor's and the GraphQL explorer's alike: its theme and type size, no minimap. */
export function dashboardEditorOptions(): monaco.editor.IStandaloneEditorConstructionOptions {
  return {
    theme: monacoTheme(),
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 13,
    scrollBeyondLastLine: false,
    tabSize: 2,
  }
}

/** Keeps every editor on the dashboard's theme as it changes; returns the stop. */
export function followDashboardTheme(): () => void {
  const observer = new MutationObserver(() => monaco.editor.setTheme(monacoTheme()))
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

export { monaco }
export type Monaco = typeof monaco
