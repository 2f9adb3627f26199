import { fnv1a } from '../../src/lib/fnv1a'

/**
 * A GitHub-style identicon as SVG: a 5 × 5 grid mirrored left to right, coloured from the name.
 * The same name always draws the same picture, at `size` pixels square.
 */
export function identiconSvg(name: string, size: number): string {
  const h = fnv1a(name.toLowerCase())
  const hue = h % 360
  // Five cells across, with a cell and a half of margin each side, so a round crop keeps the pattern whole.
  const cell = size / 8
  const rects: string[] = []
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      // 15 bits of the hash decide the left half and the middle column; the right half mirrors them.
      if (((h >>> (row * 3 + col)) & 1) === 0) continue
      for (const x of col === 2 ? [2] : [col, 4 - col]) {
        rects.push(`<rect x="${(x + 1.5) * cell}" y="${(row + 1.5) * cell}" width="${cell}" height="${cell}"/>`)
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="#f0f0f0"/>` +
    `<g fill="hsl(${hue} 55% 55%)">${rects.join('')}</g></svg>`
  )
}
