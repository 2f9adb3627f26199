import {
  COMMAND_MENU_DEFAULT_KEY,
  DEFAULT_AI_MODEL,
  DEFAULT_API_BASE,
  DEFAULT_CODE_HOSTING_APP_SLUG,
  DEFAULT_CODE_HOSTING_CLIENT_ID,
  INSPECTOR_DEFAULT_EVENT_LIMIT,
  INSPECTOR_EVENT_LIMIT_RANGE,
  HOSTED_CODE_HOSTING_BASE_URL,
  MOCK_CODE_HOSTING_PATH,
  DEFAULT_CUSTOM_CONTENT,
  type CustomContent,
} from '../constants'
import { CUSTOM_CONTENT_ENV, parseCustomContent } from './custom-content'
import { readRuntimeConfig, type RuntimeConfig } from './runtime-config'

/** Runtime settings of the dashboard, read once from the build environment (README lists them). */
export interface Settings {
  /** Platform API base URL (SPEC §7): an environment setting, otherwise /api. */
  apiBase: string
  /** Auth (GoTrue-style) base URL. */
  authBase: string
  /** Hosted platform (true) or self-hosted (false). */
  isPlatform: boolean
  /** Self-hosted only: features turned off by a comma-separated list. */
  disabledFeatures: string[]
  /** 'production' shows 'Reload dashboard' on the error screen; anything else 'Return to dashboard'. */
  environment: 'production' | 'staging' | 'preview' | 'local'
  /** Run the embedded mock platform in a service worker. */
  mockPlatform: boolean
  /** Extra latency the mock platform adds to each answer, in ms. */
  mockLatency: number
  /** Base path the app is served under (stripped from returnTo). */
  basePath: string
  /** Hosted only (SPEC §7): where the code editor's runtime assets load from; null means the app's own path. */
  editorAssetsUrl: string | null
  /** Self-hosted only: an OpenAI-compatible chat-completions service the assistant forwards to (else the mock model answers). */
  assistantModel: { url: string; apiKey: string | null; model: string } | null
  /** The code-hosting provider: its site (authorise and install pages, avatars), OAuth client id and app slug. */
  codeHosting: { baseUrl: string; clientId: string; appSlug: string }
  /** The key that opens the command menu with ⌘/Ctrl (SPEC §2: configurable, default k). */
  commandMenuKey: string
  /** The machine inspector (/inspector): on in dev and preview builds, on a production build only with VITE_INSPECTOR=on. */
  inspector: { enabled: boolean; eventLimit: number }
  /** SPEC §3 custom content: the defaults, with what the file named by STUDIO_CUSTOM_CONTENT replaces (checked at start by vite.config.ts). */
  customContent: CustomContent
}

type Env = Record<string, string | boolean | undefined>

function text(env: Env, key: string): string | undefined {
  const value = env[key]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** An absolute http(s) URL without a trailing slash, or null for anything else. */
function absoluteUrl(value: string | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href.replace(/\/+$/, '') : null
  } catch {
    return null
  }
}

function flag(env: Env, key: string, fallback: boolean): boolean {
  const value = text(env, key)?.toLowerCase()
  if (value === undefined) return fallback
  return value === 'true' || value === '1' || value === 'yes'
}

/** The provider's site: a set URL, else the mock platform's page on this origin when it runs, else the real site. */
function codeHostingSetting(env: Env, mockPlatform: boolean, basePath: string): Settings['codeHosting'] {
  return {
    baseUrl: absoluteUrl(text(env, 'VITE_CODE_HOSTING_BASE_URL')) ?? (mockPlatform ? `${basePath}${MOCK_CODE_HOSTING_PATH}` : HOSTED_CODE_HOSTING_BASE_URL),
    clientId: text(env, 'VITE_CODE_HOSTING_CLIENT_ID') ?? DEFAULT_CODE_HOSTING_CLIENT_ID,
    appSlug: text(env, 'VITE_CODE_HOSTING_APP_SLUG') ?? DEFAULT_CODE_HOSTING_APP_SLUG,
  }
}

/** One letter or digit; anything else falls back to the default. */
function commandMenuKeySetting(env: Env): string {
  const key = text(env, 'VITE_COMMAND_MENU_KEY')?.toLowerCase()
  return key && /^[a-z0-9]$/.test(key) ? key : COMMAND_MENU_DEFAULT_KEY
}

