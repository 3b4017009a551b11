import { describe, expect, it } from 'vitest';
import { resolveOverlaps } from '../../src/engine/overlaps.js';
import { scan } from '../../src/engine/index.js';
import { finding } from './helpers.js';

describe('resolveOverlaps', () => {
  it('keeps the higher confidence', () => {
    const low = finding('A', 'PII', 'abcdef', 0, 0.5);
    const high = finding('B', 'PII', 'cd', 2, 0.9);
    expect(resolveOverlaps([low, high])).toEqual([high]);
  });

  it('on equal confidence keeps the longer span', () => {
    const short = finding('A', 'PII', 'bc', 1, 0.8);
    const long = finding('B', 'PII', 'abcd', 0, 0.8);
    expect(resolveOverlaps([short, long])).toEqual([long]);
  });

  it('on equal confidence and length keeps the earlier start', () => {
    const later = finding('A', 'PII', 'cdef', 2, 0.8);
    const earlier = finding('B', 'PII', 'abcd', 0, 0.8);
    expect(resolveOverlaps([later, earlier])).toEqual([earlier]);
  });

  it('keeps every non-overlapping finding, sorted by start, including touching ones', () => {
    const a = finding('A', 'PII', 'ab', 4);
    const b = finding('B', 'PII', 'cd', 0);
    const c = finding('C', 'PII', 'ef', 2);
    expect(resolveOverlaps([a, b, c])).toEqual([b, c, a]);
  });

  it('lets a loser of one overlap stand when its rival is itself removed', () => {
    const top = finding('A', 'PII', 'xxxx', 0, 0.9);
    const middle = finding('B', 'PII', 'xxxx', 3, 0.8);
    const last = finding('C', 'PII', 'xxxx', 6, 0.7);
    expect(resolveOverlaps([last, middle, top])).toEqual([top, last]);
  });

  it('scan output is sorted and never overlaps', () => {
    const text = 'MRN 4155550132 phone 415-555-0132 ssn 123-45-6789 card 4111111111111111 a@b.co';
    const findings = scan(text);
    for (let i = 1; i < findings.length; i++) {
      expect(findings[i]?.start).toBeGreaterThanOrEqual(findings[i - 1]?.end ?? Infinity);
    }
    // The record number (0.85) wins over the context-only bare phone (0.75) for the same digits.
    expect(findings[0]).toMatchObject({ type: 'MEDICAL_RECORD_NUMBER', value: '4155550132' });
  });
});
