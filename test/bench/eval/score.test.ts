import { describe, expect, it } from 'vitest';
import type { EvalDoc } from '../../../bench/eval/corpus/doc.js';
import { leakedTypes, matchDoc, metrics, Scoreboard } from '../../../bench/eval/score.js';

const span = (type: string, start: number, end: number) => ({ type, start, end });

describe('matchDoc', () => {
  it('counts an overlapping prediction of the same type as a hit, even when the spans differ', () => {
    const r = matchDoc([span('SSN', 10, 21)], [span('SSN', 14, 21)]);
    expect(r.tp).toHaveLength(1);
    expect(r.fp).toHaveLength(0);
    expect(r.fn).toHaveLength(0);
  });

  it('a prediction of another type is a false positive and leaves the gold span missed', () => {
    const r = matchDoc([span('PHONE', 0, 12)], [span('SSN', 0, 12)]);
    expect(r.fp).toEqual([span('SSN', 0, 12)]);
    expect(r.fn).toEqual([span('PHONE', 0, 12)]);
  });

  it('matches each gold span at most once', () => {
    const r = matchDoc([span('US_ADDRESS', 0, 40)], [span('US_ADDRESS', 0, 15), span('US_ADDRESS', 20, 40)]);
    expect(r.tp).toHaveLength(1);
    expect(r.fp).toHaveLength(1);
  });

  it('gives a prediction covering two gold spans to the one it overlaps most, and counts the other missed', () => {
    const r = matchDoc([span('EMAIL', 0, 5), span('EMAIL', 6, 20)], [span('EMAIL', 3, 20)]);
    expect(r.tp).toHaveLength(1);
    expect(r.fn).toEqual([span('EMAIL', 0, 5)]);
  });

  it('touching spans do not overlap', () => {
    const r = matchDoc([span('IBAN', 0, 10)], [span('IBAN', 10, 20)]);
    expect(r.tp).toHaveLength(0);
  });
});

describe('metrics', () => {
  it('computes precision, recall and F1', () => {
    const m = metrics({ support: 10, tp: 8, fp: 2, fn: 2 });
    expect(m.precision).toBeCloseTo(0.8);
    expect(m.recall).toBeCloseTo(0.8);
    expect(m.f1).toBeCloseTo(0.8);
  });

  it('has no precision without predictions, and F1 0 when nothing was found', () => {
    const m = metrics({ support: 5, tp: 0, fp: 0, fn: 5 });
    expect(m.precision).toBeNaN();
    expect(m.recall).toBe(0);
    expect(m.f1).toBe(0);
  });
});

const doc = (id: string, text: string, labels: EvalDoc['labels'], benign = false): EvalDoc => ({ id, kind: 'test', benign, text, labels });

describe('Scoreboard', () => {
  it('counts per type, benign documents flagged, and keeps examples', () => {
    const board = new Scoreboard();
    board.add(doc('a', 'SSN 123-45-6789', [span('SSN', 4, 15)]), [span('SSN', 4, 15)]);
    board.add(doc('b', 'call 415-555-0134', [span('PHONE', 5, 17)]), []);
    board.add(doc('c', 'v1.2.3.4', [], true), [span('IP_ADDRESS', 1, 8)]);
    board.add(doc('d', 'nothing here', [], true), []);
    expect(board.counts.get('SSN')).toEqual({ support: 1, tp: 1, fp: 0, fn: 0 });
    expect(board.counts.get('PHONE')).toEqual({ support: 1, tp: 0, fp: 0, fn: 1 });
    expect(board.counts.get('IP_ADDRESS')).toEqual({ support: 0, tp: 0, fp: 1, fn: 0 });
    expect(board.benignDocs).toBe(2);
    expect(board.benignFlagged).toBe(1);
    expect(board.examples.get('PHONE')?.fn[0]?.value).toBe('415-555-0134');
    expect(board.examples.get('IP_ADDRESS')?.fp[0]?.value).toBe('1.2.3.4');
    expect(board.total()).toEqual({ support: 2, tp: 1, fp: 1, fn: 1 });
  });

  it('scores only the given types when told to (an engine that knows fewer types)', () => {
    const board = new Scoreboard(new Set(['SSN']));
    board.add(doc('a', 'x', [span('SSN', 0, 1), span('NPI', 0, 1)], false), [span('JWT', 0, 1)]);
    board.add(doc('b', 'y', [], true), [span('JWT', 0, 1)]);
    expect([...board.counts.keys()]).toEqual(['SSN']);
    expect(board.benignFlagged).toBe(0);
  });
});

describe('leakedTypes', () => {
  it('reports labelled values still present verbatim in the masked text', () => {
    const d = doc('a', 'mail jane@x.io or call 415-555-0134', [span('EMAIL', 5, 14), span('PHONE', 23, 35)]);
    expect(leakedTypes(d, 'mail [EMAIL] or call 415-555-0134')).toEqual(['PHONE']);
    expect(leakedTypes(d, 'mail [EMAIL] or call ***-***-0134')).toEqual([]);
  });
});
