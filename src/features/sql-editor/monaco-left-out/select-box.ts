/**
 * Monaco's select box (a drop-down inside an action bar), which no editor of Studio shows: the find
 * widget, the context menu and the completion list have none. ≈ 4 KB gzip kept out of the editor
 * chunk (vite.config.ts aliases the action bar's imports of it). Asked for one, it says why there is none.
 */
import { leftOutClass } from './left-out'

export const SeparatorSelectOption = Object.freeze({ text: '\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500', isDisabled: true, isSeparator: true })

export const SelectBox = leftOutClass('Monaco’s select box is not part of this build: no editor of Studio shows one.')
