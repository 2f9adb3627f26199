/**
 * SPEC §7: the code editor's assets load from a configured base URL on the hosted platform and
 * from the app's own path otherwise. Monaco's code is bundled; what it loads at run time is its
 * worker script, so that is what moves.
 */
export function editorWorkerUrl(localUrl: string, editorAssetsUrl: string | null, pageUrl: string): string {
  const local = new URL(localUrl, pageUrl)
  if (!editorAssetsUrl) return local.href
  return `${editorAssetsUrl}/${local.pathname.split('/').pop()}`
}

/**
 * A worker script must come from the page's own origin: one from elsewhere is started through a
 * one-line module that imports it (what CDN-hosted Monaco does too).
 */
export function workerBootstrap(workerUrl: string, pageUrl: string): { url: string; inline: boolean } {
  if (new URL(workerUrl).origin === new URL(pageUrl).origin) return { url: workerUrl, inline: false }
  return { url: `import ${JSON.stringify(workerUrl)}\n`, inline: true }
}
