import { isMacPlatform, isShortcut } from '../../lib/keyboard'

/** ⌘I / Ctrl+I toggles a project's assistant panel. */
export const ASSISTANT_TOGGLE_SHORTCUT = isMacPlatform ? '⌘I' : 'Ctrl+I'

export function isAssistantToggle(event: KeyboardEvent): boolean {
  return isShortcut(event, 'i')
}
