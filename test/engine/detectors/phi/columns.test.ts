import { describe, expect, it } from 'vitest';
import { cellsUnder } from '../../../../src/engine/detectors/phi/columns.js';
import { fill } from './identifiers.js';

const isMrn = (key: string) => key === 'mrn';
const values = (text: string) => cellsUnder(text, isMrn).map((c) => text.slice(c.start, c.end));

describe('table columns (PHI group)', () => {
  it('takes every cell under a matching header, unquoted', () => {
    expect(values('name,MRN\nRoe,"00123456"\nDoe, 7654321 \n')).toEqual(['00123456', '7654321']);
  });

  it('matches headers by their letters and digits only', () => {
    expect(cellsUnder('id;Patient-MRN\n1;x', (k) => k === 'patientmrn')).toHaveLength(1);
  });

  it('reads tab- and pipe-separated tables', () => {
    expect(values('id\tmrn\n1\t00123456')).toEqual(['00123456']);
    expect(values('| id | mrn |\n| 1 | 00123456 |')).toEqual(['00123456']);
  });

  it('honours quoted delimiters and keeps going past unquoted commas in later cells', () => {
    expect(values('mrn,address,updated\n001,"1 Main St, Boston",May 3, 2024\n002,x,y')).toEqual(['001', '002']);
  });

  it('ends a table at a blank line or a shorter row', () => {
    expect(values('id,mrn\n1,001\n\n2,002')).toEqual(['001']);
    expect(values('id,mrn\n1,001\nlonely\n2,002')).toEqual(['001']);
  });

  it('needs a line break: one line is no table', () => {
    expect(values('id,mrn,1,001')).toEqual([]);
  });

  it.each([
    ['delimiters', `mrn\n${fill(',')}`],
    ['quotes', `mrn,x\n${fill('"')}`],
    ['short lines', fill('mrn,a\n1,2\n')],
    ['headers only', fill('mrn|mrn\n')],
  ])('splits 1 MiB of %s', (_name, text) => {
    expect(Array.isArray(cellsUnder(text, isMrn))).toBe(true);
  }, 10_000);
});
