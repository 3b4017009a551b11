import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';

const AWS_ACCESS_KEY: DetectorType = { type: 'AWS_ACCESS_KEY', category: 'SECRETS' };

// Access key ids: a fixed four-letter prefix (AKIA long-term, ASIA temporary, ...) then 16
// base32 characters.
const SHAPE = /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g;

export const awsAccessKey: Detector = {
  ...AWS_ACCESS_KEY,
  find(text) {
    const found: Finding[] = [];
    for (const m of text.matchAll(SHAPE)) {
      found.push(makeFinding(AWS_ACCESS_KEY, text, m.index, m.index + m[0].length, 0.95));
    }
    return found;
  },
};
