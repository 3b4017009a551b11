import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../../bench/eval/corpus/generate.js';
import { LABELLED_TYPES } from '../../../bench/eval/corpus/specs.js';

const corpus = generateCorpus();

describe('evaluation corpus', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const again = generateCorpus({ size: 50 });
    expect(again).toEqual(generateCorpus({ size: 50 }));
    expect(generateCorpus({ size: 50, seed: 1 })).not.toEqual(again);
  });

  it('has at least 2,000 documents, at least 20% of them benign', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(2000);
    expect(corpus.filter((d) => d.benign).length / corpus.length).toBeGreaterThanOrEqual(0.2);
    expect(new Set(corpus.map((d) => d.id)).size).toBe(corpus.length);
  });

  it('labels every type in use, each with enough support to score it', () => {
    const support = new Map<string, number>();
    for (const d of corpus) for (const l of d.labels) support.set(l.type, (support.get(l.type) ?? 0) + 1);
    expect([...support.keys()].sort()).toEqual([...LABELLED_TYPES].sort());
    for (const [type, n] of support) expect(n, type).toBeGreaterThanOrEqual(50);
  });

  it('benign documents carry no label; positive ones carry at least one', () => {
    for (const d of corpus) {
      if (d.benign) expect(d.labels, d.id).toEqual([]);
      else expect(d.labels.length, d.id).toBeGreaterThan(0);
    }
  });

  it('labels are ordered, in range, disjoint, and hold trimmed values', () => {
    for (const d of corpus) {
      let end = 0;
      for (const l of d.labels) {
        expect(l.start, d.id).toBeGreaterThanOrEqual(end);
        expect(l.end, d.id).toBeGreaterThan(l.start);
        expect(l.end, d.id).toBeLessThanOrEqual(d.text.length);
        const value = d.text.slice(l.start, l.end);
        expect(value.trim(), `${d.id} ${l.type}`).toBe(value);
        end = l.end;
      }
    }
  });

  it('labels clinical terms only where a person is identified', () => {
    const ids = new Set(['PERSON_NAME', 'MEDICAL_RECORD_NUMBER', 'DATE_OF_BIRTH', 'SSN', 'HEALTH_INSURANCE_ID', 'EMAIL']);
    for (const d of corpus.filter((x) => x.labels.some((l) => l.type === 'PHI'))) {
      expect(d.labels.some((l) => ids.has(l.type)), d.id).toBe(true);
    }
  });

  it('varies the kinds of documents', () => {
    const kinds = new Set(corpus.map((d) => d.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(25);
  });
});
