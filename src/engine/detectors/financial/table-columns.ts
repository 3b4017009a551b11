import type { Label } from './cues.js';

// Tables (CSV, TSV, Markdown): a label that fills a header cell names the cells below it, as in
// "name,routing_number,account_number\nJane,021000021,12345678". Every line is split at most
// twice (as a row, then as the header of the next table), so the pass stays linear.

const DELIMITERS = [',', '\t', '|', ';'];
/** A header cell is short; a longer one is prose that happens to hold commas. */
const MAX_HEADER_CELL = 48;

export interface Span {
  start: number;
  end: number;
}

export interface ColumnCell<K extends string> extends Span {
  /** The label of the cell's column. */
  label: Label<K>;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/** The most frequent delimiter of the line, if any; a tie goes to the delimiter seen first. */
function delimiterOf(text: string, start: number, end: number): string | null {
  // Searched in the line alone (a slice): `indexOf` on the whole text would run past the line.
  const line = text.slice(start, end);
  let best: string | null = null;
  let bestCount = 0;
  let bestFirst = end;
  for (const d of DELIMITERS) {
    const first = line.indexOf(d);
    if (first < 0) continue;
    let count = 0;
    for (let i = first; i >= 0; i = line.indexOf(d, i + 1)) count++;
    if (count < bestCount || (count === bestCount && first > bestFirst)) continue;
    best = d;
    bestCount = count;
    bestFirst = first;
  }
  return best;
}

/** Past the closing quote of a quoted cell opening at `quote` (`""` inside is a quote), or the line end. */
function pastQuoted(text: string, quote: number, end: number): number {
  for (let i = quote + 1; i < end; i++) {
    if (text.charAt(i) !== '"') continue;
    if (text.charAt(i + 1) === '"') i++;
    else return i + 1;
  }
  return end;
}

/**
 * The cells of a line, trimmed of spaces, quotes and a trailing `\r`. A quoted cell may hold the
 * delimiter (RFC 4180: `"June 22, 1980"`), which then splits nothing.
 */
function cells(text: string, start: number, end: number, delimiter: string): Span[] {
  const found: Span[] = [];
  for (let cellStart = start; cellStart <= end; ) {
    let cellEnd = cellStart;
    while (cellEnd < end && (text.charAt(cellEnd) === ' ' || text.charAt(cellEnd) === '\t') && delimiter !== '\t') cellEnd++;
    if (text.charAt(cellEnd) === '"') cellEnd = pastQuoted(text, cellEnd, end);
    while (cellEnd < end && text.charAt(cellEnd) !== delimiter) cellEnd++;
    let s = cellStart;
    let e = cellEnd;
    while (s < e && ' \t\r"\''.includes(text.charAt(s))) s++;
    while (e > s && ' \t\r"\''.includes(text.charAt(e - 1))) e--;
    found.push({ start: s, end: e });
    cellStart = cellEnd + 1;
  }
  return found;
}

/** The header cells of one line: column index and the label filling it. */
function headerCells<K extends string>(
  text: string,
  line: Span,
  delimiter: string,
  labels: readonly Label<K>[],
  isHeader: (text: string, cell: Span, label: Label<K>) => boolean,
): [number, Label<K>][] {
  const row = cells(text, line.start, line.end, delimiter);
  const header: [number, Label<K>][] = [];
  let c = 0;
  for (const label of labels) {
    while ((row[c]?.end ?? Infinity) < label.start) c++;
    const cell = row[c];
    if (cell && cell.end - cell.start <= MAX_HEADER_CELL && isHeader(text, cell, label)) header.push([c, label]);
  }
  return header;
}

/** Index of the first label at or after `end`, from `from` on. */
function labelsBefore(labels: readonly Label<string>[], from: number, end: number): number {
  let next = from;
  while ((labels[next]?.start ?? Infinity) < end) next++;
  return next;
}

/**
 * For every header cell that `isHeader` accepts (given the text, the cell and the label inside it), the
 * cells in the same column of the rows below. Rows run to a blank line or to the next header.
 */
export function columnCells<K extends string>(
  text: string,
  labels: readonly Label<K>[],
  isHeader: (text: string, cell: Span, label: Label<K>) => boolean,
): ColumnCell<K>[] {
  const found: ColumnCell<K>[] = [];
  for (let i = 0; i < labels.length; ) {
    const lineStart = text.lastIndexOf('\n', labels[i]?.start ?? 0) + 1;
    const line = { start: lineStart, end: lineEnd(text, lineStart) };
    const next = labelsBefore(labels, i, line.end);
    // A header needs a row below it: the last line heads nothing.
    const delimiter = line.end + 1 < text.length ? delimiterOf(text, line.start, line.end) : null;
    const header = delimiter ? headerCells(text, line, delimiter, labels.slice(i, next), isHeader) : [];
    i = next;
    for (let rowStart = line.end + 1; delimiter && header.length > 0 && rowStart < text.length; ) {
      const row = { start: rowStart, end: lineEnd(text, rowStart) };
      const rowText = text.slice(row.start, row.end);
      if (rowText.trim() === '') break;
      const rowNext = labelsBefore(labels, i, row.end);
      // A row may name things ("FedEx" in a carrier column). One without digits and with a
      // header cell starts a new table.
      const newHeader = rowNext > i && !/\d/.test(rowText);
      if (newHeader && headerCells(text, row, delimiter, labels.slice(i, rowNext), isHeader).length > 0) break;
      i = rowNext;
      const rowCells = cells(text, row.start, row.end, delimiter);
      for (const [c, label] of header) {
        const cell = rowCells[c];
        if (cell && cell.end > cell.start) found.push({ label, start: cell.start, end: cell.end });
      }
      rowStart = row.end + 1;
    }
  }
  return found;
}
