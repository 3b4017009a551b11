import { describe, expect, it } from 'vitest';
import { scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

describe('PHONE', () => {
  it.each([
    ['Reach me at (415) 555-0132.', '(415) 555-0132'],
    ['Reach me at (415)555-0132', '(415)555-0132'],
    ['office 415-555-0132', '415-555-0132'],
    ['office 415.555.0132', '415.555.0132'],
    ['office 415 555 0132', '415 555 0132'],
    ['dial +1 415 555 0132 now', '+1 415 555 0132'],
    ['dial +1-415-555-0132 now', '+1-415-555-0132'],
    ['toll free 1-800-555-0199', '1-800-555-0199'],
    ['London +44 20 7946 0958', '+44 20 7946 0958'],
    ['Berlin +49 30 12345678', '+49 30 12345678'],
    ['compact +442079460958', '+442079460958'],
    ['Phone: 4155550132', '4155550132'],
    ['call me on 14155550132 tonight', '14155550132'],
    ['4155550132 (mobile)', '4155550132'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text, 'PHONE')).toEqual([value]);
  });

  it.each([
    ['a bare 10-digit run without context', 'Order #4155550132 shipped'],
    ['a context word that is only part of a word', 'cellar 4155550132'],
    ['a date', 'on 2024-01-15 and 2024.01.15'],
    ['a date with a plus', 'offset +2024-01-15'],
    ['an IP address', 'host 192.168.100.200 and 10.0.0.255'],
    ['a version string', 'release v2.415.555.0132 and 3.415.555.0132'],
    ['mixed separators', '415-555.0132'],
    ['an area code starting with 1', '123-555-0132'],
    ['an exchange starting with 0', '415-055-0132'],
    ['a longer digit run', '99415-555-0132 and 415-555-01329'],
    ['a longer dotted run', '7.415.555.0132'],
    ['glued to letters', 'x415-555-0132 415-555-0132y'],
    ['too few digits after +', '+44 20 79'],
    ['single-digit groups after +', '+4 5 6 7 8 9 1 2 3'],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PHONE')).toEqual([]);
  });

  it('gives a context word a higher confidence', () => {
    const [plain] = scan('see 415-555-0132');
    const [cued] = scan('phone: 415-555-0132');
    expect(cued?.confidence).toBeGreaterThan(plain?.confidence ?? 1);
  });
});
