// Splitting table lines (CSV, TSV, semicolon- and pipe-separated) into cells, and finding the
// columns a header line names. Shared by the PII and PHI column readers, which differ in where they
// look for headers and when a table ends.

export interface Span {
  start: number;
  end: number;
}

export interface Header {
  delimiter: string;
  /** Cells in the header line: a row with fewer is not part of the table. */
  width: number;
  /** Column index -> header text, for the columns the header test accepted. */
  columns: Map<number, string>;
}

const DELIMITERS = [',', '\t', ';', '|'];
/** Header cells are short; longer cells are data and are not tested. */
const MAX_HEADER = 40;

/** Cells of text[lineStart, lineEnd) split on `delimiter` (not inside quotes), spaces, quotes and a trailing \r trimmed off. */
export function cellsOf(text: string, lineStart: number, lineEnd: number, delimiter: string): Span[] {
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
      while (e > s && ' "\r'.includes(text.charAt(e - 1))) e--;
      cells.push({ start: s, end: e });
      start = i + 1;
    }
  }
  return cells;
}

/** The line as a header: the first delimiter (in order) under which some cell passes `isHeader`, or null. */
export function headerOf(text: string, lineStart: number, lineEnd: number, isHeader: (header: string) => boolean): Header | null {
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
