/**
 * Monaco's diff editors (two-way and multi-file), which no screen of Studio shows, stand here in
 * place of Monaco's own (vite.config.ts aliases the two imports that reach them): ≈ 420 KB of
 * source kept out of the editor chunk. Creating one says why it is missing.
 */
import { leftOutClass } from './left-out'

const WHY = 'Monaco’s diff editors are not part of this build: no screen of Studio uses them.'

export const DiffEditorWidget = leftOutClass(WHY)
export const MultiDiffEditorWidget = leftOutClass(WHY)
