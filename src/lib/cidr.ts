/**
 * An IPv4 or IPv6 CIDR block as typed into a project's network restrictions: parsed strictly (no
 * leading zeros in IPv4, at most one `::` in IPv6), and refused with the block it means when the
 * address has bits past the prefix (`10.1.2.3/8` is `10.0.0.0/8`), since the platform would widen
 * or narrow it silently otherwise. Shared by the form (as you type) and the platform (what it saves).
 */
export type CidrBlock = { version: 4 | 6; text: string; network: bigint; prefix: number }
export type CidrParse = { ok: true; block: CidrBlock } | { ok: false; message: string }

const IPV4_OCTET = /^(0|[1-9]\d{0,2})$/

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  let value = 0n
  for (const part of parts) {
    if (!IPV4_OCTET.test(part) || Number(part) > 255) return null
    value = (value << 8n) | BigInt(part)
  }
  return value
}

function parseIpv6(text: string): bigint | null {
  const halves = text.split('::')
  if (halves.length > 2) return null
  const groupsOf = (half: string): bigint[] | null => {
    if (half === '') return []
    const parts = half.split(':')
    const groups: bigint[] = []
    for (const [i, part] of parts.entries()) {
      // An IPv4 tail (::ffff:192.0.2.1) stands for the last two groups.
      if (i === parts.length - 1 && part.includes('.')) {
        const v4 = parseIpv4(part)
        if (v4 === null) return null
        groups.push(v4 >> 16n, v4 & 0xffffn)
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) groups.push(BigInt(`0x${part}`))
      else return null
    }
    return groups
  }
  const head = groupsOf(halves[0]!)
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : []
  if (!head || !tail) return null
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  return [...head, ...Array<bigint>(missing).fill(0n), ...tail].reduce((value, group) => (value << 16n) | group, 0n)
}

function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.')
}

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero groups as `::`. */
function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(16 * (7 - i))) & 0xffffn))
  let best = { start: -1, length: 0 }
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++
      continue
    }
    let j = i
    while (j < 8 && groups[j] === 0) j++
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i }
    i = j
  }
  const hex = groups.map((g) => g.toString(16))
  if (best.start === -1) return hex.join(':')
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`
}

/** Parses `address/prefix` (a bare address is one host: /32 or /128). */
export function parseCidr(input: string): CidrParse {
  const text = input.trim()
  if (text === '') return { ok: false, message: 'Enter an address block, such as 203.0.113.0/24 or 2001:db8::/32.' }
  const [address = '', prefixText, ...rest] = text.split('/')
  if (rest.length > 0) return { ok: false, message: `${text} has more than one "/".` }
  const version = address.includes(':') ? 6 : 4
  const network = version === 4 ? parseIpv4(address) : parseIpv6(address)
  if (network === null) return { ok: false, message: `${address} is not an IPv${version} address.` }
  const bits = version === 4 ? 32 : 128
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return { ok: false, message: `The prefix after "/" is a whole number from 0 to ${bits}.` }
  const prefix = prefixText === undefined ? bits : Number(prefixText)
  if (prefix > bits) return { ok: false, message: `An IPv${version} prefix is at most /${bits}.` }
  const hostMask = (1n << BigInt(bits - prefix)) - 1n
  const format = version === 4 ? formatIpv4 : formatIpv6
  if ((network & hostMask) !== 0n) return { ok: false, message: `${text} has address bits past its prefix: did you mean ${format(network & ~hostMask)}/${prefix}?` }
  return { ok: true, block: { version, network, prefix, text: `${format(network)}/${prefix}` } }
}

/** Whether `address` (IPv4 or IPv6, no prefix) lies in `block`. */
export function cidrContains(block: CidrBlock, address: string): boolean {
  const version = address.includes(':') ? 6 : 4
  if (version !== block.version) return false
  const value = version === 4 ? parseIpv4(address) : parseIpv6(address)
  if (value === null) return false
  const bits = version === 4 ? 32 : 128
  const hostMask = (1n << BigInt(bits - block.prefix)) - 1n
  return (value & ~hostMask) === block.network
}
