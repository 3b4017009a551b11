import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mask, sample, scan, type Finding } from '../../src/engine/index.js';
import { finding } from './helpers.js';

const text = 'Mail Jane@Example.com, then jane@example.com, then bob@example.com; call 415-555-0132.';

describe('mask', () => {
  const findings = scan(text);

  it('label: replaces each span with its type', () => {
    expect(mask(text, findings, 'label', 'k')).toBe('Mail [EMAIL], then [EMAIL], then [EMAIL]; call [PHONE].');
  });

  it('pseudonym: numbers values per type in order of first appearance, same value same number', () => {
    expect(mask(text, findings, 'pseudonym', 'k')).toBe('Mail [EMAIL_1], then [EMAIL_1], then [EMAIL_2]; call [PHONE_1].');
  });

  it('partial: keeps the last 4 characters and the separators', () => {
    expect(mask(text, findings, 'partial', 'k')).toBe(
      'Mail ****@*******.com, then ****@*******.com, then ***@*******.com; call ***-***-0132.',
    );
    const ssn = finding('SSN', 'PII', '123-45-6789');
    expect(mask('123-45-6789', [ssn], 'partial', 'k')).toBe('***-**-6789');
    const card = finding('CREDIT_CARD', 'FINANCIAL', '4111111111111111');
    expect(mask('4111111111111111', [card], 'partial', 'k')).toBe('************1111');
    const short = finding('PHI', 'PHI', 'HIV');
    expect(mask('HIV', [short], 'partial', 'k')).toBe('***');
    // A name's last 4 characters are its surname: partial keeps only the initials.
    expect(mask('Jane Roe', [finding('PERSON_NAME', 'PII', 'Jane Roe')], 'partial', 'k')).toBe('J*** R**');
  });

  it('hash: a keyed HMAC-SHA256 prefix that depends on the key', () => {
    const value = 'jane@example.com';
    const expected = createHmac('sha256', 'secret').update(value).digest('hex').slice(0, 8);
    const f = finding('EMAIL', 'PII', value, 3);
    expect(mask(`to ${value}!`, [f], 'hash', 'secret')).toBe(`to [EMAIL:${expected}]!`);
    expect(mask(`to ${value}!`, [f], 'hash', 'other')).not.toBe(`to [EMAIL:${expected}]!`);
  });

  it('leaves everything outside the spans byte-identical', () => {
    const unicode = 'héllo 🙂\r\n\ttab jane@example.com ünïcode\u0000end';
    const masked = mask(unicode, scan(unicode), 'label', 'k');
    expect(masked).toBe('héllo 🙂\r\n\ttab [EMAIL] ünïcode\u0000end');
  });

  it('masks only the spans it is given, in any order', () => {
    const [first, , third] = findings as [Finding, Finding, Finding];
    const masked = mask(text, [third, first], 'label', 'k');
    expect(masked).toBe('Mail [EMAIL], then jane@example.com, then [EMAIL]; call 415-555-0132.');
    expect(mask(text, [], 'label', 'k')).toBe(text);
  });
});

describe('sample', () => {
  it.each([
    [finding('EMAIL', 'PII', 'jane@example.com'), 'j***@example.com'],
    [finding('SSN', 'PII', '123-45-6789'), '***-**-6789'],
    [finding('SSN', 'PII', '123456789'), '*****6789'],
    [finding('CREDIT_CARD', 'FINANCIAL', '4111 1111 1111 1111'), '**** **** **** 1111'],
    [finding('PHONE', 'PII', '(415) 555-0132'), '(***) ***-0132'],
    [finding('AWS_ACCESS_KEY', 'SECRETS', 'AKIAIOSFODNN7EXAMPLE'), 'AKIA****'],
    [finding('MEDICAL_RECORD_NUMBER', 'PHI', 'MRN-00123456'), '***-****3456'],
    [finding('PHI', 'PHI', 'HIV'), '***'],
    [finding('PERSON_NAME', 'PII', 'Jane Roe'), 'J*** R**'],
    [finding('PERSON_NAME', 'PII', "Siobhán O'Neil-Ryan"), 'S****** O**********'],
  ])('hides %j as %s', (f, expected) => {
    expect(sample(f)).toBe(expected);
  });

  it('never shows a whole value longer than 4 characters, nor more than half of a short secret', () => {
    const values = ['a@b.co', 'abcde', '-----abcd', '12345', '..@..', 'x'.repeat(40)];
    for (const value of values) {
      for (const [type, category] of [['EMAIL', 'PII'], ['PHONE', 'PII'], ['GENERIC', 'CUSTOM']] as const) {
        expect(sample(finding(type, category, value))).not.toContain(value);
      }
    }
    expect(sample(finding('AWS_ACCESS_KEY', 'SECRETS', 'abcdef'))).toBe('abc****');
  });
});
