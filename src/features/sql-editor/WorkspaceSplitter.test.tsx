import { fireEvent, render, screen } from '@testing-library/react'
import { useRef, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { RESULTS_SHARE_DEFAULT, RESULTS_SHARE_MAX } from './workspace-split'
import { WorkspaceSplitter } from './WorkspaceSplitter'

function Workspace({ onCommit }: { onCommit: (share: number) => void }) {
  const box = useRef<HTMLDivElement>(null)
  const [share, setShare] = useState(RESULTS_SHARE_DEFAULT)
  return (
    <div ref={box}>
      <WorkspaceSplitter container={box} share={share} onChange={setShare} onCommit={onCommit} />
    </div>
  )
}

describe('the bar between the SQL editor and its results', () => {
  it('moves with the arrow keys, Home and End, and keeps each move', () => {
    const onCommit = vi.fn()
    render(<Workspace onCommit={onCommit} />)
    const bar = screen.getByRole('separator', { name: 'Resize the editor and the results' })
    expect(bar.getAttribute('aria-valuenow')).toBe('45')
    fireEvent.keyDown(bar, { key: 'ArrowUp' })
    expect(bar.getAttribute('aria-valuenow')).toBe('50')
    fireEvent.keyDown(bar, { key: 'Home' })
    expect(bar.getAttribute('aria-valuenow')).toBe('85')
    expect(onCommit).toHaveBeenLastCalledWith(RESULTS_SHARE_MAX)
    fireEvent.doubleClick(bar)
    expect(bar.getAttribute('aria-valuenow')).toBe('45')
  })

  it('follows a drag: the results take the height below the pointer, kept when the drag ends', () => {
    const onCommit = vi.fn()
    const { container } = render(<Workspace onCommit={onCommit} />)
    vi.spyOn(container.firstElementChild!, 'getBoundingClientRect').mockReturnValue({ top: 100, bottom: 900, height: 800 } as DOMRect)
    const bar = screen.getByRole('separator')
    bar.setPointerCapture = () => {}
    fireEvent.pointerDown(bar, { pointerId: 1, clientY: 540 })
    fireEvent.pointerMove(bar, { pointerId: 1, clientY: 500 })
    expect(bar.getAttribute('aria-valuenow')).toBe('50')
    expect(onCommit).not.toHaveBeenCalled()
    fireEvent.pointerUp(bar, { pointerId: 1, clientY: 300 })
    expect(onCommit).toHaveBeenCalledWith(0.75)
  })
})
