import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

const confidence = (text: string) => scan(text, { minConfidence: 0 }).find((f) => f.type === 'MAC_ADDRESS')?.confidence;

describe('MAC_ADDRESS', () => {
  it.each([
    ['colons, upper case', 'Laptop 00:1A:2B:3C:4D:5E joined VLAN 20', '00:1A:2B:3C:4D:5E'],
    ['dashes (Windows)', 'Physical Address. . . . : 3C-22-FB-9A-01-7E', '3C-22-FB-9A-01-7E'],
    ['lower case after a label', 'link/ether 52:54:00:ab:cd:ef brd ff:ff:ff:ff:ff:ff', '52:54:00:ab:cd:ef'],
    ['a key with a colon', 'mac:f4:5c:89:a1:b2:c3', 'f4:5c:89:a1:b2:c3'],
    ['Cisco dotted groups', 'show mac address-table | include 0011.22ab.4455.', '0011.22ab.4455'],
    ['JSON', '{"client_mac": "a4:83:e7:10:2f:9b", "rssi": -61}', 'a4:83:e7:10:2f:9b'],
  ])('finds a MAC written with %s', (_name, text, value) => {
    expect(found(text, 'MAC_ADDRESS')).toEqual([value]);
  });

  it('finds every address in a sentence', () => {
    expect(found('swapped 00:1a:2b:3c:4d:5e for 00:1a:2b:3c:4d:5f and 0011.22ab.4456', 'MAC_ADDRESS')).toEqual([
      '00:1a:2b:3c:4d:5e',
      '00:1a:2b:3c:4d:5f',
      '0011.22ab.4456',
    ]);
  });

  it('is surer with a MAC cue nearby', () => {
    expect(confidence('hwaddr 00:1a:2b:3c:4d:5e')).toBe(0.95);
    expect(confidence('seen 00:1a:2b:3c:4d:5e')).toBe(0.85);
  });

  it('keeps all-zero and broadcast placeholders hidden unless the text calls them a MAC', () => {
    expect(found('00:00:00:00:00:00 and FF:FF:FF:FF:FF:FF', 'MAC_ADDRESS')).toEqual([]);
    expect(confidence('fallback 00:00:00:00:00:00')).toBe(0.3);
    expect(found('MAC address: 00:00:00:00:00:00', 'MAC_ADDRESS')).toEqual(['00:00:00:00:00:00']);
  });

  it.each([
    ['a longer hex run (a key fingerprint)', 'fingerprint 43:51:43:a1:b5:fc:8b:b7:0a:3a:a9:b1:0f:66:73:a8'],
    ['an IPv6 address', 'peer fe80::1ff:fe23:4567:890a and 2001:db8:0:0:1:0:0:1'],
    ['mixed separators', 'id 00:1a-2b:3c-4d:5e'],
    ['five groups', 'ref 00:1a:2b:3c:4d'],
    ['a time with seconds and frames, no cue', 'cue at 01:02:03:04:05:06'],
    ['digits in dotted groups, no cue', 'invoice 2024.0101.1234'],
    ["IEEE's documentation block", 'e.g. 00-00-5E-00-53-01'],
    ['a glued word', 'x00:1a:2b:3c:4d:5e and 00:1a:2b:3c:4d:5eZ'],
  ])('reports nothing for %s', (_name, text) => {
    expect(found(text, 'MAC_ADDRESS')).toEqual([]);
  });

  it('leaves IP_ADDRESS as it was', () => {
    const text = 'host 10.20.30.40 mac 00:1a:2b:3c:4d:5e gw fe80::1';
    expect(found(text, 'IP_ADDRESS')).toEqual(['10.20.30.40', 'fe80::1']);
  });

  it('masks the whole address', () => {
    const text = 'device 00:1A:2B:3C:4D:5E and 0011.22ab.4455 online';
    for (const style of ['label', 'pseudonym', 'partial', 'hash'] as const) {
      const masked = mask(text, scan(text), style, 'k');
      expect(masked).not.toContain('00:1A:2B:3C');
      expect(masked).not.toContain('0011.22ab');
    }
  });

  it.each([
    ['colon pairs', 'ab:'.repeat((1 << 20) / 3)],
    ['dash pairs without an end', '0a-'.repeat((1 << 20) / 3)],
    ['dotted groups', 'abcd.'.repeat((1 << 20) / 5)],
    ['a label before every pair', 'mac:0'.repeat((1 << 20) / 5)],
  ])('scans 1 MiB of %s', { timeout: 20_000 }, (_name, text) => {
    expect(scan(text).length).toBeLessThan(1 << 20);
  });
});
