// Access groups (src/services/roles.ts): which roles each group admits; no group is the owner's.
import { describe, expect, it } from 'vitest';
import { roleMay } from '../../src/services/roles.js';

describe('access groups', () => {
  it('a route without a group is the owner’s alone', () => {
    expect(roleMay('owner', undefined)).toBe(true);
    for (const role of ['admin', 'analyst', 'auditor'] as const) expect(roleMay(role, undefined)).toBe(false);
    expect(roleMay('auditor', 'comply')).toBe(true);
    expect(roleMay('analyst', 'comply')).toBe(false);
  });
});
