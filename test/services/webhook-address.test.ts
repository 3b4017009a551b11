// The SSRF guard's address rule: IPv4 and IPv6 loopback, private, link-local and reserved ranges,
// IPv4 embedded in IPv6 (mapped, compatible, NAT64), and what stays public.
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/services/webhook-address.js';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local and reserved addresses', () => {
    for (const ip of [
      '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
      '::', '::1', 'fe80::1', 'fd00::1', 'fc00::abcd', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1', '::127.0.0.1', '2001:db8::1',
    ]) expect(isPublicAddress(ip), ip).toBe(false);
  });
  it('allows public addresses, v4 and v6', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) expect(isPublicAddress(ip), ip).toBe(true);
  });
  it('refuses what is not an address', () => {
    expect(isPublicAddress('example.com')).toBe(false);
  });
});
