/** Apple keyboards use ⌘ where others use Ctrl for the dashboard's shortcuts. */
export const isMacPlatform = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** The shortcut modifier as shortcuts are written: ⌘ or Ctrl. */
export const MODIFIER_LABEL = isMacPlatform ? '⌘' : 'Ctrl'

/** Whether the platform's shortcut modifier (⌘ or Ctrl) is held. */
export function hasShortcutModifier(event: { metaKey: boolean; ctrlKey: boolean }): boolean {
  return isMacPlatform ? event.metaKey : event.ctrlKey
}

/** ⌘/Ctrl plus `key` (lower-case), with no Alt or Shift: the dashboard's shortcuts (assistant, command menu). */
export function isShortcut(event: KeyboardEvent, key: string): boolean {
  return hasShortcutModifier(event) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === key
}
