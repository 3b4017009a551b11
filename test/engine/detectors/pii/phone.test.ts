import { describe, expect, it } from 'vitest';
import { check, mask, scan } from '../../../../src/engine/index.js';
import { found, rule } from '../../helpers.js';

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
    ['"phone_number": "4155550132"', '4155550132'],
    ['London +44 (0)20 7946 0958', '+44 (0)20 7946 0958'],
    ['Tel: 020 7946 0958', '020 7946 0958'],
    ['mobile: 07700 900123', '07700 900123'],
    ['Tel. (030) 12345678', '(030) 12345678'],
    ['téléphone 01 23 45 67 89', '01 23 45 67 89'],
    ['fax 0044 20 7946 0958', '0044 20 7946 0958'],
    ['Call me on +33 6 65 96 69 18 today', '+33 6 65 96 69 18'],
    ['Phone: +61 2 4804 4096', '+61 2 4804 4096'],
    ['Sean Santos, +44 20 7347 0676 4240-3848-1536-0755', '+44 20 7347 0676'],
    ['{"contactPhone": "6174447888"}', '6174447888'],
    ['Reach the warehouse manager at 5123352097.', '5123352097'],
    ['Tel. no. 4155550132', '4155550132'],
    ['confirmed on +13125550176.', '+13125550176'],
    ['TELEPHONE ....... 312/555-0176', '312/555-0176'],
    ['UK office +44 (20) 7946 0321', '+44 (20) 7946 0321'],
    ['Manila +63 (917) 555 0142', '+63 (917) 555 0142'],
    ['Istanbul +90 (532) 555 41 07', '+90 (532) 555 41 07'],
    ['携帯 mobile: 090-5555-0187', '090-5555-0187'],
    ['手机 cell 139 5555 0123', '139 5555 0123'],
    ['Handy: 0151 55501234', '0151 55501234'],
    ['Tel: 03-555-0144', '03-555-0144'],
    ['Phone (Brazil): (11) 95555-0123', '(11) 95555-0123'],
    ['whatsapp 98765 55512', '98765 55512'],
    ['téléphone 06.55.50.12.34', '06.55.50.12.34'],
    ['Office: 2125550163', '2125550163'],
    ['family wants a callback at 6175550142', '6175550142'],
    ['What phone number should we call you back on?\nVisitor: 5105550139', '5105550139'],
    ['Ph: 0412 555 018', '0412 555 018'],
    ['Jane Roe | Ph. (02) 5550 1234', '(02) 5550 1234'],
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
    ['a national number without context', 'ref 020 7946 0958'],
    ['a 00-prefixed run without context', 'ref 0044207946095'],
    ['a date near a cue', 'call on 01.02.2024'],
    ['a short national number', 'phone 0123 456'],
    ['a cue across a sentence end', 'call the number on our website.\nEAN 0074881008868'],
    ['a cue that belongs to the next field', '"account_number": "6045539194", "note": "x"'],
    ['a date in day-month-year groups near a cue', 'call me on 12 03 1984 or 12.03.1984'],
    ['an SSN near a cue', 'contact SSN 123-45-6789'],
    ['an amount near a cue', 'call about $1 250 000 and 1 250 000%'],
    ['a dotted quad near a cue', 'contact host 10.120.30.140'],
    ['a one-digit dotted version near a cue', 'phone app 2.4155.550.132'],
    ['a card number near a cue', 'call re card 4111 1111 1111 1111'],
    ['a bracketed group that is not after a country code', 'ref (44) 2079 460958'],
    ['a statement after a cue', 'Call us today. Order 55512345678 shipped'],
    ['a compact +1 number with a bad area code', 'see +11235550132'],
    ['an order id after a cue', 'Call me about order 2024 0012 3456 tomorrow'],
    ['a ticket number after a cue', 'Contact us re ticket #123 4567 890'],
    ['a date and a time after a cue', 'phone interview scheduled 03 12 2024 10 30'],
    ['an invoice after a cue', 'Contact: invoice no. 5125550147'],
    ['an amount and a count near a cue', 'Call center: 1 250 000 calls, 12 345 678 minutes, $1 234 567.89'],
    ['a pH reading and a lot number', 'pH 7.4, lot 2024 0012 3456'],
    ['ph inside a word', 'graph 0412 555 018'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PHONE')).toEqual([]);
  });

  it('lets a cue own only the value it labels', () => {
    const json = '{"account_number": "6045539194", "mobile": "1 (503) 637-4272"}';
    expect(found(json, 'PHONE')).toEqual(['1 (503) 637-4272']);
  });

  it('finds every number of a list a cue opens', () => {
    expect(found('Call 415-555-0132 or 020 7946 0958, alt: 07700 900123', 'PHONE')).toEqual([
      '415-555-0132',
      '020 7946 0958',
      '07700 900123',
    ]);
    expect(found('phone +44 20 7946 0958 (work), 0151 55501234 (mobile)', 'PHONE')).toEqual([
      '+44 20 7946 0958',
      '0151 55501234',
    ]);
    expect(found('phone 415-555-0132; order 5555012345 shipped', 'PHONE')).toEqual(['415-555-0132']);
    expect(found('Contact on file for the account holder: ana.ruiz@mail.example.net, 5125550147', 'PHONE')).toEqual([
      '5125550147',
    ]);
    expect(found('jo.lee@corp.io, 5125550147', 'PHONE')).toEqual([]);
  });

  it('masks the whole of every number it finds', () => {
    const text = 'Tel: +90 (532) 555 41 07 or 0532 555 41 08; Mob 139 5555 0123';
    const masked = mask(text, scan(text), 'label', 'test-key');
    expect(masked).toBe('Tel: [PHONE] or [PHONE]; Mob [PHONE]');
  });

  it('reads a phone column', () => {
    const csv = 'id,contactPhone,updated_at\n22237,+49 30 92142970,2022-11-13\n92054,7137562943,"March 4, 2024"';
    expect(found(csv, 'PHONE')).toEqual(['+49 30 92142970', '7137562943']);
  });

  it('drops a number next to "dummy" unless it is distinctive', () => {
    expect(found('dummy 415 555 0132', 'PHONE')).toEqual([]);
    expect(found('dummy +1 415 555 0132', 'PHONE')).toEqual(['+1 415 555 0132']);
  });

  it('scans 1 MiB of zero-led digit groups', () => {
    const text = 'tel 00 0'.repeat(150_000);
    expect(() => scan(text)).not.toThrow();
  }, 10_000);

  it('gives a context word a higher confidence', () => {
    const [plain] = scan('see 415-555-0132');
    const [cued] = scan('phone: 415-555-0132');
    expect(cued?.confidence).toBeGreaterThan(plain?.confidence ?? 1);
  });
});

