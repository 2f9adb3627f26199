import type { GraphQLSchema } from 'graphql'
import type { editor } from 'monaco-editor/editor/editor.api'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { GRAPHQL_CHECK_DELAY_MS } from '../../constants'
import { EditorFrame } from '../../ui/editor-frame'
import { attachSchema, GRAPHQL_LANGUAGE, JSON_LANGUAGE, loadGraphqlMonaco, markGraphqlProblems } from './graphql-language'

export interface CodePaneHandle {
  setValue: (text: string) => void
  getValue: () => string
  /** Where the cursor is, as an offset into the text. */
  cursorOffset: () => number
  focus: () => void
}

/**
 * One of the explorer's editors on our Monaco: the query (GraphQL, checked against `schema`), or
 * variables and headers (JSON). ⌘/Ctrl+Enter runs from any of them.
 */
export function CodePane({
  language,
  label,
  placeholder,
  initialValue,
  schema = null,
  onChange,
  onRun,
  onReady,
}: {
  language: 'graphql' | 'json'
  label: string
  /** Shown while the editor is empty. */
  placeholder?: string
  initialValue: string
  schema?: GraphQLSchema | null
  onChange: (text: string) => void
  onRun: () => void
  onReady?: (handle: CodePaneHandle) => void
}) {
  const host = useRef<HTMLDivElement>(null)
  const [loading, setLoading] = useState(true)
  const callbacks = useRef({ onChange, onRun, onReady })
  callbacks.current = { onChange, onRun, onReady }
  const currentSchema = useRef(schema)
  const recheck = useRef<(() => void) | null>(null)

  useEffect(() => {
    currentSchema.current = schema
    recheck.current?.()
  }, [schema])

  useEffect(() => {
    let disposed = false
    let instance: editor.IStandaloneCodeEditor | undefined
    let stopTheme: (() => void) | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    void loadGraphqlMonaco().then(({ monaco, dashboardEditorOptions, followDashboardTheme }) => {
      if (disposed || !host.current) return
      instance = monaco.editor.create(host.current, {
        ...dashboardEditorOptions(),
        value: initialValue,
        language: language === 'graphql' ? GRAPHQL_LANGUAGE : JSON_LANGUAGE,
        lineNumbers: language === 'graphql' ? 'on' : 'off',
        fixedOverflowWidgets: true,
        renderLineHighlight: language === 'graphql' ? 'line' : 'none',
        // Monaco dims the line after a final newline below readable contrast.
        renderFinalNewline: 'on',
        placeholder,
        ariaLabel: label,
      })
      const model = instance.getModel()!
      if (language === 'graphql') {
        attachSchema(model, () => currentSchema.current)
        recheck.current = () => markGraphqlProblems(monaco, model)
        recheck.current()
      }
      instance.onDidChangeModelContent(() => {
        callbacks.current.onChange(instance!.getValue())
        clearTimeout(timer)
        timer = setTimeout(() => recheck.current?.(), GRAPHQL_CHECK_DELAY_MS)
      })
      instance.addAction({ id: 'studio.graphql.run', label: 'Run', keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter], run: () => callbacks.current.onRun() })
      stopTheme = followDashboardTheme()
      callbacks.current.onReady?.({
        setValue: (text) => instance!.setValue(text),
        getValue: () => instance!.getValue(),
        cursorOffset: () => model.getOffsetAt(instance!.getPosition() ?? { lineNumber: 1, column: 1 }),
        focus: () => instance!.focus(),
      })
      setLoading(false)
    })
    return () => {
      disposed = true
      clearTimeout(timer)
      recheck.current = null
      stopTheme?.()
      instance?.getModel()?.dispose()
      instance?.dispose()
    }
    // The editor is created once per mount; its text belongs to it afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <EditorFrame
      host={host}
      loading={loading}
      testId={`graphiql-${label.toLowerCase().replaceAll(' ', '-')}`}
      // Monaco's placeholder grey is below readable contrast on both themes.
      hostClassName={css({ '& .editorPlaceholder': { color: 'fg.subtle !important' } })}
    />
  )
}
