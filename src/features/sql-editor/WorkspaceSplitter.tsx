import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react'
import { css } from 'styled-system/css'
import { clampResultsShare, RESULTS_SHARE_DEFAULT, RESULTS_SHARE_MAX, RESULTS_SHARE_MIN } from './workspace-split'

const KEY_STEP = 0.05

/**
 * The bar between the SQL editor and its results: dragged, or moved with the arrow keys (Home and
 * End to the ends), it sets the results' share of `container`'s height; a double click restores the
 * default. `onCommit` keeps the share once a drag or a key press ends.
 */
export function WorkspaceSplitter({
  container,
  share,
  onChange,
  onCommit,
}: {
  container: RefObject<HTMLElement | null>
  share: number
  onChange: (share: number) => void
  onCommit: (share: number) => void
}) {
  const dragging = useRef(false)
  const latest = useRef(share)
  latest.current = share

  const shareAt = (clientY: number) => {
    const box = container.current?.getBoundingClientRect()
    return box && box.height > 0 ? clampResultsShare((box.bottom - clientY) / box.height) : latest.current
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next =
      event.key === 'ArrowUp' ? share + KEY_STEP : event.key === 'ArrowDown' ? share - KEY_STEP : event.key === 'Home' ? RESULTS_SHARE_MAX : event.key === 'End' ? RESULTS_SHARE_MIN : null
    if (next === null) return
    event.preventDefault()
    const clamped = clampResultsShare(next)
    onChange(clamped)
    onCommit(clamped)
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a focusable separator is a widget (WAI-ARIA window splitter pattern): it takes the focus and the arrow keys
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the editor and the results"
      aria-valuemin={Math.round(RESULTS_SHARE_MIN * 100)}
      aria-valuemax={Math.round(RESULTS_SHARE_MAX * 100)}
      aria-valuenow={Math.round(share * 100)}
      aria-valuetext={`Results ${Math.round(share * 100)}% of the height`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the splitter's focus stop, as above
      tabIndex={0}
      className={splitterClass}
      onKeyDown={onKeyDown}
      onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
        event.preventDefault()
        dragging.current = true
        event.currentTarget.setPointerCapture(event.pointerId)
      }}
      onPointerMove={(event) => {
        if (dragging.current) onChange(shareAt(event.clientY))
      }}
      onPointerUp={(event) => {
        if (!dragging.current) return
        dragging.current = false
        onCommit(shareAt(event.clientY))
      }}
      onDoubleClick={() => {
        onChange(RESULTS_SHARE_DEFAULT)
        onCommit(RESULTS_SHARE_DEFAULT)
      }}
    />
  )
}

const splitterClass = css({
  flexShrink: '0',
  h: '1.5',
  mt: '-0.75',
  mb: '-0.75',
  position: 'relative',
  zIndex: '1',
  cursor: 'row-resize',
  touchAction: 'none',
  outline: 'none',
  _after: { content: '""', position: 'absolute', left: '0', right: '0', top: '50%', h: '1px', bg: 'border.default' },
  _hover: { _after: { h: '2px', bg: 'accent.default' } },
  _focusVisible: { _after: { h: '2px', bg: 'accent.default' } },
})
