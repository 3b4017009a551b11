import { describe, expect, it } from 'vitest';
import { scan } from '../../src/engine/index.js';
import { noiseSpans, withoutNoise } from '../../src/engine/noise.js';
import { finding } from './helpers.js';

/** The text of each noise span, leaving out spans that lie inside another (kinds overlap). */
function noise(text: string): string[] {
  const spans = [...noiseSpans(text)].sort((a, b) => a.start - b.start || b.end - a.end);
  const outer = spans.filter((s, i) => !spans.slice(0, i).some((o) => o.end >= s.end));
  return outer.map((s) => text.slice(s.start, s.end));
}

const MIB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);

describe('noiseSpans', () => {
  it('covers UUIDs', () => {
    expect(noise('id 550e8400-e29b-41d4-a716-446655440000 and 550E8400-E29B-41D4-A716-446655440000')).toEqual([
      '550e8400-e29b-41d4-a716-446655440000',
      '550E8400-E29B-41D4-A716-446655440000',
    ]);
  });

  it('covers hex digests of md5, sha1 and sha2 lengths', () => {
    const md5 = 'd41d8cd98f00b204e9800998ecf8427e';
    const sha1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
    const sha224 = 'd14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f';
    const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const sha384 = '38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b';
    const sha512 = 'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e';
    for (const digest of [md5, sha1, sha224, sha256, sha384, sha512]) {
      expect(noise(`digest ${digest}.`)).toEqual([digest]);
      expect(noise(`${digest.toUpperCase()}`)).toEqual([digest.toUpperCase()]);
    }
    expect(noise(`image@sha256:${sha256}`)).toEqual([sha256]);
    expect(noise(`0x${sha256}`)).toEqual([`0x${sha256}`]);
  });

  it('covers short hex after a commit, hash or checksum cue', () => {
    expect(noise('commit 1a2b3c4 fixed it')).toEqual(['1a2b3c4']);
    expect(noise('Merged in rev: 9fceb02d0ae5')).toEqual(['9fceb02d0ae5']);
    expect(noise('"commit_sha": "4e1243bd22c66e76c2ba9eddc1f91394e57f9f83"')).toEqual(['4e1243bd22c66e76c2ba9eddc1f91394e57f9f83']);
    expect(noise('tx hash: 0xde709f2102306220921060314715629080e2fb77')).toEqual(['0xde709f2102306220921060314715629080e2fb77']);
    expect(noise('checksum=00112233')).toEqual(['00112233']);
  });

  it('leaves hex of other lengths, and 0x with 40 digits, alone', () => {
    expect(noise('a1b2c3d4e5f6 deadbeefcafe 0123456789abcdef0123')).toEqual([]);
    expect(noise('wallet 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual([]);
    expect(noise(`${'a'.repeat(31)} ${'b'.repeat(33)} x${'c'.repeat(32)}`)).toEqual([]);
  });

  it('covers version strings', () => {
    expect(noise('Upgraded to v2.10.3 from V1.9')).toEqual(['v2.10.3', 'V1.9']);
    expect(noise('1.4.0-beta.2+build.77 and 2.0.0-rc.1 and 1.0.0+20130313144700')).toEqual([
      '1.4.0-beta.2+build.77',
      '2.0.0-rc.1',
      '1.0.0+20130313144700',
    ]);
    expect(noise('react@18.2.0, django==4.2.1, "lodash": "^4.17.21"')).toEqual(['18.2.0', '4.2.1', '4.17.21']);
    expect(noise('Version 10.0.19041.1 (build 1.2.3.4)')).toEqual(['10.0.19041.1', '1.2.3.4']);
    expect(noise('"version": "1.2.3.4", firmware v3.1.4')).toEqual(['1.2.3.4', 'v3.1.4']);
  });

  it('leaves bare dotted numbers alone: they may be dates or IP addresses', () => {
    expect(noise('on 15.01.1990 from 10.0.0.1 at 1.2.3 and 192.168.1.1')).toEqual([]);
    expect(noise('ssh root@10.0.0.1')).toEqual([]);
  });

  it('covers epoch timestamps after a time key, and 13-digit milliseconds anywhere', () => {
    expect(noise('{"created_at": 1705312345, "updatedAt": 1705312345.123, "ts": 1705312345123}')).toEqual([
      '1705312345',
      '1705312345.123',
      '1705312345123',
    ]);
    expect(noise('timestamp=1705312345 epoch 1705312345 exp: 2000000000 Unix time: 1000000000')).toEqual([
      '1705312345',
      '1705312345',
      '2000000000',
      '1000000000',
    ]);
    expect(noise('logged 1705312345678')).toEqual(['1705312345678']);
  });

  it('leaves 10 digits without a time key, and numbers outside 2001-2040, alone', () => {
    expect(noise('her NPI is 1245319599, call 2125550132')).toEqual([]);
    expect(noise('call me at 2125550132 or ask Jason 2125550132 on 2125550132')).toEqual([]);
    expect(noise('ts=999999999 ts=2240611200 ts=9999999999999')).toEqual([]);
  });

  it('covers ISBNs', () => {
    expect(noise('ISBN 978-0-306-40615-7, 9780306406157 and 978 0 306 40615 7')).toEqual([
      '978-0-306-40615-7',
      '9780306406157',
      '978 0 306 40615 7',
    ]);
    expect(noise('ISBN: 0-306-40615-2, ISBN-10 080442957X, isbn13: 9791032305690')).toEqual([
      '0-306-40615-2',
      '080442957X',
      '9791032305690',
    ]);
  });

  it('leaves invalid ISBNs, and ten digits without the cue, alone', () => {
    expect(noise('9780306406158 and ISBN 0-306-40615-3 and 0306406152')).toEqual([]);
  });

  it('covers parcel tracking numbers', () => {
    expect(noise('UPS 1Z999AA10123456784 or 1Z 999 AA1 01 2345 6784')).toEqual(['1Z999AA10123456784', '1Z 999 AA1 01 2345 6784']);
    expect(noise('Registered mail RA123456785DE')).toEqual(['RA123456785DE']);
    expect(noise('FedEx tracking number: 123456789012')).toEqual(['123456789012']);
    expect(noise('USPS tracking # 9400 1000 0000 0000 0000 00')).toEqual(['9400 1000 0000 0000 0000 00']);
    expect(noise('DHL waybill 1234567890')).toEqual(['1234567890']);
    expect(noise('"trackingNumber": "JD014600003285789127"')).toEqual(['JD014600003285789127']);
  });

  it('leaves S10 numbers with a wrong check digit, and short values after tracking cues, alone', () => {
    expect(noise('RA123456784DE, track 2 of the album, shipment 12')).toEqual([]);
  });

  it('leaves phone numbers after carrier names alone', () => {
    expect(noise('UPS: 1-800-742-5877, FedEx 800 463 3339, DHL (800) 225-5345')).toEqual([]);
    expect(noise('Your FedEx tracking number is 123456789012.')).toEqual(['123456789012']);
  });

  it('covers order, invoice and other reference ids', () => {
    expect(noise('Order #4111111111111111 shipped')).toEqual(['4111111111111111']);
    expect(noise('Your order 112-3456789-1234567 and invoice no. 20240115')).toEqual(['112-3456789-1234567', '20240115']);
    expect(noise('Invoice INV-2024-00123, ORD#55812, INC0012345')).toEqual(['INV-2024-00123', 'ORD#55812', 'INC0012345']);
    expect(noise('PO 4411, Ref: AB-7781, reference number 99812, confirmation code K7Q2M9')).toEqual(['4411', 'AB-7781', '99812', 'K7Q2M9']);
    expect(noise('Case 00123456; ticket #4521; case no. 778812')).toEqual(['00123456', '4521', '778812']);
    // A cue does not reach across a sentence end.
    expect(noise('Dr. Lee signed the order. 1EG4TE5MK73 is her Medicare number')).toEqual([]);
    expect(noise('{"order_id": "99812", "invoiceNumber": 77123}')).toEqual(['99812', '77123']);
    expect(noise('SKU 12345-678, model no. 88123, serial number SN-2231-X')).toEqual(['12345-678', '88123', 'SN-2231-X']);
    expect(noise('product code 4006381333931, UPC: 036000291452')).toEqual(['4006381333931', '036000291452']);
  });

  it('covers the cells of table columns headed by a cue', () => {
    expect(noise('order_id,total\n4111111111111111,12.00\n"5555555555554444",3')).toEqual([
      '4111111111111111',
      '5555555555554444',
    ]);
    expect(noise('| Tracking # | Carrier |\n|---|---|\n| 123456789012 | FedEx |')).toEqual(['123456789012']);
    expect(noise('commit,author\n9fceb02,jane\n1a2b3c4d,joe')).toEqual(['9fceb02', '1a2b3c4d']);
    expect(noise('name\tversion\nreact\t18.2.0')).toEqual(['18.2.0']);
    expect(noise('name,card,order\nJane,4111111111111111,A-1')).toEqual(['A-1']);
    expect(noise('order_id,phone\n415-555-0132,x')).toEqual([]); // phone shapes are kept
  });

  it('does not take real values for reference ids', () => {
    expect(noise('card 4111111111111111, account 12345678, acct 998877')).toEqual([]);
    expect(noise('in case 415-555-0132 is busy; PO Box 1234; in order to pay 4111111111111111')).toEqual([]);
    expect(noise('Order #4111 1111 1111 1111')).toEqual(['4111']); // one token only, never the whole card
    expect(noise('Ticket: jane123@example.com')).toEqual(['jane123']); // so the e-mail address outlasts it
    expect(noise('Ref: 415-555-0132, case #123-45-6789')).toEqual([]); // phone and SSN shapes
  });
});

describe('withoutNoise', () => {
  const spans = [
    { start: 0, end: 10 },
    { start: 5, end: 30 },
  ];

  it('drops findings wholly inside a span, keeps those reaching out of every span', () => {
    const inside = finding('SSN', 'PII', 'x'.repeat(20), 8);
    const across = finding('SSN', 'PII', 'x'.repeat(10), 25);
    expect(withoutNoise([inside, across], spans, () => false)).toEqual([across]);
  });

  it('keeps exempt findings', () => {
    const key = finding('AWS_ACCESS_KEY', 'SECRETS', 'x'.repeat(5), 1);
    expect(withoutNoise([key], spans, (f) => f.type === 'AWS_ACCESS_KEY')).toEqual([key]);
  });
});

describe('scan with known noise', () => {
  it('leaves benign text full of identifiers clean', () => {
    const benign = [
      'Release notes for v2.10.3 (build 1.2.3.4), commit 9fceb02d0ae598e95dc970b74767f19372d61af8.',
      'Artifact sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855, md5 d41d8cd98f00b204e9800998ecf8427e.',
      '{"id": "550e8400-e29b-41d4-a716-446655440000", "created_at": 1705312345, "ts": 1705312345123, "version": "10.0.19041.1"}',
      'Your order #4111111111111111 (invoice INV-2024-00123) shipped: UPS 1Z999AA10123456784, USPS tracking 9400 1000 0000 0000 0000 00.',
      'Order 112-3456789-1234567 ships with ISBN 978-0-306-40615-7 and ISBN 0-306-40615-2. Case #00123 closed; Ref: 4155550132.',
      'Checksum: 4111111111111111, PO 5555555555554444, confirmation 378282246310005, ticket 6011111111111117.',
      'order_id,tracking_number,total\n4111111111111111,1Z999AA10123456784,12.00\n5555555555554444,123456789012,8.50',
      'tx hash 0xde709f2102306220921060314715629080e2fb77, serial number 021000021, RA123456785DE.',
    ].join('\n');
    expect(scan(benign)).toEqual([]);
  });

  it('still finds real values next to noise', () => {
    const text = [
      'Order #55812 (commit 9fceb02d) paid with card 4111 1111 1111 1111 by jane@example.com.',
      'ts=1705312345 SSN: 123-45-6789, IBAN DE89 3704 0044 0532 0130 00, ISBN 978-0-306-40615-7.',
      'v2.10.3 routing 021000021 account number 12345678, tracking 1Z999AA10123456784.',
    ].join('\n');
    const types = scan(text).map((f) => [f.type, f.value]);
    for (const expected of [
      ['CREDIT_CARD', '4111 1111 1111 1111'],
      ['EMAIL', 'jane@example.com'],
      ['SSN', '123-45-6789'],
      ['IBAN', 'DE89 3704 0044 0532 0130 00'],
      ['ABA_ROUTING', '021000021'],
      ['BANK_ACCOUNT', '12345678'],
    ]) {
      expect(types).toContainEqual(expected);
    }
  });

  it.each([
    ['digit runs', fill('1234567890')],
    ['hex runs', fill('deadbeef')],
    ['hex tokens', fill('deadbeef0123 ')],
    ['repeated cue words', fill('order invoice tracking commit version isbn ')],
    ['cues and filler', fill('order no # id ')],
    ['camelCase cues', fill('orderOrder')],
    ['cues before long tokens', fill(`order ${'a1'.repeat(50)} `)],
    ['version-like runs', fill('1.2.3-')],
    ['v-prefixes', fill('v1.')],
    ['ISBN-like groups', fill('978 ')],
    ['UPS prefixes', fill('1Z ')],
    ['0x prefixes', fill('0x')],
    ['epoch keys', fill('ts=1705312345 ')],
    ['prefixed ids', fill('INV-1-')],
    ['table headers', fill('order,tracking\n')],
    ['table rows naming things', `order,carrier\n${fill('4111,FedEx\n')}`],
    ['a wide header', fill('order,')],
    ['repeated separators', fill('- . / : ')],
    ['base64 noise', Buffer.from(Array.from({ length: (MIB * 3) / 4 }, (_, i) => (i * 7919) % 256)).toString('base64')],
  ])('finds noise in 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(noiseSpans(text))).toBe(true);
  }, 10_000);
});
