import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';
import { base64Noise, fill, randomStrings } from './fixtures.js';

const random = randomStrings(17);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const SIGNATURE = random('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 43);
const HEADER = b64url({ alg: 'HS256', typ: 'JWT' });
const PAYLOAD = b64url({ sub: 'user-42', iat: 1700000000, exp: 1700003600 });
const TOKEN = `${HEADER}.${PAYLOAD}.${SIGNATURE}`;

describe('JWT', () => {
  it.each([
    ['alone', TOKEN],
    ['in a bearer header', `Authorization: Bearer ${TOKEN}`],
    ['in JSON', `{"id_token": "${TOKEN}"}`],
    ['in a cookie', `Cookie: session=${TOKEN}; Path=/`],
    ['closing a sentence', `my token is ${TOKEN}.`],
    ['in a URL', `https://app.example.com/callback#access_token=${TOKEN}&state=x`],
  ])('finds a token %s', (_name, text) => {
    expect(found(text, 'JWT')).toEqual([TOKEN]);
  });

  it('finds RS256 tokens with a key id', () => {
    const token = `${b64url({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${PAYLOAD}.${random('abcdefghijklmnopqrstuvwxyz0123456789-_', 342)}`;
    expect(found(token, 'JWT')).toEqual([token]);
  });

  it.each([
    ['a header without alg', `${b64url({ typ: 'JWT' })}.${PAYLOAD}.${SIGNATURE}`],
    ['a header that is not JSON', `eyJub3QganNvbg.${PAYLOAD}.${SIGNATURE}`],
    ['two segments', `${HEADER}.${PAYLOAD}`],
    ['no signature', `${HEADER}.${PAYLOAD}.`],
    ['a short signature', `${HEADER}.${PAYLOAD}.abc`],
    ['a payload that is not an object', `${HEADER}.aGVsbG8.${SIGNATURE}`],
    ['a five-part JWE', `${HEADER}.${PAYLOAD}.${SIGNATURE}.${SIGNATURE}.${SIGNATURE}`],
    ['glued to a word', `x${TOKEN}`],
    ['a truncated example', 'A JWT looks like eyJhbGciOi... followed by the payload'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'JWT')).toEqual([]);
  });

  it.each([
    ['repeated object starts', fill('eyJ')],
    ['dotted object starts', fill('eyJ.')],
    ['repeated headers', fill(`${HEADER}.`)],
    ['headers and payloads with short signatures', fill(`${HEADER}.${PAYLOAD}.x `)],
    ['base64 noise after a header', `${HEADER}.${base64Noise()}`],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    expect(found(text, 'JWT')).toEqual([]);
  });
});
