// The held-out corpora's verdicts: recall and precision over all types, leaks as a share of the
// labelled values (worst masking style), benign documents flagged, each against HELD_OUT_TARGET.
import { describe, expect, it } from 'vitest';
import type { EvalDoc } from '../../../bench/eval/corpus/doc.js';
import { HELD_OUT_TARGET, heldOutVerdicts, type HoldoutResult } from '../../../bench/eval/report.js';
import { Scoreboard } from '../../../bench/eval/score.js';

const doc = (id: string, benign: boolean, labels: EvalDoc['labels']): EvalDoc => ({ id, kind: 'k', benign, text: 'x'.repeat(100), labels });

function result(leaked: number): HoldoutResult {
  const board = new Scoreboard();
  const gold = Array.from({ length: 10 }, (_, i) => ({ type: 'EMAIL', start: i * 10, end: i * 10 + 5 }));
  // 190 values found of 200 (recall 0.95); two false positives, one of them in the one benign document of 50 flagged (precision 190/192).
  for (let i = 0; i < 20; i++) board.add(doc(`p${i}`, false, gold), i < 19 ? gold : []);
  board.add(doc('p20', false, []), [{ type: 'SSN', start: 0, end: 9 }]);
  for (let i = 0; i < 50; i++) board.add(doc(`b${i}`, true, []), i === 0 ? [{ type: 'PHONE', start: 0, end: 10 }] : []);
  return {
    seed: 1,
    docs: 71,
    benignDocs: 50,
    bytes: 7100,
    labels: 200,
    ours: { board, errors: [], leaks: new Map([['label', new Map([['EMAIL', leaked]])], ['hash', new Map()]]) },
    benignFlaggedKinds: new Map([['k', 1]]),
    presidio: null,
  };
}

describe('held-out verdicts', () => {
  it('reads the four figures against their targets', () => {
    const [recall, precision, leaks, benign] = heldOutVerdicts(result(1));
    expect(recall).toMatchObject({ met: true, detail: '0.950, 190 of 200 values' });
    expect(precision).toMatchObject({ met: 190 / 192 >= HELD_OUT_TARGET.precision, detail: '0.990, 2 false positives' });
    expect(leaks).toMatchObject({ met: true, detail: '0.50%, 1 of 200 values, worst style label' });
    expect(benign).toMatchObject({ met: true, detail: '2.00%, 1 of 50' });
  });

  it('misses the leak target when more than 0.5% of values survive masking in any style', () => {
    expect(heldOutVerdicts(result(2))[2]).toMatchObject({ met: false, detail: '1.00%, 2 of 200 values, worst style label' });
  });
});
