import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { isPlaceholderToken, PLACEHOLDER_CONFIDENCE } from './values.js';

const AWS_ACCESS_KEY: DetectorType = { type: 'AWS_ACCESS_KEY', category: 'SECRETS' };

// Access key ids: a fixed four-letter prefix (AKIA long-term, ASIA temporary, ABIA, ACCA; the early
// A3T + one more) then 16 base32 characters. The id alone grants nothing, but it leaks which account
// and is half a pair.
const SHAPE = /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}\b/g;
const CUE = /\b(?:aws|access[ _]key(?:[ _]id)?|aws_access_key_id|accesskeyid|iam)\b/i;
const CUE_WINDOW = 40;

export const awsAccessKey: Detector = {
  ...AWS_ACCESS_KEY,
  keywords: ['akia', 'asia', 'abia', 'acca', 'a3t'],
  noiseExempt: true,
  find(text) {
    const found: Finding[] = [];
    for (const m of text.matchAll(SHAPE)) {
      const start = m.index;
      const end = start + m[0].length;
      // AWS's documentation uses AKIAIOSFODNN7EXAMPLE and friends: shape-valid, never live.
      const confidence = isPlaceholderToken(m[0])
        ? PLACEHOLDER_CONFIDENCE
        : hasCueNear(text, start, end, CUE, CUE_WINDOW)
          ? 0.95
          : 0.9;
      found.push(makeFinding(AWS_ACCESS_KEY, text, start, end, confidence));
    }
    return found;
  },
};
