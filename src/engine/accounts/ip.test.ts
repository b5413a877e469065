import { describe, expect, it } from 'vitest'
import { ipAllowed } from './ip.js'

describe('ipAllowed', () => {
  it('matches an exact IPv4 address and nothing else', () => {
    expect(ipAllowed('203.0.113.9', ['203.0.113.9'])).toBe(true)
    expect(ipAllowed('203.0.113.10', ['203.0.113.9'])).toBe(false)
    expect(ipAllowed('127.0.0.1', ['203.0.113.9'])).toBe(false)
  })

  it('an empty allowlist allows nothing', () => {
    expect(ipAllowed('127.0.0.1', [])).toBe(false)
  })

  it('any matching entry of several allows', () => {
    expect(ipAllowed('10.1.2.3', ['203.0.113.0/24', '10.0.0.0/8'])).toBe(true)
    expect(ipAllowed('11.1.2.3', ['203.0.113.0/24', '10.0.0.0/8'])).toBe(false)
  })

  it('matches a /24 block at its edges and not outside', () => {
    const list = ['203.0.113.0/24']
    expect(ipAllowed('203.0.113.0', list)).toBe(true)
    expect(ipAllowed('203.0.113.255', list)).toBe(true)
    expect(ipAllowed('203.0.112.255', list)).toBe(false)
    expect(ipAllowed('203.0.114.0', list)).toBe(false)
    expect(ipAllowed('127.0.0.1', list)).toBe(false)
  })

  it('a /24 written with host bits set still means the block', () => {
    expect(ipAllowed('203.0.113.200', ['203.0.113.77/24'])).toBe(true)
  })

  it('matches a /32 block as exactly one address', () => {
    expect(ipAllowed('198.51.100.7', ['198.51.100.7/32'])).toBe(true)
    expect(ipAllowed('198.51.100.8', ['198.51.100.7/32'])).toBe(false)
    expect(ipAllowed('198.51.100.6', ['198.51.100.7/32'])).toBe(false)
  })

  it('matches every IPv4 address with /0', () => {
    expect(ipAllowed('0.0.0.0', ['0.0.0.0/0'])).toBe(true)
    expect(ipAllowed('255.255.255.255', ['0.0.0.0/0'])).toBe(true)
    expect(ipAllowed('127.0.0.1', ['10.0.0.0/0'])).toBe(true)
  })

  it('handles blocks whose addresses have the top bit set (no sign errors)', () => {
    expect(ipAllowed('200.1.2.3', ['128.0.0.0/1'])).toBe(true)
    expect(ipAllowed('127.255.255.255', ['128.0.0.0/1'])).toBe(false)
    expect(ipAllowed('255.255.255.254', ['255.255.255.254/31'])).toBe(true)
    expect(ipAllowed('255.255.255.255', ['255.255.255.254/31'])).toBe(true)
    expect(ipAllowed('255.255.255.253', ['255.255.255.254/31'])).toBe(false)
  })

  it('treats an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(ipAllowed('::ffff:203.0.113.9', ['203.0.113.0/24'])).toBe(true)
    expect(ipAllowed('::ffff:203.0.113.9', ['203.0.113.9'])).toBe(true)
    expect(ipAllowed('::ffff:127.0.0.1', ['203.0.113.0/24'])).toBe(false)
    expect(ipAllowed('::ffff:127.0.0.1', ['127.0.0.1/32'])).toBe(true)
  })

  it('matches an exact IPv6 address, ignoring case', () => {
    expect(ipAllowed('2001:db8::1', ['2001:db8::1'])).toBe(true)
    expect(ipAllowed('2001:DB8::1', ['2001:db8::1'])).toBe(true)
    expect(ipAllowed('2001:db8::1', ['2001:DB8::1'])).toBe(true)
    expect(ipAllowed('2001:db8::2', ['2001:db8::1'])).toBe(false)
    expect(ipAllowed('::1', ['2001:db8::1'])).toBe(false)
  })

  it('matches an exact IPv6 address written in another notation of the same address', () => {
    expect(ipAllowed('2001:db8::1', ['2001:0db8:0000:0000:0000:0000:0000:0001'])).toBe(true)
    expect(ipAllowed('2001:db8::1', ['2001:db8:0:0:0:0:0:1'])).toBe(true)
    expect(ipAllowed('::1', ['0:0:0:0:0:0:0:1'])).toBe(true)
  })

  it('an IPv6 address never matches an IPv4 block, not even /0', () => {
    expect(ipAllowed('2001:db8::1', ['0.0.0.0/0'])).toBe(false)
    expect(ipAllowed('::1', ['127.0.0.1'])).toBe(false)
  })

  it('malformed entries match nothing and do not throw', () => {
    const malformed = [
      'not-an-ip',
      '203.0.113',
      '203.0.113.0.1',
      '256.0.0.1',
      '203.0.113.0/33',
      '203.0.113.0/-1',
      '203.0.113.0/abc',
      '203.0.113.0/8.5',
      '300.0.113.0/24',
      '203.0.113/24',
      '/24',
      'a.b.c.d/24',
    ]
    for (const entry of malformed) {
      expect(ipAllowed('203.0.113.9', [entry]), entry).toBe(false)
      expect(ipAllowed('127.0.0.1', [entry]), entry).toBe(false)
    }
  })

  it('an entry with an empty prefix length ("1.2.3.0/") is malformed, not /0', () => {
    expect(ipAllowed('127.0.0.1', ['203.0.113.0/'])).toBe(false)
    expect(ipAllowed('203.0.113.9', ['203.0.113.0/ '])).toBe(false)
  })

  it('a malformed entry does not spoil the valid ones beside it', () => {
    expect(ipAllowed('203.0.113.9', ['garbage', '203.0.113.0/99', '203.0.113.0/24'])).toBe(true)
  })

  it('a malformed address is not allowed', () => {
    expect(ipAllowed('garbage', ['203.0.113.0/24'])).toBe(false)
    expect(ipAllowed('203.0.113', ['203.0.113.0/24'])).toBe(false)
    expect(ipAllowed('', ['0.0.0.0/0'])).toBe(false)
  })
})
