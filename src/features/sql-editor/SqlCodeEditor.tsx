import { useEffect, useRef, useState } from 'react'
import type { editor } from 'monaco-editor/editor/editor.api'
import { EditorFrame } from '../../ui/editor-frame'
import { catalogSuggestions, type CatalogColumn } from '../../lib/sql/completion'
import type * as MonacoModule from './monaco'

export interface SqlCodeEditorHandle {
  markError: (offset: number | undefined, message: string) => void
  clearMarks: () => void
  format: (formatter: (sql: string) => string) => void
  focus: () => void
  /** Puts text at the cursor (replacing the selection) as one undoable edit. */
  insert: (text: string) => void
  /** What Explain measures: the selection, or the whole text and where the cursor stands in it. */
  explainTarget: () => { text: string; offset: number }
}

/**
 * Monaco for PostgreSQL, loaded on first render of this route only. ⌘/Ctrl+Enter runs the selection,
 * or the whole text when nothing is selected, reporting where that text starts.
 */
export function SqlCodeEditor({
  initialValue,
  onChange,
  onRun,
  onExplain,
  onReady,
  loadCatalog,
  label = 'SQL editor',
}: {
  initialValue: string
  onChange: (sql: string) => void
  onRun: (sql: string, offset: number) => void
  /** ⌘/Ctrl+Shift+Enter: Explain (the handle's explainTarget says what). */
  onExplain?: () => void
  onReady: (handle: SqlCodeEditorHandle) => void
  /** The project's columns, for completion; read once when the editor opens. */
  loadCatalog?: () => Promise<CatalogColumn[]>
  /** The editor's accessible name. */
  label?: string
}) {
  const host = useRef<HTMLDivElement>(null)
  const [loading, setLoading] = useState(true)
  // The latest callbacks, so the editor, created once, never calls stale ones.
  const callbacks = useRef({ onChange, onRun, onExplain, onReady })
  callbacks.current = { onChange, onRun, onExplain, onReady }

  useEffect(() => {
    let disposed = false
    let instance: editor.IStandaloneCodeEditor | undefined
    let stopFollowingTheme: (() => void) | undefined
    let completion: { dispose: () => void } | undefined
    const catalog = loadCatalog?.().catch((error: unknown) => {
      console.warn('Could not read the catalog for completion', error)
      return [] as CatalogColumn[]
    })
    void import('./monaco').then(({ monaco, dashboardEditorOptions, followDashboardTheme }: typeof MonacoModule) => {
      if (disposed || !host.current) return
      instance = monaco.editor.create(host.current, {
        ...dashboardEditorOptions(),
        value: initialValue,
        language: 'pgsql',
        ariaLabel: label,
      })
      const model = instance.getModel()!
      instance.onDidChangeModelContent(() => callbacks.current.onChange(instance!.getValue()))
      instance.addAction({
        id: 'studio.run',
        label: 'Run SQL',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
        run: (ed) => {
          const selection = ed.getSelection()
          if (selection && !selection.isEmpty()) {
            callbacks.current.onRun(model.getValueInRange(selection), model.getOffsetAt(selection.getStartPosition()))
          } else callbacks.current.onRun(model.getValue(), 0)
        },
      })
      instance.addAction({
        id: 'studio.explain',
        label: 'Explain (EXPLAIN ANALYZE, rolled back)',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.Enter],
        run: () => callbacks.current.onExplain?.(),
      })
      if (catalog) {
        const kinds = {
          schema: monaco.languages.CompletionItemKind.Module,
          table: monaco.languages.CompletionItemKind.Struct,
          column: monaco.languages.CompletionItemKind.Field,
        }
        completion = monaco.languages.registerCompletionItemProvider('pgsql', {
          triggerCharacters: ['.'],
          async provideCompletionItems(target, position) {
            if (target !== model) return { suggestions: [] }
            const before = target.getValueInRange({
              startLineNumber: position.lineNumber,
              startColumn: 1,
              endLineNumber: position.lineNumber,
              endColumn: position.column,
            })
            const word = target.getWordUntilPosition(position)
            const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn }
            return {
              suggestions: catalogSuggestions(await catalog, before).map((s) => ({
                label: s.label,
                kind: kinds[s.kind],
                detail: s.detail,
                insertText: s.label,
                range,
              })),
            }
          },
        })
      }
      stopFollowingTheme = followDashboardTheme()
      callbacks.current.onReady({
        markError(offset, message) {
          if (offset === undefined) return monaco.editor.setModelMarkers(model, 'studio', [])
          const start = model.getPositionAt(offset)
          const word = model.getWordAtPosition(start)
          monaco.editor.setModelMarkers(model, 'studio', [
            {
              severity: monaco.MarkerSeverity.Error,
              message,
              startLineNumber: start.lineNumber,
              startColumn: start.column,
              endLineNumber: start.lineNumber,
              endColumn: word ? word.endColumn : start.column + 1,
            },
          ])
          instance!.revealPositionInCenterIfOutsideViewport(start)
        },
        clearMarks: () => monaco.editor.setModelMarkers(model, 'studio', []),
        format(formatter) {
          const formatted = formatter(model.getValue())
          instance!.executeEdits('format', [{ range: model.getFullModelRange(), text: formatted }])
        },
        focus: () => instance!.focus(),
        explainTarget() {
          const selection = instance!.getSelection()
          if (selection && !selection.isEmpty()) return { text: model.getValueInRange(selection), offset: 0 }
          const cursor = instance!.getPosition()
          return { text: model.getValue(), offset: cursor ? model.getOffsetAt(cursor) : 0 }
        },
        insert(text) {
          const selection = instance!.getSelection() ?? model.getFullModelRange().collapseToEnd()
          // A statement goes on its own line: after what is there, separated by a blank line.
          const before = model.getValueInRange({
            startLineNumber: 1,
            startColumn: 1,
            endLineNumber: selection.startLineNumber,
            endColumn: selection.startColumn,
          })
          const separator = before.trim() === '' || !selection.isEmpty() ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
          instance!.executeEdits('assistant', [{ range: selection, text: `${separator}${text}`, forceMoveMarkers: true }])
          instance!.pushUndoStop()
          instance!.focus()
        },
      })
      // Ready to type, unless the user already went elsewhere (a menu, the search box) while it loaded.
      const active = document.activeElement
      if (!active || active === document.body) instance.focus()
      setLoading(false)
    })
    return () => {
      disposed = true
      stopFollowingTheme?.()
      completion?.dispose()
      instance?.getModel()?.dispose()
      instance?.dispose()
    }
    // The editor is created once per mount; the text afterwards belongs to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return <EditorFrame host={host} loading={loading} testId="sql-editor" />
}
