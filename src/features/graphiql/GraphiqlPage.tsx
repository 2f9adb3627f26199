import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { buildClientSchema, parse, print } from 'graphql'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { graphqlIntrospectionQuery, graphqlRoleTokenQuery, postGraphql } from '../../api/queries/graphql'
import { queryKeys } from '../../api/queries/keys'
import { GRAPHQL_MESSAGE, PERMISSION_MESSAGE, PERMISSION_RESOURCES } from '../../constants'
import { graphqlRolesFor, type ApiRole } from '../../lib/graphql-token'
import { MODIFIER_LABEL } from '../../lib/keyboard'
import { Button } from '../../ui/button'
import { inputClass, ValueOptions } from '../../ui/field'
import { showToast } from '../../ui/toast'
import { CodePane, type CodePaneHandle } from './CodePane'
import { clearHistory, readHistory, recordRun, type HistoryEntry } from './history-store'
import { ExplorerSidePanel, type SidePanelKind } from './ExplorerSidePanel'
import { headerAuthorization, operationAt, parseHeaders, parseVariables, requestHeaders, starterQuery } from './request-parts'
import { ResultPane, type RunOutcome } from './ResultPane'
import { errorMessage } from '../../lib/error-message'
import { useDatabaseWritePermission } from '../database'

const toolbarClass = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', px: '4', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' })
const paneBorder = css({ borderLeftWidth: { base: '0', lg: '1px' }, borderTopWidth: { base: '1px', lg: '0' }, borderColor: 'border.default' })
const tabClass = css({ px: '3', h: '8', fontSize: 'xs', color: 'fg.muted', borderBottomWidth: '2px', borderColor: 'transparent', cursor: 'pointer', '&[aria-selected=true]': { color: 'fg.default', borderColor: 'accent.default' } })

type BottomTab = 'variables' | 'headers'

/**
 * /project/{ref}/api/graphiql and /project/{ref}/database/graphiql (SPEC §2): the GraphQL explorer.
 *
 * The explorer: a query editor checked against the schema the endpoint introspects for the chosen
 * role, variables and headers, a run (⌘/Ctrl+Enter), its answer, the schema's docs and the
 * project's past runs. It runs as the role picked, with a token the platform signs for it (or the
 * token the headers give). The server decides what a member may take (SPEC §6): one who may only
 * read runs read-only, as anon or authenticated, and the picker offers just those.
 */
