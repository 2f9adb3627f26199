import { X } from 'lucide-react'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { glyphButton } from '../../ui/glyph-button'
import type { SnippetItem } from './use-snippet-actions'

/** The snippets open in a project's SQL editor, as tabs: one opens it, its × (or a middle click) closes it. */
export function SnippetTabs({
  projectRef,
  ids,
  activeId,
  items,
  onClose,
}: {
  projectRef: string
  ids: readonly string[]
  activeId: string | null
  items: ReadonlyMap<string, SnippetItem>
  onClose: (id: string) => void
}) {
  if (ids.length === 0) return null
  return (
    <nav aria-label="Open snippets" className={stripClass}>
      {ids.map((id) => {
        const name = items.get(id)?.name ?? 'Untitled query'
        const active = id === activeId
        return (
          <div
            key={id}
            className={tabClass}
            data-active={active || undefined}
            onAuxClick={(event) => {
              if (event.button !== 1) return
              event.preventDefault()
              onClose(id)
            }}
          >
            <Link href={`/project/${projectRef}/sql/${id}`} aria-current={active ? 'page' : undefined} className={linkClass} title={name}>
              {name}
            </Link>
            <button type="button" aria-label={`Close ${name}`} title="Close" className={closeClass} onClick={() => onClose(id)}>
              <X size={12} aria-hidden />
            </button>
          </div>
        )
      })}
    </nav>
  )
}

const stripClass = css({
  display: 'flex',
  alignItems: 'stretch',
  overflowX: 'auto',
  flexShrink: '0',
  bg: 'bg.muted',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  scrollbarWidth: 'thin',
})
const tabClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5',
  maxW: '56',
  flexShrink: '0',
  pl: '3',
  pr: '1',
  h: '9',
  fontSize: 'sm',
  color: 'fg.muted',
  borderRightWidth: '1px',
  borderColor: 'border.default',
  '&[data-active]': { bg: 'bg.surface', color: 'fg.default', boxShadow: 'inset 0 -2px 0 token(colors.accent.default)' },
  _hover: { color: 'fg.default' },
})
const linkClass = css({
  minW: '0',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
})
const closeClass = glyphButton({ size: 'xs' })
