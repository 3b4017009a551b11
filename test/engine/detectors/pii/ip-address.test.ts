import { describe, expect, it } from 'vitest';
import { scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

const confidenceOf = (text: string) => scan(text).find((f) => f.type === 'IP_ADDRESS')?.confidence;

describe('IP_ADDRESS (IPv4)', () => {
  it.each([
    ['connect to 93.184.216.45 now', '93.184.216.45'],
    ['client=151.101.1.7 status=200', '151.101.1.7'],
    ['"ip": "34.201.5.12"', '34.201.5.12'],
    ['GET http://52.14.0.9:8080/health', '52.14.0.9'],
    ['allow 81.2.0.0/16', '81.2.0.0'],
    ['host 10.0.0.5/24', '10.0.0.5'],
    ['host 172.16.254.1', '172.16.254.1'],
    ['router 192.168.1.1.', '192.168.1.1'],
    ['range 10.0.0.1-10.0.0.5', '10.0.0.1'],
    ['DNS: 8.8.8.8', '8.8.8.8'],
    ['origin 100.64.3.9', '100.64.3.9'],
    ['X-Forwarded-For: 81.2.69.160', '81.2.69.160'],
  ])('finds the address in %j', (text, value) => {
    expect(found(text, 'IP_ADDRESS')[0]).toBe(value);
  });

  it.each([
    ['an octet over 255', 'host 256.1.1.1 and 10.0.0.300'],
    ['a leading zero', 'host 010.0.0.1 and 10.0.0.01'],
    ['three parts', 'host 10.0.1'],
    ['a version after "version"', 'version 1.2.3.4 and Version: 10.4.22.1'],
    ['a v-prefixed version', 'v1.2.3.4 and v10.20.30.40'],
    ['a pre-release tag', '1.2.3.4-beta and 10.20.30.40-rc1'],
    ['build metadata', '10.20.30.40+build7'],
    ['a package name', 'openssl-1.1.1.1 and lib_10.2.3.4'],
    ['an SNMP OID', 'OID 1.3.6.1.4.1.2021.10.1.3.1 and .1.3.6.1.2.1.1.3.0'],
    ['the OID root alone', 'walk 1.3.6.1'],
    ['a long dotted run', '10.1.2.3.4 and 192.168.1.1.5.6'],
    ['a host name built on an address', '10.0.0.1.nip.io'],
    ['a netmask', 'mask 255.255.255.0 and 255.255.240.0'],
    ['the unspecified and broadcast addresses', 'listen 0.0.0.0 and 255.255.255.255'],
    ['a section number', 'See section 1.2.3.4 for details.'],
    ['a release in prose', 'We upgraded to 4.12.3.1 last week.'],
    ['glued to letters', 'x10.0.0.1 and 10.0.0.1x'],
    ['a decimal number', 'pi is 3.14159'],
    ['a private network in CIDR form', 'Routes: 192.168.0.0/16 via tun0, 10.0.0.0/8 and 172.16.0.0/12'],
    ['a product version near an IP cue', 'Client: Windows 10.0.190.38, Chrome 120.0.60.109, Node v4.19.9'],
    ['a four-part version after a runtime name', 'client node 4.18.2.1 and Android 13.0.0.7'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'IP_ADDRESS')).toEqual([]);
  });

  it('reports private addresses below public ones, and hides loopback by default', () => {
    const publicIp = confidenceOf('see 93.184.216.45') ?? 0;
    const privateIp = confidenceOf('see 192.168.0.12') ?? 0;
    expect(publicIp).toBeGreaterThanOrEqual(0.85);
    expect(privateIp).toBeGreaterThanOrEqual(0.6);
    expect(publicIp).toBeGreaterThan(privateIp);
    expect(found('host 127.0.0.1 and ::1 and 127.3.4.5', 'IP_ADDRESS')).toEqual([]);
    const hidden = scan('host 127.0.0.1 and ::1', { minConfidence: 0 }).filter((f) => f.type === 'IP_ADDRESS');
    expect(hidden.map((f) => f.value)).toEqual(['127.0.0.1', '::1']);
    expect(Math.max(...hidden.map((f) => f.confidence))).toBeLessThan(0.5);
  });

  it('raises confidence with an IP cue', () => {
    expect(confidenceOf('server 10.1.2.3') ?? 0).toBeGreaterThan(confidenceOf('see 10.1.2.3') ?? 1);
  });

  it('hides four single-digit parts without an IP cue, and keeps them with one', () => {
    expect(found('Upgrade 1.2.3.4 is out', 'IP_ADDRESS')).toEqual([]);
    expect(found('ping 1.2.3.4', 'IP_ADDRESS')).toEqual(['1.2.3.4']);
  });

  it('lowers confidence next to a negative word, but not for example domains', () => {
    expect(found('a fake address like 93.184.216.45', 'IP_ADDRESS')).toEqual(['93.184.216.45']);
    expect(confidenceOf('a fake address like 93.184.216.45') ?? 1).toBeLessThan(confidenceOf('address 93.184.216.45') ?? 0);
    expect(confidenceOf('mail.example.com has 93.184.216.45')).toBe(confidenceOf('mail.acme.com has 93.184.216.45'));
  });
});

