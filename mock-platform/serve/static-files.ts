/** The built dashboard's files, with index.html for every app route (the router runs in the page). The server puts the security headers on every answer. */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.data': 'application/octet-stream',
  '.gz': 'application/gzip',
  '.txt': 'text/plain; charset=utf-8',
}

/** Vite names what it emits under assets/ by content hash: such a file never changes, so browsers keep it a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
/** Anything else (index.html, public/ files) is asked again each time, so a new build shows at once. */
export const REVALIDATE_CACHE = 'no-cache'

/** The file under `root` a URL path names, or null when the path leaves the root or cannot be decoded. */
export function fileOfPath(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const file = normalize(join(root, decoded))
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null
}

/** Serves GET and HEAD from `root`; an unknown path without a file extension gets `indexHtml` (an app route), one with an extension 404. */
export function createStaticFiles(root: string, indexHtml: string) {
  const root_ = normalize(root)
  const index = Buffer.from(indexHtml)

  function sendIndex(incoming: IncomingMessage, outgoing: ServerResponse) {
    outgoing.writeHead(200, { 'content-type': CONTENT_TYPES['.html']!, 'content-length': index.length, 'cache-control': REVALIDATE_CACHE })
    outgoing.end(incoming.method === 'HEAD' ? undefined : index)
  }

  return async function serveStatic(incoming: IncomingMessage, outgoing: ServerResponse) {
    if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
      outgoing.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    const urlPath = (incoming.url ?? '/').split('?')[0]!
    const file = fileOfPath(root_, urlPath)
    if (file === null) {
      outgoing.writeHead(400).end()
      return
    }
    // The page itself always carries the run-time config, so it never comes from disk as it is.
    if (urlPath === '/' || urlPath === '/index.html') return sendIndex(incoming, outgoing)
    const found = await stat(file).catch(() => null)
    if (!found?.isFile()) {
      if (extname(urlPath) === '') return sendIndex(incoming, outgoing)
      outgoing.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    const immutable = urlPath.startsWith('/assets/')
    outgoing.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': found.size,
      'cache-control': immutable ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
    })
    if (incoming.method === 'HEAD') return void outgoing.end()
    createReadStream(file).on('error', () => outgoing.destroy()).pipe(outgoing)
  }
}
