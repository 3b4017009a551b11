// Values in CSV/TSV tables: a header cell names the column ("dob", "passport_number"), and every
// cell below it, until a blank line or a row with fewer cells, is a value of that kind. Quoted
// cells are unquoted; a quoted delimiter inside a cell is honoured. Values of an SQL INSERT are
// read by their column names the same way (sql-rows.ts).
import { sqlCells } from '../sql-rows.js';
import { cellsOf, headerOf } from '../table-rows.js';

export interface Cell {
  start: number;
  end: number;
  /** The header of the cell's column. */
  header: string;
}

function lineEndAt(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

/**
 * Every non-empty cell lying under a header cell that `isHeader` accepts, in order. Only lines in
 * which `hint` (a global regex for a word every such header holds) matches are tried as headers,
 * so text without tables costs one regex pass. A row may have more cells than its header: unquoted
 * dates such as "July 21, 2023" in a later column add cells, not columns.
 */
export function cellsUnderHeaders(text: string, hint: RegExp, isHeader: (header: string) => boolean): Cell[] {
  const found: Cell[] = [];
  let done = 0; // every line starting before this offset has been read
  for (const m of text.matchAll(hint)) {
    if (m.index < done) continue;
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const lineEnd = lineEndAt(text, m.index);
    done = lineEnd + 1;
    if (lineEnd + 1 >= text.length) break; // the last line heads no rows
    const header = headerOf(text, lineStart, lineEnd, isHeader);
    if (header === null) continue;
    for (let rowStart = lineEnd + 1; rowStart < text.length; ) {
      const rowEnd = lineEndAt(text, rowStart);
      const cells = cellsOf(text, rowStart, rowEnd, header.delimiter);
      if (cells.length < header.width) break; // a blank line or another shape ends the table
      for (const [index, name] of header.columns) {
        const cell = cells[index];
        if (cell && cell.end > cell.start) found.push({ ...cell, header: name });
      }
      rowStart = rowEnd + 1;
      done = rowStart;
    }
  }
  const sql = sqlCells(text, isHeader);
  return sql.length === 0 ? found : [...found, ...sql].sort((a, b) => a.start - b.start);
}
