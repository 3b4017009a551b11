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
    `${'x'.repeat(65)}@example.com`,
  ])('does not report %j', (text) => {
    expect(found(text, 'EMAIL')).toEqual([]);
  });

  it('finds several addresses with exact spans', () => {
    const text = 'a@x.com,b@y.org;c@z.net';
    expect(found(text, 'EMAIL')).toEqual(['a@x.com', 'b@y.org', 'c@z.net']);
  });
});