export function GraphiqlScreen({ projectRef: ref }: { projectRef: string }) {
  const queryClient = useQueryClient()
  const [history, setHistory] = useState<HistoryEntry[]>(() => readHistory(ref))
  const latest = history[0]
  const writePermission = useDatabaseWritePermission(ref, PERMISSION_RESOURCES.sql, PERMISSION_MESSAGE.runGraphqlAsServiceRole)
  const roles = graphqlRolesFor(writePermission.allowed)
  const [picked, setPicked] = useState<ApiRole | null>(latest?.role ?? null)
  // A role the member may not take (a past run's, from when they could) falls back to their highest.
  const role = picked !== null && roles.includes(picked) ? picked : roles[roles.length - 1]!
  const [variablesText, setVariablesText] = useState(latest?.variables ?? '')
  const [headersText, setHeadersText] = useState('')
  const [bottomTab, setBottomTab] = useState<BottomTab>('variables')
  const [panel, setPanel] = useState<SidePanelKind | null>('docs')
  const [outcome, setOutcome] = useState<RunOutcome | null>(null)
  const queryText = useRef(latest?.query ?? '')
  const editors = useRef<Partial<Record<'query' | BottomTab, CodePaneHandle>>>({})

  const headers = useMemo(() => parseHeaders(headersText), [headersText])
  const override = headers.value ? headerAuthorization(headers.value) : null
  const caller = override === null ? role : `token:${override}`
  /** The headers of a call: the user's, with the platform's token for the role unless they carry their own. */
  const headersFor = useCallback(
    async (user: Readonly<Record<string, string>>) => requestHeaders(headerAuthorization(user) === null ? await queryClient.fetchQuery(graphqlRoleTokenQuery(ref, role)) : null, user),
    [queryClient, ref, role],
  )
  const introspection = useQuery({
    ...graphqlIntrospectionQuery(ref, caller, () => headersFor(headers.value ?? {})),
    // Which role is this member's to take is known once their permissions are.
    enabled: headers.error === undefined && !writePermission.loading,
  })
  const built = useMemo(() => {
    if (!introspection.data) return { schema: null, problem: null }
    try {
      return { schema: buildClientSchema(introspection.data), problem: null }
    } catch (error) {
      return { schema: null, problem: errorMessage(error) }
    }
  }, [introspection.data])

  // An empty editor gets a first query once the schema says what there is to ask.
  useEffect(() => {
    if (introspection.data && queryText.current.trim() === '') editors.current.query?.setValue(starterQuery(introspection.data))
  }, [introspection.data])

  const run = useMutation({
    mutationFn: async (request: { query: string; variables: Record<string, unknown>; operationName: string | null; headers: Record<string, string> }) => {
      const sent = await headersFor(request.headers)
      const started = performance.now()
      const answer = await postGraphql(ref, { query: request.query, variables: request.variables, operationName: request.operationName }, sent)
      return { answer, ms: performance.now() - started }
    },
  })

  const runNow = useCallback(() => {
    const query = editors.current.query?.getValue() ?? queryText.current
    const variablesRaw = editors.current.variables?.getValue() ?? variablesText
    const variables = parseVariables(variablesRaw)
    const userHeaders = parseHeaders(editors.current.headers?.getValue() ?? headersText)
    if (variables.error !== undefined || userHeaders.error !== undefined) {
      setOutcome({ kind: 'refused', message: (variables.error ?? userHeaders.error)! })
      return
    }
    const operation = operationAt(query, editors.current.query?.cursorOffset() ?? 0)
    run.mutate(
      { query, variables: variables.value, operationName: operation?.name ?? null, headers: userHeaders.value },
      {
        onSuccess: ({ answer, ms }) => {
          setOutcome({ kind: 'answer', answer, ms })
          const entry = { id: crypto.randomUUID(), query, variables: variablesRaw, operationName: operation?.name ?? null, role, ranAt: Date.now() }
          if (!recordRun(ref, entry)) showToast('error', 'This browser refused to keep the run in its history.')
          setHistory(readHistory(ref))
          // A mutation changed rows: the table editor reads them afresh.
          if (operation?.kind === 'mutation' && answer.data) void queryClient.invalidateQueries({ queryKey: queryKeys.tableEntities(ref) })
        },
        onError: (error) => setOutcome({ kind: 'refused', message: errorMessage(error) }),
      },
    )
  }, [run, role, ref, variablesText, headersText, queryClient])

  const prettify = () => {
    const editor = editors.current.query
    if (!editor) return
    try {
      editor.setValue(print(parse(editor.getValue())))
    } catch (error) {
      showToast('error', `The query does not parse: ${errorMessage(error)}`)
    }
  }

  const openRun = (entry: HistoryEntry) => {
    editors.current.query?.setValue(entry.query)
    editors.current.variables?.setValue(entry.variables)
    setVariablesText(entry.variables)
    setPicked(entry.role)
  }

  const togglePanel = (kind: SidePanelKind) => setPanel((current) => (current === kind ? null : kind))

  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' })}>
      <header className={toolbarClass}>
        <div className={css({ mr: 'auto', minW: '0' })}>
          <h1 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>GraphiQL</h1>
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>The project’s GraphQL API. What runs, runs as the role below: its grants and row-level security decide.</p>
        </div>
        <label className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
          Role
          <select
            className={cx(inputClass, css({ w: 'auto', h: '8' }))}
            value={role}
            disabled={override !== null}
            title={override !== null ? 'The x-graphql-authorization header decides the role' : undefined}
            onChange={(event) => setPicked(event.target.value as ApiRole)}
          >
            <ValueOptions values={roles} />
          </select>
        </label>
        <Button variant="primary" onClick={runNow} loading={run.isPending} aria-keyshortcuts="Control+Enter Meta+Enter">
          Run <span className={css({ fontSize: 'xs' })}>{MODIFIER_LABEL}↵</span>
        </Button>
        <Button onClick={prettify}>Prettify</Button>
        <Button aria-pressed={panel === 'docs'} onClick={() => togglePanel('docs')}>
          Docs
        </Button>
        <Button aria-pressed={panel === 'history'} onClick={() => togglePanel('history')}>
          History
        </Button>
      </header>
      {!writePermission.allowed && !writePermission.loading && writePermission.error === null ? (
        <p role="note" className={css({ px: '4', py: '1.5', fontSize: 'xs', bg: 'info.subtle', color: 'fg.muted' })}>
          {GRAPHQL_MESSAGE.readOnlyExplorer}
        </p>
      ) : null}
      {override !== null ? (
        <p role="note" className={css({ px: '4', py: '1.5', fontSize: 'xs', bg: 'info.subtle', color: 'fg.muted' })}>
          The x-graphql-authorization header in Headers decides the role, not the picker.
        </p>
      ) : null}
      <div className={css({ flex: '1', minH: '0', display: 'flex', flexDir: { base: 'column', lg: 'row' } })}>
        <section aria-label="Request" className={css({ flex: '1', minW: '0', minH: '64', display: 'flex', flexDir: 'column' })}>
          <CodePane
            language="graphql"
            label="Query editor"
            initialValue={queryText.current}
            schema={built.schema}
            onChange={(text) => (queryText.current = text)}
            onRun={runNow}
            onReady={(handle) => (editors.current.query = handle)}
          />
          <div className={css({ h: '44', flexShrink: '0', display: 'flex', flexDir: 'column', borderTopWidth: '1px', borderColor: 'border.default' })}>
            <div role="tablist" aria-label="Variables and headers" className={css({ display: 'flex', px: '2', borderBottomWidth: '1px', borderColor: 'border.default' })}>
              {(['variables', 'headers'] as const).map((tab) => (
                <button key={tab} type="button" role="tab" id={`graphiql-tab-${tab}`} aria-controls={`graphiql-panel-${tab}`} aria-selected={bottomTab === tab} className={tabClass} onClick={() => setBottomTab(tab)}>
                  {tab === 'variables' ? 'Variables' : 'Headers'}
                </button>
              ))}
            </div>
            {(['variables', 'headers'] as const).map((tab) => (
              <div key={tab} role="tabpanel" id={`graphiql-panel-${tab}`} aria-labelledby={`graphiql-tab-${tab}`} hidden={bottomTab !== tab} className={css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column', '&[hidden]': { display: 'none' } })}>
                <CodePane
                  language="json"
                  label={tab === 'variables' ? 'Variables editor' : 'Headers editor'}
                  placeholder={tab === 'variables' ? '{ "first": 10 }' : '{ "x-graphql-authorization": "Bearer <a user\'s JWT>" }'}
                  initialValue={tab === 'variables' ? variablesText : headersText}
                  onChange={tab === 'variables' ? setVariablesText : setHeadersText}
                  onRun={runNow}
                  onReady={(handle) => (editors.current[tab] = handle)}
                />
              </div>
            ))}
          </div>
        </section>
        <div className={cx(paneBorder, css({ flex: '1', minW: '0', minH: '48', display: 'flex', flexDir: 'column' }))}>
          <ResultPane outcome={outcome} running={run.isPending} />
        </div>
        {panel ? (
          <ExplorerSidePanel
            kind={panel}
            className={paneBorder}
            schema={built.schema}
            schemaProblem={headers.error ?? built.problem ?? (introspection.error ? introspection.error.message : null)}
            schemaLoading={introspection.isPending && headers.error === undefined}
            onRefreshSchema={() => void introspection.refetch()}
            history={history}
            onOpenRun={openRun}
            onClearHistory={() => {
              clearHistory(ref)
              setHistory([])
            }}
            onClose={() => setPanel(null)}
          />
        ) : null}
      </div>
    </div>
  )
}