/** VITE_INSPECTOR on/off wins; otherwise on wherever the mock platform runs or the build is not production. */
function inspectorSetting(env: Env, mockPlatform: boolean, environment: Settings['environment']): Settings['inspector'] {
  const chosen = text(env, 'VITE_INSPECTOR')?.toLowerCase()
  const limit = Math.round(Number(text(env, 'VITE_INSPECTOR_EVENT_LIMIT') ?? INSPECTOR_DEFAULT_EVENT_LIMIT))
  const { min, max } = INSPECTOR_EVENT_LIMIT_RANGE
  return {
    enabled: chosen === undefined ? mockPlatform || environment !== 'production' : ['on', 'true', '1', 'yes'].includes(chosen),
    eventLimit: Number.isFinite(limit) ? Math.min(max, Math.max(min, limit)) : INSPECTOR_DEFAULT_EVENT_LIMIT,
  }
}

function assistantModelSetting(env: Env, isPlatform: boolean): Settings['assistantModel'] {
  const url = isPlatform ? null : absoluteUrl(text(env, 'VITE_AI_COMPLETIONS_URL'))
  return url ? { url, apiKey: text(env, 'VITE_AI_API_KEY') ?? null, model: text(env, 'VITE_AI_MODEL') ?? DEFAULT_AI_MODEL } : null
}

/** The content vite.config.ts checked and put in the build; a value that fails here anyway is said once and the defaults stand. */
function customContentSetting(env: Env): CustomContent {
  const raw = text(env, CUSTOM_CONTENT_ENV)
  if (!raw) return DEFAULT_CUSTOM_CONTENT
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = null
  }
  const result = parseCustomContent(parsed)
  if (result.ok) return result.content
  console.warn(`Custom content ignored: ${result.message}`)
  return DEFAULT_CUSTOM_CONTENT
}

/** The build's environment, with a server's run-time config (runtime-config.ts) over it: a served build talks to its server, no embedded mock. */
export function parseSettings(env: Env, runtime: RuntimeConfig | null = null): Settings {
  const apiBase = runtime ? runtime.apiBase : (text(env, 'VITE_API_URL') ?? DEFAULT_API_BASE).replace(/\/+$/, '')
  const environment = text(env, 'VITE_ENVIRONMENT')
  const latency = Number(text(env, 'VITE_MOCK_LATENCY') ?? '0')
  const isPlatform = runtime?.selfHosted ? false : flag(env, 'VITE_IS_PLATFORM', true)
  const mockPlatform = runtime === null && text(env, 'VITE_MOCK_PLATFORM') !== 'off'
  const basePath = (text(env, 'BASE_URL') ?? '/').replace(/\/+$/, '')
  const environmentSetting: Settings['environment'] =
    environment === 'production' || environment === 'staging' || environment === 'preview' || environment === 'local'
      ? environment
      : env.PROD === true
        ? 'production'
        : 'local'
  return {
    apiBase,
    authBase: runtime ? `${apiBase}/auth/v1` : (text(env, 'VITE_AUTH_URL') ?? `${apiBase}/auth/v1`).replace(/\/+$/, ''),
    isPlatform,
    disabledFeatures: isPlatform
      ? []
      : (runtime?.selfHosted?.disabledFeatures ??
        (text(env, 'VITE_DISABLED_FEATURES') ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)),
    environment: environmentSetting,
    mockPlatform,
    mockLatency: Number.isFinite(latency) && latency > 0 ? latency : 0,
    basePath,
    editorAssetsUrl: isPlatform ? absoluteUrl(text(env, 'VITE_EDITOR_ASSETS_URL')) : null,
    assistantModel: assistantModelSetting(env, isPlatform),
    codeHosting: codeHostingSetting(env, mockPlatform, basePath),
    commandMenuKey: commandMenuKeySetting(env),
    inspector: inspectorSetting(env, mockPlatform, environmentSetting),
    customContent: customContentSetting(env),
  }
}

export const settings: Settings = parseSettings((import.meta.env ?? {}) as Env, readRuntimeConfig(globalThis.document))
