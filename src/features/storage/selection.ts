/**
 * Which entries of a folder are checked. A click toggles one and becomes the anchor; a shift-click
 * sets the whole range from the anchor to it to the anchor's state, as file managers do.
 */
export interface Selection {
  keys: ReadonlySet<string>
  anchor: string | null
}

export const EMPTY_SELECTION: Selection = { keys: new Set(), anchor: null }

export function toggleSelection(selection: Selection, orderedKeys: readonly string[], key: string, options: { range?: boolean } = {}): Selection {
  const anchorIndex = selection.anchor === null ? -1 : orderedKeys.indexOf(selection.anchor)
  const index = orderedKeys.indexOf(key)
  if (index < 0) return selection
  const keys = new Set(selection.keys)
  if (options.range && anchorIndex >= 0) {
    const checked = selection.keys.has(selection.anchor!)
    const [from, to] = anchorIndex < index ? [anchorIndex, index] : [index, anchorIndex]
    for (const k of orderedKeys.slice(from, to + 1)) {
      if (checked) keys.add(k)
      else keys.delete(k)
    }
    return { keys, anchor: selection.anchor }
  }
  if (keys.has(key)) keys.delete(key)
  else keys.add(key)
  return { keys, anchor: key }
}

/** Everything shown checked, or nothing when everything already was (the header checkbox). */
export function toggleAll(selection: Selection, orderedKeys: readonly string[]): Selection {
  const all = orderedKeys.length > 0 && orderedKeys.every((key) => selection.keys.has(key))
  return all ? EMPTY_SELECTION : { keys: new Set(orderedKeys), anchor: null }
}

/** Drops keys no longer listed (deleted, moved, or another page of answers). */
export function pruneSelection(selection: Selection, orderedKeys: readonly string[]): Selection {
  const listed = new Set(orderedKeys)
  const keys = new Set([...selection.keys].filter((key) => listed.has(key)))
  if (keys.size === selection.keys.size) return selection
  return { keys, anchor: selection.anchor !== null && listed.has(selection.anchor) ? selection.anchor : null }
}

/** The header checkbox's state. */
export function selectionState(selection: Selection, orderedKeys: readonly string[]): 'none' | 'some' | 'all' {
  const count = orderedKeys.filter((key) => selection.keys.has(key)).length
  return count === 0 ? 'none' : count === orderedKeys.length ? 'all' : 'some'
}
