// Values in SQL INSERT statements: `INSERT INTO t (name, dob, ssn) VALUES ('Ann Lee', '1980-02-03',
// '123-45-6789'), (...);` names each value by its column, as a table header does. Shared by the
// PII and PHI column readers. One pass per statement: quotes ('' escapes a quote) and brackets
// are followed character by character, so the scan is linear.

export interface SqlCell {
  start: number;
  end: number;
  /** The column name, unquoted. */
  header: string;
}

const INSERT = /\binsert\s+(?:ignore\s+)?into\s+[\w."`[\]]+\s*\(([^()]{1,2000})\)\s*values\s*/gi;
/** A quick test before the statement regex runs: SQL keywords are written in one case or another. */
function mayHoldInsert(text: string): boolean {
  return text.includes('INSERT') || text.includes('insert') || text.includes('Insert');
}

function unquoted(name: string): string {
  return name.trim().replace(/^["`[]|["`\]]$/g, '');
}

/**
 * Every non-empty value under a column `isHeader` accepts, in text order. Values are unquoted;
 * NULL and other bare words are values too (the caller tests their shape).
 */
export function sqlCells(text: string, isHeader: (header: string) => boolean): SqlCell[] {
  const found: SqlCell[] = [];
  if (!mayHoldInsert(text)) return found;
  for (const m of text.matchAll(INSERT)) {
    const columns = (m[1] as string).split(',').map(unquoted);
    const wanted = columns.map((c) => c.length > 0 && isHeader(c));
    if (!wanted.includes(true)) continue;
    readRows(text, m.index + m[0].length, columns, wanted, found);
  }
  return found;
}

/** Reads `(v, v, ...), (...)` from `from` until the statement ends (`;` or anything but a row). */
function readRows(text: string, from: number, columns: string[], wanted: boolean[], found: SqlCell[]): void {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text.charAt(i))) i++;
    if (text.charAt(i) !== '(') return;
    i++;
    let column = 0;
    for (;;) {
      while (i < text.length && /[ \t\r\n]/.test(text.charAt(i))) i++;
      let start = i;
      let end: number;
      if (text.charAt(i) === "'") {
        start = ++i;
        while (i < text.length && (text.charAt(i) !== "'" || text.charAt(i + 1) === "'")) i += text.charAt(i) === "'" ? 2 : 1;
        end = i;
        i++; // the closing quote
        while (i < text.length && text.charAt(i) !== ',' && text.charAt(i) !== ')') i++;
      } else {
        while (i < text.length && text.charAt(i) !== ',' && text.charAt(i) !== ')' && text.charAt(i) !== '\n') i++;
        end = i;
        while (end > start && /\s/.test(text.charAt(end - 1))) end--;
      }
      if (i >= text.length) return;
      if (wanted[column] === true && end > start) found.push({ start, end, header: columns[column] as string });
      column++;
      const c = text.charAt(i++);
      if (c === ')') break;
      if (c !== ',') return;
    }
    while (i < text.length && /\s/.test(text.charAt(i))) i++;
    if (text.charAt(i) !== ',') return;
    i++;
  }
}
