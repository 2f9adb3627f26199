import type { GraphQLSchema } from 'graphql'
import { css, cx } from 'styled-system/css'
import { sidePanel } from 'styled-system/recipes'
import { Button } from '../../ui/button'
import { IconButton } from '../../ui/icon-button'
import { sidePanelNoteClass } from '../../ui/side-panel'
import { LoadingState } from '../../ui/states'
import { HistoryList } from './HistoryList'
import type { HistoryEntry } from './history-store'
import { SchemaDocs } from './SchemaDocs'

export type SidePanelKind = 'docs' | 'history'

/** The explorer's right-hand panel: the schema's docs or the project's past runs. */
export function ExplorerSidePanel({
  kind,
  className,
  schema,
  schemaProblem,
  schemaLoading,
  onRefreshSchema,
  history,
  onOpenRun,
  onClearHistory,
  onClose,
}: {
  kind: SidePanelKind
  className?: string
  schema: GraphQLSchema | null
  schemaProblem: string | null
  schemaLoading: boolean
  onRefreshSchema: () => void
  history: readonly HistoryEntry[]
  onOpenRun: (entry: HistoryEntry) => void
  onClearHistory: () => void
  onClose: () => void
}) {
  const title = kind === 'docs' ? 'Schema docs' : 'History'
  return (
    <aside aria-label={title} className={cx(className, sidePanel({ size: { lg: 'tiny' } }), css({ flexShrink: '0', minH: '48', display: 'flex', flexDir: 'column', bg: 'bg.surface' }))}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '1', px: '3', h: '9', borderBottomWidth: '1px', borderColor: 'border.default' })}>
        <h2 className={css({ fontSize: 'xs', fontWeight: 'medium', mr: 'auto' })}>{title}</h2>
        {kind === 'docs' ? (
          <Button size="sm" variant="ghost" onClick={onRefreshSchema}>
            Reload schema
          </Button>
        ) : null}
        <IconButton glyph="×" label={`Close ${title.toLowerCase()}`} size="sm" variant="ghost" onClick={onClose} />
      </div>
      {kind === 'history' ? (
        <HistoryList entries={history} onOpen={onOpenRun} onClear={onClearHistory} />
      ) : schemaProblem ? (
        <p role="alert" className={cx(sidePanelNoteClass, css({ color: 'danger.default', whiteSpace: 'pre-wrap' }))}>
          The schema could not be read: {schemaProblem}
        </p>
      ) : schema ? (
        <SchemaDocs schema={schema} />
      ) : schemaLoading ? (
        <LoadingState label="Reading the schema…" />
      ) : null}
    </aside>
  )
}
