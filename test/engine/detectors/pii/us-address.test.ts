import { describe, expect, it } from 'vitest';
import { scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';

const confidenceOf = (text: string) => scan(text).find((f) => f.type === 'US_ADDRESS')?.confidence ?? 0;

describe('US_ADDRESS', () => {
  it.each([
    ['Ship to 1600 Pennsylvania Avenue NW, Washington, DC 20500 today', '1600 Pennsylvania Avenue NW, Washington, DC 20500'],
    ['123 Main St, Apt 4B, Springfield, IL 62704-1234', '123 Main St, Apt 4B, Springfield, IL 62704-1234'],
    ['350 5th Ave, New York, NY 10118', '350 5th Ave, New York, NY 10118'],
    ['1 Infinite Loop, Cupertino, CA 95014, USA', '1 Infinite Loop, Cupertino, CA 95014, USA'],
    ['42 W. Elm St. Suite 200\nAustin, Texas 78701', '42 W. Elm St. Suite 200\nAustin, Texas 78701'],
    ['500 MARKET STREET SAN FRANCISCO CA 94105', '500 MARKET STREET SAN FRANCISCO CA 94105'],
    ['742 Evergreen Terrace, Springfield, Oregon', '742 Evergreen Terrace, Springfield, Oregon'],
    ['8 Martin Luther King Jr. Blvd #12, Atlanta, GA 30303', '8 Martin Luther King Jr. Blvd #12, Atlanta, GA 30303'],
    ['"address": "221 Baker Street, Boston, MA 02116"', '221 Baker Street, Boston, MA 02116'],
    ['123 Main St,Springfield,IL,62704', '123 Main St,Springfield,IL,62704'],
    ['P.O. Box 1234, Springfield, IL 62704', 'P.O. Box 1234, Springfield, IL 62704'],
    ['PO Box 77 Juneau AK 99801', 'PO Box 77 Juneau AK 99801'],
    ['Mail it to PO Box 1234.', 'PO Box 1234'],
    ['She lives at 42 Baker Street.', '42 Baker Street'],
    ['Deliver to 17 Oak Ln Apt 3', '17 Oak Ln Apt 3'],
    ['12-14 Elm Ct, Ithaca, NY 14850', '12-14 Elm Ct, Ithaca, NY 14850'],
    ['Address: 5406 Avenida César Chávez, Laredo, Texas 78073', '5406 Avenida César Chávez, Laredo, Texas 78073'],
    ['4731 Paseo de Peralta, Spokane WA 99224', '4731 Paseo de Peralta, Spokane WA 99224'],
    ['1209 Via Lido, Unit 20\nDes Moines, IA 50312', '1209 Via Lido, Unit 20\nDes Moines, IA 50312'],
    ['2249 Rue Royale Apt. 6F, Savannah GA 31484', '2249 Rue Royale Apt. 6F, Savannah GA 31484'],
    ['2849 Camino del Río, Paterson, NJ 07566-8063', '2849 Camino del Río, Paterson, NJ 07566-8063'],
    ['9929 Via Lido\nSan José, CA 95138', '9929 Via Lido\nSan José, CA 95138'],
    ['311 Paseo de Peralta #548, Cañon City, CO 81231', '311 Paseo de Peralta #548, Cañon City, CO 81231'],
    ['she lives at 2572 Calle Ocho', '2572 Calle Ocho'],
  ])('finds the address in %j', (text, value) => {
    expect(found(text, 'US_ADDRESS')).toEqual([value]);
  });

  it.each([
    ['a section number before a capitalised phrase', 'Section 12 Street Fighter'],
    ['a count of ways', '5 Ways to Save Money'],
    ['a count before a street-like phrase', 'Chapter 3 Main Street Blues and over 20 Wall Street firms'],
    ['a bare ZIP code', 'ZIP 90210 and 62704-1234'],
    ['a city and state alone', 'Springfield, IL 62704'],
    ['a lower-case street', '123 main street'],
    ['a number glued to a price', '$20 Main St'],
    ['a suffix inside a longer word', '12 Oak Streetcar'],
    ['no name word before the suffix', '12 Street and 7 Ave'],
    ['a street type first, without a city or cue', 'Gate 12 Via Rail and 3 Plaza Hotels'],
    ['a bank letterhead box', 'Customer Care Center · P.O. Box 8997 · Member FDIC'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'US_ADDRESS')).toEqual([]);
  });

  it('ranks full addresses over street lines over bare streets', () => {
    const full = confidenceOf('123 Main St, Springfield, IL 62704');
    const cityState = confidenceOf('123 Main St, Springfield, IL');
    const withUnit = confidenceOf('see 123 Main St Apt 4');
    const bare = confidenceOf('see 123 Main St');
    expect(full).toBeGreaterThan(cityState);
    expect(cityState).toBeGreaterThan(withUnit);
    expect(withUnit).toBeGreaterThan(bare);
    expect(bare).toBeGreaterThanOrEqual(0.5);
    expect(confidenceOf('home address: 123 Main St')).toBeGreaterThan(bare);
  });

  it('keeps the address whole: no PHONE, ZIP or PERSON_NAME pieces', () => {
    const text = 'Jane Smith\n1600 Martin Luther King Avenue, Springfield, IL 62704\nPhone 415-555-0132';
    expect(scan(text).map((f) => [f.type, f.value])).toEqual([
      ['PERSON_NAME', 'Jane Smith'],
      ['US_ADDRESS', '1600 Martin Luther King Avenue, Springfield, IL 62704'],
      ['PHONE', '415-555-0132'],
    ]);
  });

  it('drops a street line next to "example", keeps a full address', () => {
    expect(found('for example 123 Main St', 'US_ADDRESS')).toEqual([]);
    expect(found('for example 123 Main St, Springfield, IL 62704', 'US_ADDRESS')).toHaveLength(1);
  });

  const MIB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
  it.each([
    ['numbers and capitals', fill('1 A ')],
    ['street-like runs', fill('12 Main Oak Elm Pine ')],
    ['streets without suffix', fill('123 Main Main Main Main Main ')],
    ['long capitalised words', fill(`1 ${'A'.repeat(200)} `)],
    ['streets and cities', fill('123 Main St, Springfield, ')],
    ['PO boxes', fill('P.O. Box 1 ')],
    ['digits and spaces', fill('1 ')],
  ])('scans 1 MiB of %s', (_name, text) => {
    expect(() => scan(text)).not.toThrow();
  }, 10_000);
});