describe('IP_ADDRESS (IPv6)', () => {
  it.each([
    ['addr 2a00:1450:85a3:0000:0000:8a2e:0370:7334 up', '2a00:1450:85a3:0000:0000:8a2e:0370:7334'],
    ['addr 2a00:1450:85a3::8a2e:370:7334 up', '2a00:1450:85a3::8a2e:370:7334'],
    ['gw fe80::1ff:fe23:4567:890a', 'fe80::1ff:fe23:4567:890a'],
    ['link fe80::1', 'fe80::1'],
    ['ula fd12:3456:789a:1::1', 'fd12:3456:789a:1::1'],
    ['mapped ::ffff:8.8.4.128', '::ffff:8.8.4.128'],
    ['url http://[2606:4700:4700::1111]:443/', '2606:4700:4700::1111'],
    ['trailing colon 2a00:1450::42:', '2a00:1450::42'],
    ['IPV6 2A00:1450:0:0:8:800:200C:417A', '2A00:1450:0:0:8:800:200C:417A'],
  ])('finds the address in %j', (text, value) => {
    expect(found(text, 'IP_ADDRESS')).toEqual([value]);
  });

  it.each([
    ['a MAC address', 'mac 00:1A:2B:3C:4D:5E'],
    ['a time', 'at 10:30:45 and 23:59'],
    ['a C++ scope', 'std::vector<int> and Foo::Bar and dead::beef'],
    ['an array slice', 'a[1::2] and b[10::3]'],
    ['the unspecified address', 'bind ::'],
    ['too many groups', '1:2:3:4:5:6:7:8:9'],
    ['two double colons', '2001::db8::1'],
    ['a group too long', '2a00:1450::12345'],
    ['a timestamp', '2024-01-15T10:30:45.123Z'],
    ['a hash in hex', 'sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'IP_ADDRESS')).toEqual([]);
  });

  it('prefers the whole mapped address over its IPv4 tail', () => {
    expect(scan('src ::ffff:10.1.2.3').map((f) => f.value)).toEqual(['::ffff:10.1.2.3']);
  });
});

describe('IP_ADDRESS on hostile input', () => {
  const MIB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
  it.each([
    ['dotted digits', fill('1.')],
    ['dotted quads glued', fill('10.0.0.1.')],
    ['colons', fill(':')],
    ['hex and colons', fill('fe80:')],
    ['double colons', fill('a::')],
    ['cues and versions', fill('version ip 1.2.3.4 ')],
    ['digits', fill('1234567890')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(() => scan(text)).not.toThrow();
  }, 10_000);
});

describe('IP_ADDRESS documentation ranges', () => {
  it('hides the ranges reserved for examples by default, and a policy can still see them', () => {
    for (const ip of ['192.0.2.10', '198.51.100.7', '203.0.113.45', '2001:db8::42']) {
      expect(found(`connect to ${ip} now`, 'IP_ADDRESS')).toEqual([]);
      expect(scan(`connect to ${ip} now`, { minConfidence: 0.4 }).map((f) => f.value)).toEqual([ip]);
    }
  });
});
