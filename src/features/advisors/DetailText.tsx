import { css } from 'styled-system/css'

const codeClass = css({ fontFamily: 'mono', fontSize: '0.92em', bg: 'bg.muted', px: '1', borderRadius: 'sm', wordBreak: 'break-all' })

/**
 * A lint's sentence, with the names it quotes in backticks (the platform's convention) shown as
 * code. Only text nodes: the names are the user's and are never read as markup.
 */
export function DetailText({ text }: { text: string }) {
  const parts = text.split('`')
  // An odd count of backticks leaves the last one unpaired: shown as it is.
  if (parts.length % 2 === 0) return <span>{text}</span>
  return (
    <span>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className={codeClass}>
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </span>
  )
}
