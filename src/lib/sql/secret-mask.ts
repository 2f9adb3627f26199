/**
 * A statement with secrets in it, shown without them: each secret's literal reads as a mask in
 * the SQL preview, and `unmask` turns the previewed text back into the statement that runs.
 */
import { sqlLiteral } from './quote'

export interface MaskedSql {
  shown: string
  unmask: (shown: string) => string
}

export function maskSecrets(sql: string, secrets: readonly { label: string; value: string }[]): MaskedSql {
  const masks: [mask: string, literal: string][] = secrets.map(({ label, value }, index) => [`'•••••••• (${label}${secrets.length > 1 ? ` ${index + 1}` : ''}, kept secret)'`, sqlLiteral(value)])
  // One occurrence each, in order: two equal secrets still get one mask each.
  let shown = sql
  for (const [mask, literal] of masks) shown = shown.replace(literal, mask)
  return {
    shown,
    unmask: (text) => masks.reduce((result, [mask, literal]) => result.replace(mask, literal), text),
  }
}