describe('PHONE: other languages, repeated fields, sentences with several numbers', () => {
  it.each([
    ['Telefon: 0176-55501234', '0176-55501234'],
    ['Sie erreichen mich tagsüber unter 030 5550 1116.', '030 5550 1116'],
    ['U kunt mij bellen op 020 555 8329.', '020 555 8329'],
    ['Téléphone (2): 01.56.55.15.19', '01.56.55.15.19'],
    ['| Teléfono (2) | 91 555 14 38 |', '91 555 14 38'],
    ['Telemóvel: 935 555 626', '935 555 626'],
    ['Podem contactar-me pelo 21 555 3306.', '21 555 3306'],
    ['Cellulare: 319 5554787', '319 5554787'],
    ['Potete contattarmi al numero 06 5550 8440.', '06 5550 8440'],
    ['Mój numer telefonu to 22 555 75 72.', '22 555 75 72'],
    ['| Mobilnummer | 08-555 777 27 |', '08-555 777 27'],
    ['Puhelin: 050-5552344', '050-5552344'],
    ['Minut tavoittaa numerosta 09 5550 2513.', '09 5550 2513'],
    ['Cep Telefonu: 0532 555 60 77', '0532 555 60 77'],
    ['Bana şu numaradan ulaşabilirsiniz: (0212) 555 68 76.', '(0212) 555 68 76'],
    ['電話番号: 090-5555-4082', '090-5555-4082'],
    ['電話番号 (2): 06-5555-4376', '06-5555-4376'],
    ['연락처: 010-5555-7584.', '010-5555-7584'],
    ['휴대전화: 02-555-5349', '02-555-5349'],
    ['Please call me on 094055 31473.', '094055 31473'],
    ['Mobile No. / मोबाइल नंबर (2): 022 5555 1338', '022 5555 1338'],
    ['Results called to Brandon Y. Brooks, RN at 7045550147 on 9/25/2025.', '7045550147'],
    ['My number is 138 5555 5678.', '138 5555 5678'],
    ['See 425 555-9090 today', '425 555-9090'],
    ['PCP in 3 days. Questions: 5035550147.', '5035550147'],
    ['call 011 44 20 7946 0958 from the US', '011 44 20 7946 0958'],
    ['new number: 090-5555-5678', '090-5555-5678'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text, 'PHONE')).toEqual([value]);
  });

  it('finds every number of a sentence that a connector leads to', () => {
    expect(found('Call me back at +1-253-555-3793 or my husband Anh K. Tran at 2535550165 after 5pm.', 'PHONE')).toEqual([
      '+1-253-555-3793',
      '2535550165',
    ]);
    expect(found('Telefon 030 5551234 oder mobil unter 0176 55501234.', 'PHONE')).toEqual(['030 5551234', '0176 55501234']);
    expect(found('手机：13855551234，18655550111', 'PHONE')).toEqual(['13855551234', '18655550111']);
    expect(found('電話: 03-5555-5678、090-5555-5678', 'PHONE')).toEqual(['03-5555-5678', '090-5555-5678']);
  });

  it.each([
    ['a number after the sentence ends', 'Call 415-555-0132 or write. Order 5555012345 shipped'],
    ['a number on the next line', 'Call 415-555-0132 or\nref 5555012345'],
    ['a connector that leads to another id', 'Call 415-555-0132 and quote invoice 5125550147'],
    ['an English "I" that is no connector', 'Call 415-555-0132 I think 5125550147 was wrong'],
    ['a foreign cue word inside a longer word', 'telefonica 030 5551234'],
    ['a date after a foreign cue', 'Telefon: 12.03.1984'],
    ['a postcode and house number after a cue', 'Puhelin ja osoite: 00100 Helsinki'],
    ['a count after "my number of"', 'my number of seats is 0412 345 678'],
    ['an order number', 'order number 0412 345 678'],
    ['a count of questions', 'Questions: 12 of 40 answered'],
    ['a Chinese mobile shape without a cue', 'ref 18655550111'],
    ['frequency bands after a GSM cue', 'GSM 900 1800 1900 MHz'],
    ['an amount after a foreign cue', 'Handy: 1 234 567 890 EUR'],
  ])('ignores %s', (_name, text) => {
    expect(found(text, 'PHONE')).toEqual(text.startsWith('Call 415') ? ['415-555-0132'] : []);
  });

  it.each([
    ['an unknown country code', 'dial +999 1234 5678'],
    ['an unknown country code after 011', 'call 011 999 1234 5678'],
    ['too many digits for the country', 'dial +44 20 7946 09581'],
    ['too few digits for the country', 'dial +49 30 12'],
  ])('rejects an international number of impossible length: %s', (_name, text) => {
    expect(found(text, 'PHONE')).toEqual([]);
  });

  it('masks every number of a foreign-language form with no leak', () => {
    const text = 'Telefon: 0176-55501234\nTelefon (2): +49 89 555 1049\n電話番号: 090-5555-4082\n연락처: 010-5555-7584.';
    const masked = mask(text, scan(text), 'label', 'test-key');
    expect(masked).toBe('Telefon: [PHONE]\nTelefon (2): [PHONE]\n電話番号: [PHONE]\n연락처: [PHONE].');
  });
});

