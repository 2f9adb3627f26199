/**
 * Who is calling, for the per-address limits and the audit log. The connection's own address, unless
 * it is one of the proxies named in STUDIO_TRUSTED_PROXIES (a load balancer in front of replicas):
 * then the nearest address in X-Forwarded-For that is not a trusted proxy. That header is read only
 * from a trusted proxy, and from its right end (what the proxy itself appended), so a caller who
 * writes their own cannot choose their address.
 */
import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'

/** An IPv4 address as IPv6 writes it (`::ffff:10.0.0.1`) is the IPv4 address. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return (mapped ? mapped[1]! : address).toLowerCase()
}

/** The addresses STUDIO_TRUSTED_PROXIES names, or the entries that are not addresses. */
export function readTrustedProxies(value: string | undefined): { ok: true; proxies: ReadonlySet<string> } | { ok: false; invalid: string[] } {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
  const invalid = entries.filter((entry) => isIP(entry) === 0)
  return invalid.length > 0 ? { ok: false, invalid } : { ok: true, proxies: new Set(entries.map(plainAddress)) }
}

export function clientAddress(incoming: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const peer = plainAddress(incoming.socket.remoteAddress ?? 'unknown')
  if (!trustedProxies.has(peer)) return peer
  const header = incoming.headers['x-forwarded-for']
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((entry) => plainAddress(entry.trim()))
  for (let index = forwarded.length - 1; index >= 0; index--) {
    const hop = forwarded[index]!
    // Past something that is not an address, nothing to the left can be believed.
    if (isIP(hop) === 0) break
    if (!trustedProxies.has(hop)) return hop
  }
  return peer
}
