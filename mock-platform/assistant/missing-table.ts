/** What the model says when a question names no table it can find, or none at all. */
import type { ModelCatalog } from './catalog-reader.ts'
import { closestTables } from './mentions.ts'
import { code, listing, qualified } from './names.ts'

export function tableNotFound(name: string, catalog: ModelCatalog): string {
  const close = closestTables(catalog, name)
  if (catalog.tables.length === 0) return `I couldn't find a table named ${code(name)}: this project has no tables yet.`
  if (close.length > 0) {
    return `I couldn't find a table named ${code(name)}. The closest ${close.length === 1 ? 'match is' : 'matches are'} ${listing(close.map((table) => code(qualified(table))))}.`
  }
  return `I couldn't find a table named ${code(name)}. Tables in this project include ${listing(catalog.tables.slice(0, 6).map((table) => code(qualified(table))))}.`
}

export function whichTable(catalog: ModelCatalog): string {
  if (catalog.tables.length === 0) return 'Which table do you mean? This project has no tables yet.'
  return `Which table do you mean? For example ${listing(catalog.tables.slice(0, 6).map((table) => code(qualified(table))))}.`
}
