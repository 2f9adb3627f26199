import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A colour token the theme does not define is no error to Panda: it writes `var(--colors-…)` of a
 * variable that does not exist, and the browser draws in the text's colour. The table editor's grid
 * lines were `border.subtle` so: 1 px of near-black in light, near-white in dark. Every colour
 * token the source names must be one the theme defines (the generated `styled-system/tokens`).
 */
const root = join(import.meta.dirname, '..', '..')
const defined = new Set([...readFileSync(join(root, 'styled-system/tokens/index.mjs'), 'utf8').matchAll(/"colors\.([A-Za-z0-9.]+)"/g)].map((m) => m[1]!))
const groups = new Set([...defined].map((token) => token.split('.')[0]!))

const COLOR_PROPERTY = /\b(?:color|bg|background|borderColor|border(?:Top|Bottom|Left|Right)Color|outlineColor|fill|stroke|caretColor|accentColor|textDecorationColor)\s*:\s*'([A-Za-z]+\.[A-Za-z0-9.]+)(?:\/\d+)?'/g
const TOKEN_FUNCTION = /token\(colors\.([A-Za-z0-9.]+)\)/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('colour tokens', () => {
  it('every one the source names is defined by the theme', () => {
    expect(defined.size).toBeGreaterThan(20)
    const undefinedTokens: string[] = []
    for (const file of sourceFiles(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8')
      for (const [, token] of [...text.matchAll(COLOR_PROPERTY), ...text.matchAll(TOKEN_FUNCTION)]) {
        if (groups.has(token!.split('.')[0]!) && !defined.has(token!)) undefinedTokens.push(`${relative(root, file)}: ${token}`)
      }
    }
    expect(undefinedTokens).toEqual([])
  })
})
