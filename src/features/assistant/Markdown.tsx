import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { ExternalLink } from '../../ui/external-link'

/**
 * The little Markdown the assistant writes (paragraphs, headings, bullet and numbered lists, pipe
 * tables, `code`, **bold** and [links](https://…)), drawn as React elements: no HTML from the model
 * reaches the page, and a link the model wrote opens only if it is http(s) (ExternalLink).
 */
export function Markdown({ text }: { text: string }) {
  return <div className={markdownClass}>{blocks(text)}</div>
}

function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = []
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]*)\)/g
  let last = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) nodes.push(text.slice(last, match.index))
    if (match[1] !== undefined) nodes.push(<code key={match.index}>{match[1]}</code>)
    else if (match[2] !== undefined) nodes.push(<strong key={match.index}>{match[2]}</strong>)
    else
      nodes.push(
        <ExternalLink key={match.index} href={match[4]}>
          {match[3]}
        </ExternalLink>,
      )
    last = match.index + match[0].length
  }
  if (last < text.length) nodes.push(text.slice(last))
  return nodes
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())

const HEADING = /^(#{1,4})\s+(.*)$/
const BULLET = /^\s*[-*]\s+/
const NUMBERED = /^\s*\d+[.)]\s+/
/** A line that starts a heading, a list or a table ends the paragraph before it. */
const startsBlock = (line: string) => HEADING.test(line) || BULLET.test(line) || NUMBERED.test(line) || line.trim().startsWith('|')

function blocks(text: string): ReactNode[] {
  const lines = text.split('\n')
  const out: ReactNode[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (line.trim() === '') {
      i++
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      out.push(
        <p key={i} className={css({ fontWeight: 'semibold' })}>
          {inline(heading[2]!)}
        </p>,
      )
      i++
      continue
    }
    if (line.trim().startsWith('|') && lines[i + 1]?.trim().match(/^\|?[\s:-]+(\|[\s:-]+)*\|?$/)) {
      const header = cellsOf(line)
      const rows: string[][] = []
      i += 2
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(cellsOf(lines[i++]!))
      out.push(
        <div key={i} className={css({ overflowX: 'auto' })}>
          <table>
            <thead>
              <tr>
                {header.map((cell, c) => (
                  <th key={c}>{inline(cell)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c}>{inline(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      )
      continue
    }
    if (BULLET.test(line) || NUMBERED.test(line)) {
      const ordered = NUMBERED.test(line)
      const marker = ordered ? NUMBERED : BULLET
      const items: string[] = []
      while (i < lines.length && marker.test(lines[i]!)) items.push(lines[i++]!.replace(marker, ''))
      const List = ordered ? 'ol' : 'ul'
      out.push(
        <List key={i}>
          {items.map((item, n) => (
            <li key={n}>{inline(item)}</li>
          ))}
        </List>,
      )
      continue
    }
    const paragraph: string[] = []
    while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!)) paragraph.push(lines[i++]!)
    if (paragraph.length === 0) paragraph.push(lines[i++]!)
    out.push(<p key={i}>{inline(paragraph.join(' '))}</p>)
  }
  return out
}

const markdownClass = css({
  display: 'flex',
  flexDir: 'column',
  gap: '2',
  lineHeight: '1.5',
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', borderRadius: 'sm' },
  '& ul': { listStyle: 'disc', pl: '5' },
  '& ol': { listStyle: 'decimal', pl: '5' },
  '& table': { fontSize: 'xs', borderCollapse: 'collapse' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border.default', px: '2', py: '1', textAlign: 'left', whiteSpace: 'nowrap' },
  '& th': { bg: 'bg.muted', fontWeight: 'medium' },
})
