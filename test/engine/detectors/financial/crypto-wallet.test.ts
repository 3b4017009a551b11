import { describe, expect, it } from 'vitest';
import { legacyAddressValid, segwitAddressValid } from '../../../../src/engine/detectors/financial/bitcoin.js';
import { eip55Valid } from '../../../../src/engine/detectors/financial/ethereum.js';
import { scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

const confidence = (text: string) => scan(text, { minConfidence: 0 }).find((f) => f.type === 'CRYPTO_WALLET')?.confidence;
const MIB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);

describe('CRYPTO_WALLET', () => {
  it.each([
    ['P2PKH', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['P2PKH with leading zero bytes', '1111111111111111111114oLvT2'],
    ['P2SH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['P2WPKH (bech32)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['P2WPKH in upper case', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['P2WSH (bech32)', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['taproot (bech32m)', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['Ethereum with an EIP-55 checksum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['another EIP-55 address', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
  ])('finds %s without context', (_name, value) => {
    expect(found(`${value}`, 'CRYPTO_WALLET')).toEqual([value]);
    expect(found(`"to": "${value}",`, 'CRYPTO_WALLET')).toEqual([value]);
  });

  it('rates by checksum and context', () => {
    expect(confidence('send 0.1 BTC to 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(0.97);
    expect(confidence('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(0.9);
    expect(confidence('sample address 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(0.45);
    expect(confidence('{"wallet":"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"}')).toBe(0.97);
    // One case: no checksum, so context decides.
    expect(confidence('ETH wallet: 0xde709f2102306220921060314715629080e2fb77')).toBe(0.75);
    expect(confidence('ETH: 0x52908400098527886E0F7030069857D2E4169EE7')).toBe(0.75);
    expect(confidence('value 0xde709f2102306220921060314715629080e2fb77')).toBe(0.4);
    expect(confidence('storage slot id 0xde709f2102306220921060314715629080e2fb77 of the wallet')).toBe(0.3);
  });

  it.each([
    ['a bad base58 checksum', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'],
    ['a testnet address', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
    ['a base58 word in prose', 'see 1BvBMSEYstWetqTFn5Au4m4GFg7x for details'],
    ['a bad bech32 checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['bech32m on witness version 0', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    ['mixed-case bech32', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['witness version 17', 'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R'],
    ['a bad EIP-55 checksum', 'wallet 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['a one-case address without context', '0xde709f2102306220921060314715629080e2fb77'],
    ['a hash after its cue', 'commit hash 0xde709f2102306220921060314715629080e2fb77'],
    ['a one-case value near hash words', 'tx 0xde709f2102306220921060314715629080e2fb77 sent to the address'],
    ['a 64-digit transaction hash', 'send tx 0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b'],
    ['41 hex digits', 'wallet 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0'],
    ['a git SHA without 0x', 'wallet da39a3ee5e6b4b0d3255bfef95601890afd80709'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'CRYPTO_WALLET')).toEqual([]);
  });

  it('implements the checksums', () => {
    expect(legacyAddressValid('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(legacyAddressValid('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz')).toBe(false);
    expect(segwitAddressValid('bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs')).toBe(true); // witness v2, 16 bytes
    expect(segwitAddressValid('bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du')).toBe(false); // padding of more than 4 bits
    expect(eip55Valid('fB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(true);
    expect(eip55Valid('fb6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(false);
  });

  it.each([
    ['0x prefixes', fill('0x')],
    ['hex after 0x', fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed ')],
    ['base58 noise', fill('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2x')],
    ['bc1 prefixes', fill('bc1q')],
    ['base64 noise', Buffer.from(Array.from({ length: (MIB * 3) / 4 }, (_, i) => (i * 7919) % 256)).toString('base64')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(scan(text))).toBe(true);
  }, 10_000);
});
