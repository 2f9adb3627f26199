import { matchSorter, rankings } from 'match-sorter'

/** One entry of the command menu: what it is called, words it is also found by, and what it does. */
export interface Command {
  id: string
  name: string
  keywords?: readonly string[]
  /** Shown at the right, e.g. a shortcut or where it leads. */
  hint?: string
  run: () => void
}

/** SPEC §2: sections have name, id, forceMount, commands and optional meta. */
export interface CommandSection {
  id: string
  name: string
  /** Shown whole whatever is typed (e.g. what a screen registers for itself). */
  forceMount?: boolean
  commands: readonly Command[]
  meta?: Readonly<Record<string, unknown>>
  /** Listed only for a search (a project's tables and snippets: too many to show unasked). */
  searchOnly?: boolean
  /** At most this many of its best matches. */
  limit?: number
}

/**
 * The sections as the menu shows them for a search: each command matched fuzzily (letters in
 * order) on its name, its keywords and its section's name, best matches first; sections with no
 * match are left out unless forceMount; ties keep the section's order. An empty search shows everything in its own order.
 */
export function filterSections(sections: readonly CommandSection[], query: string): CommandSection[] {
  const wanted = query.trim()
  if (wanted === '') return sections.filter((section) => section.commands.length > 0 && !section.searchOnly)
  const result: CommandSection[] = []
  for (const section of sections) {
    if (section.forceMount) {
      result.push(section)
      continue
    }
    const commands = matchSorter(
      section.commands.map((command) => ({ command, section: section.name })),
      wanted,
      {
        keys: ['command.name', { key: 'command.keywords', threshold: rankings.CONTAINS }, { key: 'section', threshold: rankings.WORD_STARTS_WITH }],
        threshold: rankings.MATCHES,
        // Equally good matches keep the section's own order.
        baseSort: (a, b) => a.index - b.index,
      },
    )
      .map((entry) => entry.command)
      .slice(0, section.limit)
    if (commands.length > 0) result.push({ ...section, commands })
  }
  return result
}
