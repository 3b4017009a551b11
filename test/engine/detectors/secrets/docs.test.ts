import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DETECTOR_TYPES } from '../../../../src/engine/index.js';
import { FAMILIES } from '../../../../src/engine/detectors/secrets/provider-families.js';

const doc = readFileSync(new URL('../../../../docs/detectors/secrets.md', import.meta.url), 'utf8');

describe('docs/detectors/secrets.md', () => {
  it('documents every SECRETS type, as a section or a table row', () => {
    const undocumented = DETECTOR_TYPES.filter((d) => d.category === 'SECRETS')
      .map((d) => d.type)
      .filter((type) => !doc.includes(`## ${type}\n`) && !doc.includes(`| ${type} |`));
    expect(undocumented).toEqual([]);
  });

  it('counts the provider families as the README says', () => {
    const readme = readFileSync(new URL('../../../../docs/detectors/README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`and ${FAMILIES.length} provider families`);
  });
});
