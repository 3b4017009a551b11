// Values in tables (CSV, TSV, pipe-separated): a header cell such as `mrn`, `renderingNpi` or
// `icd10_code` names the column, however far the rows run below it. Exports often leave commas
// unquoted in later cells ("May 3, 2024"), so a row with more cells than its header still
// continues the table; a blank line or a row with fewer cells ends it. Cells are unquoted, and a
// quoted delimiter is honoured. Linear: each line is split at most once per delimiter.

export interface Cell {
  start: number;
  end: number;
}

const DELIMITERS = [',', '\t', ';', '|'];
/** Header cells are short; longer cells are data and are not tested. */
const MAX_HEADER = 40;

interface Table {
  delimiter: string;
  width: number;
  columns: number[];
}

/** A header reduced to lower-case letters and digits: `icd10Code`, `ICD-10 code`, `icd10_code` alike. */
function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Cells of text[lineStart, lineEnd) split on `delimiter`, spaces and quotes trimmed off each. */
function cellsOf(text: string, lineStart: number, lineEnd: number, delimiter: string): Cell[] {
  const cells: Cell[] = [];
  let start = lineStart;
  let quoted = false;
  for (let i = lineStart; i <= lineEnd; i++) {
    const c = i < lineEnd ? text.charAt(i) : delimiter;
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) {
      let s = start;
      let e = i;
      while (s < e && (text.charAt(s) === ' ' || text.charAt(s) === '"')) s++;
      while (e > s && ' "\r'.includes(text.charAt(e - 1))) e--;
      cells.push({ start: s, end: e });
      start = i + 1;
    }
  }
  return cells;
}

function headerOf(text: string, lineStart: number, lineEnd: number, isKey: (key: string) => boolean): Table | null {
  const line = text.slice(lineStart, lineEnd);
  for (const delimiter of DELIMITERS) {
    if (!line.includes(delimiter)) continue;
    const cells = cellsOf(text, lineStart, lineEnd, delimiter);
    const columns = cells.flatMap((cell, i) =>
      cell.end - cell.start <= MAX_HEADER && isKey(headerKey(text.slice(cell.start, cell.end))) ? [i] : [],
    );
    if (columns.length > 0) return { delimiter, width: cells.length, columns };
  }
  return null;
}

/** A test "does a cell under a matching header start here", reading the tables only when first asked. */
export function cellStartTest(text: string, isKey: (key: string) => boolean): (start: number) => boolean {
  let starts: Set<number> | undefined;
  return (start) => (starts ??= new Set(cellsUnder(text, isKey).map((c) => c.start))).has(start);
}

/** Every non-empty cell under a header whose key `isKey` accepts, in text order. */
export function cellsUnder(text: string, isKey: (key: string) => boolean): Cell[] {
  const found: Cell[] = [];
  if (!text.includes('\n')) return found;
  let table: Table | null = null;
  for (let lineStart = 0; lineStart < text.length; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    if (table !== null) {
      const { delimiter, width, columns } = table;
      const line = text.slice(lineStart, lineEnd);
      const cells = line.includes(delimiter) ? cellsOf(text, lineStart, lineEnd, delimiter) : [];
      if (cells.length >= width) {
        for (const i of columns) {
          const cell = cells[i];
          if (cell && cell.end > cell.start) found.push(cell);
        }
      } else table = null;
    }
    if (table === null) table = headerOf(text, lineStart, lineEnd, isKey);
    lineStart = lineEnd + 1;
  }
  return found;
}
