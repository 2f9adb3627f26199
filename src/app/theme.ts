import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type ThemePreference } from '../constants'
import { browserStorage, readStored, writeStored } from '../lib/storage'

export const THEME_LABELS: Record<ThemePreference, string> = {
  dark: 'Dark',
  light: 'Light',
  'classic-dark': 'Classic dark',
  system: 'System',
}

const ThemeSchema = v.picklist(THEMES)
const listeners = new Set<() => void>()

export function readThemePreference(): ThemePreference {
  return readStored(browserStorage('local'), THEME_STORAGE_KEY, ThemeSchema) ?? DEFAULT_THEME
}

/** The theme actually drawn: 'system' follows the operating system's light or dark setting. */
export function resolveTheme(preference: ThemePreference): Exclude<ThemePreference, 'system'> {
  if (preference !== 'system') return preference
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export function applyTheme(preference: ThemePreference = readThemePreference()): void {
  const root = document.documentElement
  const resolved = resolveTheme(preference)
  root.dataset.theme = resolved
  root.style.colorScheme = resolved === 'light' ? 'light' : 'dark'
}

export function setThemePreference(preference: ThemePreference): void {
  writeStored(browserStorage('local'), THEME_STORAGE_KEY, preference)
  applyTheme(preference)
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const media = globalThis.matchMedia?.('(prefers-color-scheme: dark)')
  const onSystemChange = () => {
    if (readThemePreference() === 'system') applyTheme('system')
    listener()
  }
  media?.addEventListener('change', onSystemChange)
  return () => {
    listeners.delete(listener)
    media?.removeEventListener('change', onSystemChange)
  }
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference, () => DEFAULT_THEME)
}
