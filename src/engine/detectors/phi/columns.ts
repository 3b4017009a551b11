// Values in tables (CSV, TSV, pipe-separated): a header cell such as `mrn`, `renderingNpi` or
// `icd10_code` names the column, however far the rows run below it. Exports often leave commas
// unquoted in later cells ("May 3, 2024"), so a row with more cells than its header still
// continues the table; a blank line or a row with fewer cells ends it. Cells are unquoted, and a
// quoted delimiter is honoured. Linear: each line is split at most once per delimiter. Values of an
// SQL INSERT are read by their column names the same way (sql-rows.ts).
import { sqlCells } from '../sql-rows.js';
import { cellsOf, headerOf, type Header, type Span } from '../table-rows.js';

export type Cell = Span;

/** A header reduced to lower-case letters and digits: `icd10Code`, `ICD-10 code`, `icd10_code` alike. */
function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A test "does a cell under a matching header start here", reading the tables only when first asked. */
export function cellStartTest(text: string, isKey: (key: string) => boolean): (start: number) => boolean {
  let starts: Set<number> | undefined;
  return (start) => (starts ??= new Set(cellsUnder(text, isKey).map((c) => c.start))).has(start);
}

/** Every non-empty cell under a header whose key `isKey` accepts, in text order. */
export function cellsUnder(text: string, isKey: (key: string) => boolean): Cell[] {
  const found: Cell[] = sqlCells(text, (header) => isKey(headerKey(header))).map(({ start, end }) => ({ start, end }));
  if (!text.includes('\n')) return found;
  let table: Header | null = null;
  for (let lineStart = 0; lineStart < text.length; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    if (table !== null) {
      const { delimiter, width, columns } = table;
      const line = text.slice(lineStart, lineEnd);
      const cells = line.includes(delimiter) ? cellsOf(text, lineStart, lineEnd, delimiter) : [];
      if (cells.length >= width) {
        for (const i of columns.keys()) {
          const cell = cells[i];
          if (cell && cell.end > cell.start) found.push(cell);
        }
      } else table = null;
    }
    if (table === null) table = headerOf(text, lineStart, lineEnd, (header) => isKey(headerKey(header)));
    lineStart = lineEnd + 1;
  }
  return found.sort((a, b) => a.start - b.start);
}
