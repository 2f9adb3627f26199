import { describe, expect, it } from 'vitest'
import { cidrContains, parseCidr } from './cidr'
import { checkNetworkRestrictions } from './network-restrictions'
import { itReadsEach } from '../test/each-row'

const text = (input: string) => {
  const parsed = parseCidr(input)
  return parsed.ok ? parsed.block.text : `error: ${parsed.message}`
}

describe('parseCidr', () => {
  itReadsEach('reads IPv4 and IPv6 blocks and writes them in their canonical form: %j → %j', text, [
    ['203.0.113.0/24', '203.0.113.0/24'],
    [' 0.0.0.0/0 ', '0.0.0.0/0'],
    ['198.51.100.7', '198.51.100.7/32'],
    ['::/0', '::/0'],
    ['2001:DB8:0:0:0:0:0:0/32', '2001:db8::/32'],
    ['2001:db8::1', '2001:db8::1/128'],
    ['::ffff:192.0.2.0/120', '::ffff:c000:200/120'],
    ['fe80:0:0:1::/64', 'fe80:0:0:1::/64'],
  ])

  it('refuses what is not an address block, saying why', () => {
    expect(text('')).toMatch(/Enter an address block/)
    expect(text('256.0.0.0/8')).toMatch(/not an IPv4 address/)
    expect(text('01.2.3.4/32')).toMatch(/not an IPv4 address/)
    expect(text('1.2.3/24')).toMatch(/not an IPv4 address/)
    expect(text('1.2.3.4/33')).toMatch(/at most \/32/)
    expect(text('1.2.3.4/')).toMatch(/whole number/)
    expect(text('1.2.3.4/8/8')).toMatch(/more than one/)
    expect(text('2001:db8::1::/64')).toMatch(/not an IPv6 address/)
    expect(text('2001:db8:0:0:0:0:0:0:0/64')).toMatch(/not an IPv6 address/)
    expect(text('12345::/16')).toMatch(/not an IPv6 address/)
    expect(text('::/129')).toMatch(/at most \/128/)
    expect(text('<script>/8')).toMatch(/not an IPv4 address/)
  })

  it('refuses an address with bits past its prefix and names the block it means', () => {
    expect(text('10.1.2.3/8')).toBe('error: 10.1.2.3/8 has address bits past its prefix: did you mean 10.0.0.0/8?')
    expect(text('2001:db8::1/32')).toMatch(/did you mean 2001:db8::\/32\?/)
  })
})

describe('cidrContains', () => {
  it('tells whether an address lies in a block of its own family', () => {
    const block = (input: string) => {
      const parsed = parseCidr(input)
      if (!parsed.ok) throw new Error(parsed.message)
      return parsed.block
    }
    expect(cidrContains(block('10.0.0.0/8'), '10.200.3.4')).toBe(true)
    expect(cidrContains(block('10.0.0.0/8'), '11.0.0.1')).toBe(false)
    expect(cidrContains(block('0.0.0.0/0'), '127.0.0.1')).toBe(true)
    expect(cidrContains(block('::/0'), '127.0.0.1')).toBe(false)
    expect(cidrContains(block('2001:db8::/32'), '2001:db8:ffff::1')).toBe(true)
  })
})

describe('checkNetworkRestrictions', () => {
  it('answers the lists canonical, or the first problem', () => {
    expect(checkNetworkRestrictions({ dbAllowedCidrs: ['10.0.0.0/8'], dbAllowedCidrsV6: ['2001:DB8::/32'] })).toEqual({ ok: true, value: { dbAllowedCidrs: ['10.0.0.0/8'], dbAllowedCidrsV6: ['2001:db8::/32'] } })
    expect(checkNetworkRestrictions({ dbAllowedCidrs: ['2001:db8::/32'], dbAllowedCidrsV6: [] })).toEqual({ ok: false, message: '2001:db8::/32 is an IPv6 block, listed with the IPv4 ones.' })
    expect(checkNetworkRestrictions({ dbAllowedCidrs: ['10.0.0.0/8', '10.0.0.0/8'], dbAllowedCidrsV6: [] })).toMatchObject({ ok: false, message: '10.0.0.0/8 is listed already.' })
    expect(checkNetworkRestrictions({ dbAllowedCidrs: [], dbAllowedCidrsV6: [] })).toMatchObject({ ok: false, message: /nobody could connect/ })
    expect(checkNetworkRestrictions({ dbAllowedCidrs: Array.from({ length: 101 }, (_, i) => `10.0.${i}.0/24`), dbAllowedCidrsV6: [] })).toMatchObject({ ok: false, message: /At most 100/ })
  })
})
