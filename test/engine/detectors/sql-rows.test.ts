import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../src/engine/index.js';
import { sqlCells } from '../../../src/engine/detectors/sql-rows.js';
import { found } from '../helpers.js';

const INSERT = `-- fixtures
INSERT INTO people (id, holder_name, dob, ssn, mobile, mrn, member_id) VALUES
  (101, 'Ingrid O''Neill', '1977-10-02', '318220417', '3125550199', 'A-551027', 'XKQ100200300'),
  (102, 'Tomasz Wrona', '2001-01-30', '219 44 0183', '+48 601 234 567', '0093321', 'W100200301');
`;

describe('SQL INSERT values', () => {
  it('names each value by its column, quotes and escaped quotes handled', () => {
    const cells = sqlCells(INSERT, (h) => h === 'holder_name' || h === 'ssn');
    expect(cells.map((c) => [c.header, INSERT.slice(c.start, c.end)])).toEqual([
      ['holder_name', "Ingrid O''Neill"],
      ['ssn', '318220417'],
      ['holder_name', 'Tomasz Wrona'],
      ['ssn', '219 44 0183'],
    ]);
  });

  it.each([
    ['SSN', ['318220417', '219 44 0183']],
    ['DATE_OF_BIRTH', ['1977-10-02', '2001-01-30']],
    ['PHONE', ['3125550199', '+48 601 234 567']],
    ['MEDICAL_RECORD_NUMBER', ['A-551027', '0093321']],
  ])('finds %s by its column', (type, values) => {
    expect(found(INSERT, type)).toEqual(values);
  });

  it('reads nothing without a column list, and stops at the end of the statement', () => {
    expect(sqlCells("INSERT INTO t VALUES ('318220417');", () => true)).toEqual([]);
    const text = "INSERT INTO t (ssn) VALUES ('318220417');\nSELECT ('219440183');";
    expect(sqlCells(text, () => true).map((c) => text.slice(c.start, c.end))).toEqual(['318220417']);
  });

  it('ignores numbers in columns of other kinds', () => {
    expect(found("INSERT INTO orders (id, qty, total) VALUES (318220417, 2, '3125550199');", 'SSN')).toEqual([]);
    expect(found("INSERT INTO orders (id, qty, total) VALUES (318220417, 2, '3125550199');", 'PHONE')).toEqual([]);
  });

  it('masks every value it reads', () => {
    const masked = mask(INSERT, scan(INSERT), 'label', 'test-key');
    for (const v of ['318220417', '219 44 0183', '1977-10-02', '3125550199', 'A-551027']) expect(masked).not.toContain(v);
  });
});
