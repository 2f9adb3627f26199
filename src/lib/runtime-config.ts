import * as v from 'valibot'
import { RUNTIME_CONFIG_ELEMENT_ID } from '../constants'

/**
 * What a server tells a build at run time (`npm run serve` writes it into index.html): the platform
 * is remote, at this API base. One build then runs embedded (no element) or served (the element).
 * `selfHosted`: the server serves a self-hosted instance (SPEC §1), with the features its
 * environment turns off; it wins over what the build was made with, so the page matches its server.
 */
export const RuntimeConfigSchema = v.strictObject({
  platform: v.literal('remote'),
  /** Same-origin path (`/api`) or an absolute http(s) URL, without a trailing slash. */
  apiBase: v.pipe(v.string(), v.regex(/^(\/[^/\s][^\s]*|\/|https?:\/\/[^\s]+)$/, 'apiBase must be a path or an http(s) URL'), v.transform((base) => base.replace(/\/+$/, ''))),
  selfHosted: v.optional(v.strictObject({ disabledFeatures: v.array(v.pipe(v.string(), v.trim(), v.nonEmpty())) })),
})
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfigSchema>

/** The JSON the server puts in the element; `<` escaped so no value can close the script element. */
export function runtimeConfigScript(config: RuntimeConfig): string {
  const json = JSON.stringify(v.parse(RuntimeConfigSchema, config)).replace(/</g, '\\u003c')
  return `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`
}

/** The run-time config in this page, or null when absent; a malformed one is said once and ignored (the build's settings stand). */
export function readRuntimeConfig(doc: Pick<Document, 'getElementById'> | undefined): RuntimeConfig | null {
  const text = doc?.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent
  if (!text) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  const result = v.safeParse(RuntimeConfigSchema, parsed)
  if (result.success) return result.output
  console.warn(`Run-time config ignored: ${result.issues[0].message}`)
  return null
}
