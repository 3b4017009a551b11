import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';

describe('EMAIL', () => {
  it.each([
    ['Write to jane.doe@example.com today', 'jane.doe@example.com'],
    ['<a.b+tag_1%x@mail.sub.example.co.uk>', 'a.b+tag_1%x@mail.sub.example.co.uk'],
    ['mailto:ops-team@my-company.io.', 'ops-team@my-company.io'],
    ['(JOHN@EXAMPLE.ORG)', 'JOHN@EXAMPLE.ORG'],
    ['said so...x@example.com', 'x@example.com'],
    ['john..doe@example.com', 'doe@example.com'],
    ['punycode: user@xn--bcher-kva.example.', 'user@xn--bcher-kva.example'],
    ['an IDN TLD x@xn--80ak6aa92e.xn--p1ai', 'x@xn--80ak6aa92e.xn--p1ai'],
    ['to josé@correo.es.', 'josé@correo.es'],
    ['Unicode domain a.user@bücher.de', 'a.user@bücher.de'],
    ['пользователь@пример.рф', 'пользователь@пример.рф'],
  ])('finds the address in %j', (text, value) => {
    expect(found(text, 'EMAIL')).toEqual([value]);
  });

  it.each([
    'user@localhost',
    'a@b.c',
    'x@example.c0m',
    'icon@2x.png',
    'john.@example.com',
    'a@b@example.com',
    '@example.com',
    'user@-example.com',
    'user@example-.com',
    'price 5 @ 3.50',
    'user@bücher',
    'handle@日本',
    `${'x'.repeat(65)}@example.com`,
  ])('does not report %j', (text) => {
    expect(found(text, 'EMAIL')).toEqual([]);
  });

  it('finds several addresses with exact spans', () => {
    const text = 'a@x.com,b@y.org;c@z.net';
    expect(found(text, 'EMAIL')).toEqual(['a@x.com', 'b@y.org', 'c@z.net']);
  });
});
