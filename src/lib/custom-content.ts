import * as v from 'valibot'
import { CLOUD_PROVIDER_IDS, DEFAULT_CUSTOM_CONTENT, type CustomContent } from '../constants'

const url = v.pipe(v.string(), v.url('must be an absolute URL'), v.regex(/^https?:\/\//, 'must be an http(s) URL'))
const text = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'))

/** One schema per key: an operator's file is checked key by key, so a message can name the key. */
const KEY_SCHEMAS: { [K in keyof CustomContent]: v.GenericSchema<unknown, CustomContent[K]> } = {
  'app:title': v.pipe(text, v.maxLength(60, 'must be at most 60 characters')),
  'dashboard_auth:custom_provider': v.nullable(text),
  'organization:legal_documents': v.array(v.strictObject({ name: text, url })),
  'project_homepage:client_libraries': v.array(
    v.strictObject({ language: text, stage: v.optional(text), officiallySupported: v.boolean(), docsUrl: url, gitUrl: url }),
  ),
  'project_homepage:example_projects': v.array(v.strictObject({ title: text, description: v.string(), url })),
  'logs:default_query': text,
  'infrastructure:cloud_providers': v.pipe(v.array(v.picklist(CLOUD_PROVIDER_IDS, `must list cloud providers among ${CLOUD_PROVIDER_IDS.join(', ')}`)), v.minLength(1, 'must list at least one cloud provider')),
  'ssl:certificate_url': url,
}

/** Where vite.config.ts hands the checked content to the app (`import.meta.env`, as JSON text). */
export const CUSTOM_CONTENT_ENV = 'VITE_CUSTOM_CONTENT_JSON'

export type CustomContentResult = { ok: true; content: CustomContent } | { ok: false; message: string }

/** An operator's custom content over the defaults, or a message naming the first key that is wrong. */
export function parseCustomContent(input: unknown): CustomContentResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, message: 'Custom content must be a JSON object of keys to values.' }
  const content: CustomContent = { ...DEFAULT_CUSTOM_CONTENT }
  for (const [key, value] of Object.entries(input)) {
    if (!Object.hasOwn(KEY_SCHEMAS, key)) return { ok: false, message: `Unknown custom content key "${key}". Known keys: ${Object.keys(KEY_SCHEMAS).join(', ')}.` }
    const name = key as keyof CustomContent
    const parsed = v.safeParse(KEY_SCHEMAS[name], value)
    if (!parsed.success) {
      const issue = parsed.issues[0]
      const where = issue.path?.map((step) => String(step.key)).join('.')
      return { ok: false, message: `Custom content "${key}"${where ? ` at ${where}` : ''}: ${issue.message}.` }
    }
    ;(content as Record<keyof CustomContent, unknown>)[name] = parsed.output
  }
  return { ok: true, content }
}

/** The auth service's provider name for the operator's custom sign-in provider ("Acme SSO" → "acme-sso"). */
export function customProviderId(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
}
