import { MAX_ALLOWED_CIDRS, PROJECT_SETTINGS_MESSAGE } from '../constants'
import { parseCidr } from './cidr'

export type NetworkRestrictions = { dbAllowedCidrs: string[]; dbAllowedCidrsV6: string[] }

/**
 * A project's network restrictions as the form and the platform both check them: every block a
 * CIDR of its list's family, none twice, within the limit, and not both lists empty (nobody could
 * connect). The blocks come back canonical (`2001:DB8:0::/32` → `2001:db8::/32`).
 */
export function checkNetworkRestrictions(input: NetworkRestrictions): { ok: true; value: NetworkRestrictions } | { ok: false; message: string } {
  const lists: [4 | 6, string[]][] = [
    [4, input.dbAllowedCidrs],
    [6, input.dbAllowedCidrsV6],
  ]
  const canonical: Record<4 | 6, string[]> = { 4: [], 6: [] }
  for (const [family, blocks] of lists) {
    if (blocks.length > MAX_ALLOWED_CIDRS) return { ok: false, message: PROJECT_SETTINGS_MESSAGE.networkTooMany(MAX_ALLOWED_CIDRS) }
    for (const block of blocks) {
      const parsed = parseCidr(block)
      if (!parsed.ok) return { ok: false, message: parsed.message }
      if (parsed.block.version !== family) return { ok: false, message: PROJECT_SETTINGS_MESSAGE.networkWrongFamily(parsed.block.text, family) }
      if (canonical[family].includes(parsed.block.text)) return { ok: false, message: PROJECT_SETTINGS_MESSAGE.networkDuplicate(parsed.block.text) }
      canonical[family].push(parsed.block.text)
    }
  }
  if (canonical[4].length === 0 && canonical[6].length === 0) return { ok: false, message: PROJECT_SETTINGS_MESSAGE.networkEmpty }
  return { ok: true, value: { dbAllowedCidrs: canonical[4], dbAllowedCidrsV6: canonical[6] } }
}