describe('PHONE on the line under a US mailing address', () => {
  it.each([
    ['Ship to:\n  Trevor Brooks\n  9719 Elm St, Apt 5B\nColumbus, OH 43272-5399\n  2177090991\n\nPayment: card', '2177090991'],
    ['Diego Mensah\n6745 Willow Creek Dr\nBrooklyn, NY 11251\n(657) 387-8166\n', '(657) 387-8166'],
    ['Bill to: A. Roe\n12 Main St\nAustin, TX 78701\n+1 512 555 0142', '+1 512 555 0142'],
  ])('finds the number in %j', (text, value) => {
    expect(found(text, 'PHONE')).toEqual([value]);
  });

  it.each([
    ['a number that is not on the next line', 'Columbus, OH 43272\nOrder total\n2177090991'],
    ['a number sharing its line with more', 'Columbus, OH 43272\n2177090991 units shipped'],
    ['not a state', 'Columbus, XX 43272\n2177090991'],
    ['an exchange no NANP number has', 'Columbus, OH 43272\n2171090991'],
    ['a ZIP line with no comma before the state', 'Columbus OH 43272\n2177090991'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'PHONE')).toEqual([]);
  });

  it('masks it', () => {
    const rules = [rule({ dataTypes: ['PHONE'], action: 'MASK' })];
    const outcome = check('Brooklyn, NY 11251\n6573878166\n', { rules, destination: 'AI_TOOL', masking: 'label', hashKey: 'k' });
    expect(outcome.masked_content).toBe('Brooklyn, NY 11251\n[PHONE]\n');
  });
});
