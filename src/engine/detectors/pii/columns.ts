// Values in CSV/TSV tables: a header cell names the column ("dob", "passport_number"), and every
// cell below it, until a blank line or a row with fewer cells, is a value of that kind. Quoted
// cells are unquoted; a quoted delimiter inside a cell is honoured.

export interface Cell {
  start: number;
  end: number;
  /** The header of the cell's column. */
  header: string;
}

interface Span {
  start: number;
  end: number;
}

const DELIMITERS = [',', '\t', ';', '|'];
/** Header cells are short; longer cells are data and are not tested. */
const MAX_HEADER = 40;

/** Cells of one line split on `delimiter`, spaces, quotes and a trailing \r trimmed off. */
function cellsOf(text: string, lineStart: number, lineEnd: number, delimiter: string): Span[] {
  const cells: Span[] = [];
  let start = lineStart;
  let quoted = false;
  for (let i = lineStart; i <= lineEnd; i++) {
    const c = i < lineEnd ? text.charAt(i) : delimiter;
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) {
      let s = start;
      let e = i;
      while (s < e && (text.charAt(s) === ' ' || text.charAt(s) === '"')) s++;
      while (e > s && (text.charAt(e - 1) === ' ' || text.charAt(e - 1) === '"' || text.charAt(e - 1) === '\r')) e--;
      cells.push({ start: s, end: e });
      start = i + 1;
    }
  }
  return cells;
}

function lineEndAt(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

interface Header {
  delimiter: string;
  width: number;
  /** Column index -> header text, for the columns `isHeader` accepted. */
  columns: Map<number, string>;
}

function headerOf(text: string, lineStart: number, lineEnd: number, isHeader: (header: string) => boolean): Header | null {
  const line = text.slice(lineStart, lineEnd);
  for (const delimiter of DELIMITERS) {
    if (!line.includes(delimiter)) continue;
    const cells = cellsOf(text, lineStart, lineEnd, delimiter);
    const columns = new Map<number, string>();
    cells.forEach((cell, i) => {
      const header = text.slice(cell.start, cell.end);
      if (header.length <= MAX_HEADER && isHeader(header)) columns.set(i, header);
    });
    if (columns.size > 0) return { delimiter, width: cells.length, columns };
  }
  return null;
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
  return found;
}
