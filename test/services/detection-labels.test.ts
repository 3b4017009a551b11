import { describe, expect, it } from 'vitest';
import { DETECTOR_TYPES } from '../../src/engine/index.js';
import { DETECTION_LABELS, detectionLabel } from '../../src/services/detection-labels.js';

describe('detection labels', () => {
  it('names every catalogue type by hand', () => {
    expect(DETECTOR_TYPES.map((d) => d.type).filter((type) => !DETECTION_LABELS[type])).toEqual([]);
  });

  it('names no type the catalogue lacks', () => {
    const types = new Set(DETECTOR_TYPES.map((d) => d.type));
    expect(Object.keys(DETECTION_LABELS).filter((type) => !types.has(type))).toEqual([]);
  });

  it('gives each type its own name', () => {
    const labels = Object.values(DETECTION_LABELS);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });

  it('names national identifiers as people know them', () => {
    expect(detectionLabel('FI_PERSONAL_IDENTITY_CODE')).toBe('Finnish personal identity code (HETU)');
    expect(detectionLabel('UK_NINO')).toBe('UK National Insurance number');
  });
});
