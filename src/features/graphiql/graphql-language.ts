/**
 * GraphQL in our one Monaco: the grammar Monaco ships, and completion, hover and diagnostics from
 * graphql-language-service against the schema the endpoint introspected. monaco-graphql would do
 * the same but pins Monaco below ours (and brings a worker); these three providers are all it is.
 * Variables and headers get a small JSON grammar (Monaco's JSON support needs a worker of its own).
 */
import type { GraphQLSchema } from 'graphql'
import { getAutocompleteSuggestions, getDiagnostics, getHoverInformation, Position } from 'graphql-language-service'
import type { editor, IDisposable } from 'monaco-editor/editor/editor.api'
import { loadMonaco } from '../sql-editor'

type MonacoModule = Awaited<ReturnType<typeof loadMonaco>>
type Monaco = MonacoModule['monaco']

export const GRAPHQL_LANGUAGE = 'graphql'
export const JSON_LANGUAGE = 'studio-json'

// The schema each query editor's model is checked against; providers are global per language.
const schemas = new WeakMap<editor.ITextModel, () => GraphQLSchema | null>()

export function attachSchema(model: editor.ITextModel, schema: () => GraphQLSchema | null): void {
  schemas.set(model, schema)
}

/** graphql-language-service speaks LSP's completion kinds (1-based, by name); Monaco has its own numbers. */
const LSP_KIND_NAMES = [
  '',
  'Text',
  'Method',
  'Function',
  'Constructor',
  'Field',
  'Variable',
  'Class',
  'Interface',
  'Module',
  'Property',
  'Unit',
  'Value',
  'Enum',
  'Keyword',
  'Snippet',
  'Color',
  'File',
  'Reference',
  'Folder',
  'EnumMember',
  'Constant',
  'Struct',
  'Event',
  'Operator',
  'TypeParameter',
] as const

const toPosition = (position: { lineNumber: number; column: number }) => new Position(position.lineNumber - 1, position.column - 1)

function registerProviders(monaco: Monaco): IDisposable[] {
  const kinds = monaco.languages.CompletionItemKind
  const kindOf = (lsp: number | undefined) => {
    const name = LSP_KIND_NAMES[lsp ?? 1] ?? 'Text'
    return (kinds as unknown as Record<string, number>)[name] ?? kinds.Text
  }
  return [
    monaco.languages.registerCompletionItemProvider(GRAPHQL_LANGUAGE, {
      triggerCharacters: [' ', '(', '{', ':', '$', '@', '\n'],
      provideCompletionItems(model, position) {
        const schema = schemas.get(model)?.()
        if (!schema) return { suggestions: [] }
        const word = model.getWordUntilPosition(position)
        const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn }
        const items = getAutocompleteSuggestions(schema, model.getValue(), toPosition(position))
        return {
          suggestions: items.map((item) => ({
            label: item.label,
            kind: kindOf(item.kind),
            detail: item.detail ?? (item.type ? String(item.type) : undefined),
            documentation: item.documentation ?? undefined,
            insertText: item.insertText ?? item.label,
            insertTextRules: item.insertTextFormat === 2 ? monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet : undefined,
            tags: item.isDeprecated ? [monaco.languages.CompletionItemTag.Deprecated] : undefined,
            range,
          })),
        }
      },
    }),
    monaco.languages.registerHoverProvider(GRAPHQL_LANGUAGE, {
      provideHover(model, position) {
        const schema = schemas.get(model)?.()
        if (!schema) return null
        const contents = getHoverInformation(schema, model.getValue(), toPosition(position))
        const text = typeof contents === 'string' ? contents : Array.isArray(contents) ? contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n\n') : contents.value
        return text ? { contents: [{ value: '```graphql\n' + text + '\n```' }] } : null
      },
    }),
    monaco.languages.setMonarchTokensProvider(JSON_LANGUAGE, {
      tokenizer: {
        root: [
          [/"(?:[^"\\]|\\.)*"(?=\s*:)/, 'type'],
          [/"(?:[^"\\]|\\.)*"/, 'string'],
          [/-?\d+(\.\d+)?([eE][-+]?\d+)?/, 'number'],
          [/\b(true|false|null)\b/, 'keyword'],
          [/[{}[\],:]/, 'delimiter'],
        ],
      },
    }),
  ]
}

/** Marks what does not parse or validate, where it is (Monaco counts from 1, the language service from 0). */
export function markGraphqlProblems(monaco: Monaco, model: editor.ITextModel): void {
  // An empty editor is not an error (it is about to be filled, or the user is about to type).
  const text = model.getValue()
  const diagnostics = text.trim() === '' ? [] : getDiagnostics(text, schemas.get(model)?.() ?? undefined)
  const severities = [monaco.MarkerSeverity.Error, monaco.MarkerSeverity.Error, monaco.MarkerSeverity.Warning, monaco.MarkerSeverity.Info, monaco.MarkerSeverity.Hint]
  monaco.editor.setModelMarkers(
    model,
    'graphql',
    diagnostics.map((d) => ({
      severity: severities[d.severity ?? 1] ?? monaco.MarkerSeverity.Error,
      message: typeof d.message === 'string' ? d.message : d.message.value,
      startLineNumber: d.range.start.line + 1,
      startColumn: d.range.start.character + 1,
      endLineNumber: d.range.end.line + 1,
      endColumn: d.range.end.character + 1,
    })),
  )
}

let loading: Promise<MonacoModule> | null = null

/** Our Monaco with GraphQL and the JSON grammar registered, once. */
export function loadGraphqlMonaco(): Promise<MonacoModule> {
  loading ??= (async () => {
    const module = await loadMonaco()
    await Promise.all([import('monaco-editor/languages/definitions/graphql/register'), import('monaco-editor/features/placeholderText/register')])
    module.monaco.languages.register({ id: JSON_LANGUAGE })
    registerProviders(module.monaco)
    return module
  })()
  return loading
}
