import { isAlnumCode, isDigitCode, isWordCode } from '../../text.js';

// `key = value` in its many spellings: .env and ini (`DB_PASSWORD=x`), YAML (`password: x`), JSON
// (`"password": "x"`), code (`password => 'x'`, `password := "x"`), HTTP headers (`X-Api-Key: x`)
// and XML (`<password>x</password>`). Found by anchoring on a stem of the key name and reading
// the whole key, separator and value around it with character tests.

export interface Assignment {
  keyStart: number;
  keyEnd: number;
  /** The key's words, lower-cased: `dbPassword` → [`db`, `password`]. */
  words: string[];
  valueStart: number;
  valueEnd: number;
  quoted: boolean;
  /** Nothing but closing punctuation or a comment follows the value on its line. */
  endsLine: boolean;
  /** An unquoted value followed by `(` or `[`: a call or an index, not a literal. */
  expression: boolean;
}

const MAX_KEY = 100;
const MAX_VALUE = 512;
/** Characters that end an unquoted value. */
const VALUE_STOPS = new Uint8Array(128);
for (const c of ' \t\r\n"\'`,;<>()[]{}') VALUE_STOPS[c.charCodeAt(0)] = 1;
/** `&` ends a value only where a query string's next parameter starts (`&next=`). */
const NEXT_PARAMETER = /&[A-Za-z_][\w.-]{0,40}=/y;

function isValueStop(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c !== 38 /* & */) return VALUE_STOPS[c] === 1;
  NEXT_PARAMETER.lastIndex = i;
  return NEXT_PARAMETER.test(text);
}

function isKeyCode(c: number): boolean {
  return isWordCode(c) || c === 45 /* - */ || c === 46; /* . */
}

function isBlank(c: string): boolean {
  return c === ' ' || c === '\t';
}

/** The key's words, lower-cased: split on `_`, `-`, `.`, spaces and lower-to-upper case changes. */
export function keyWords(key: string): string[] {
  const words: string[] = [];
  let word = '';
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    const upper = c >= 65 && c <= 90;
    if (isAlnumCode(c)) {
      const previous = key.charCodeAt(i - 1);
      // dbPassword, db2Password: a capital after a lower-case letter or digit starts a word.
      if (upper && word !== '' && ((previous >= 97 && previous <= 122) || isDigitCode(previous))) {
        words.push(word);
        word = '';
      }
      word += upper ? String.fromCharCode(c + 32) : key.charAt(i);
    } else if (word !== '') {
      words.push(word);
      word = '';
    }
  }
  if (word !== '') words.push(word);
  return words;
}

/** Index just past the separator (`=`, `:`, `=>`, `:=`) at `i`, or -1. Not `==`, `::`, `=~`, `:-`. */
function separatorEnd(text: string, i: number): number {
  const c = text.charAt(i);
  const next = text.charAt(i + 1);
  // `${VAR:-fallback}`, `${VAR:+x}`, `${VAR:?msg}` are the shell's, not separators (env-defaults.ts).
  if (c === ':') return next === '=' ? i + 2 : next === ':' || next === '-' || next === '+' || next === '?' ? -1 : i + 1;
  if (c === '=') return next === '>' ? i + 2 : next === '=' || next === '~' ? -1 : i + 1;
  return -1;
}

function restOfLineIsEmpty(text: string, from: number): boolean {
  let i = from;
  while (i < text.length && (isBlank(text.charAt(i)) || ',;'.includes(text.charAt(i)))) i++;
  const c = text.charAt(i);
  return c === '' || c === '\n' || c === '\r' || c === '#' || text.startsWith('//', i);
}

export type Value = Pick<Assignment, 'valueStart' | 'valueEnd' | 'quoted' | 'endsLine' | 'expression'> & { scanned: number };

/**
 * The value after the separator ending at `from`, quoted or bare; empty (end <= start) when there
 * is none. `scanned` is how far it read.
 */
export function readValue(text: string, from: number): Value {
  let i = from;
  while (isBlank(text.charAt(i))) i++;
  const quote = text.charAt(i);
  if (quote === '"' || quote === "'" || quote === '`') {
    const valueStart = i + 1;
    let end = valueStart;
    while (end < text.length && end - valueStart <= MAX_VALUE && text.charAt(end) !== quote && text.charAt(end) !== '\n') {
      end += text.charAt(end) === '\\' ? 2 : 1;
    }
    const closed = text.charAt(end) === quote;
    return { valueStart, valueEnd: closed ? end : valueStart, quoted: true, endsLine: restOfLineIsEmpty(text, end + 1), expression: false, scanned: end };
  }
  let end = i;
  while (end < text.length && end - i <= MAX_VALUE && !isValueStop(text, end)) end++;
  const scanned = end;
  if (end - i > MAX_VALUE) end = i;
  // A full stop closing a sentence is not part of the value.
  while (end > i && text.charAt(end - 1) === '.') end--;
  const after = text.charAt(end);
  return { valueStart: i, valueEnd: end, quoted: false, endsLine: restOfLineIsEmpty(text, end), expression: after === '(' || after === '[', scanned };
}

/**
 * A string literal wrapped in a conversion or prefixed as bytes is the literal all the same:
 * Go's `[]byte("…")`, Node's `Buffer.from('…')`, Python's `b'…'` / `bytes("…")`, Java's
 * `"…".getBytes()` reads as its quote already.
 */
const LITERAL_PREFIX = /[ \t]*(?:\[\]byte\(|Buffer\.from\(|bytes\(|String\(|str\(|[bBrRuU](?=["']))(?=["'`])/y;

/** How many characters before the separator's value are a wrapper around its literal (0 if none). */
function literalPrefix(text: string, from: number): number {
  LITERAL_PREFIX.lastIndex = from;
  return LITERAL_PREFIX.test(text) ? LITERAL_PREFIX.lastIndex - from : 0;
}

/**
 * Every assignment whose key contains a match of `stem` (a global, case-insensitive regex of key
 * word stems such as /pass|pwd/gi). Each key is read once however many stems it holds, and the
 * text a value was read over is not searched again: every character is read a bounded number of times.
 */
export function findAssignments(text: string, stem: RegExp): Assignment[] {
  const found: Assignment[] = [];
  stem.lastIndex = 0;
  for (let m = stem.exec(text); m !== null; m = stem.exec(text)) {
    let keyEnd = m.index + m[0].length;
    while (keyEnd < text.length && isKeyCode(text.charCodeAt(keyEnd))) keyEnd++;
    stem.lastIndex = keyEnd;
    let keyStart = m.index;
    while (keyStart > 0 && keyEnd - keyStart <= MAX_KEY && isKeyCode(text.charCodeAt(keyStart - 1))) keyStart--;
    if (keyEnd - keyStart > MAX_KEY) continue;
    // Keys start on a word character: `--password=` has the key `password`.
    while (keyStart < keyEnd && !isWordCode(text.charCodeAt(keyStart))) keyStart++;
    const read = readAssignment(text, keyStart, keyEnd);
    if (read.assignment) found.push(read.assignment);
    stem.lastIndex = Math.max(stem.lastIndex, read.scanned);
  }
  return found;
}

interface Read {
  assignment: Assignment | null;
  /** How far the text was read: a value's characters are not searched again for keys. */
  scanned: number;
}

function readAssignment(text: string, keyStart: number, keyEnd: number): Read {
  const none = { assignment: null, scanned: keyEnd };
  if (!isWordCode(text.charCodeAt(keyEnd - 1))) return none;
  const before = text.charAt(keyStart - 1);
  let value: Value;
  if (before === '<' && text.charAt(keyEnd) === '>') {
    // XML element: <password>value</password>
    const close = text.indexOf('<', keyEnd + 1);
    if (close === -1 || close - keyEnd > MAX_VALUE || text.charAt(close + 1) !== '/') return none;
    value = { valueStart: keyEnd + 1, valueEnd: close, quoted: true, endsLine: true, expression: false, scanned: close };
  } else {
    let i = keyEnd;
    if ((before === '"' || before === "'") && text.charAt(i) === before) i++; // a quoted key, as in JSON
    if (text.charAt(i) === ']') i++; // a subscript: config['SECRET_KEY'] = ..., ENV[:password] = ...
    while (isBlank(text.charAt(i))) i++;
    const sepEnd = separatorEnd(text, i);
    if (sepEnd === -1) return none;
    value = readValue(text, sepEnd + literalPrefix(text, sepEnd));
  }
  if (value.valueEnd <= value.valueStart) return { assignment: null, scanned: value.scanned };
  const words = keyWords(text.slice(keyStart, keyEnd));
  const { scanned, ...rest } = value;
  return { assignment: { keyStart, keyEnd, words, ...rest }, scanned };
}

// Stand-ins written where a password would go: references to where the real one lives (`$VAR`,
// `%VAR%`, `%s`, `{{ slot }}`), masks, type names of typed code, and the usual "fill me in" words.
const REFERENCE = /^(?:\$(?:\{|\(|[A-Za-z_]\w*$)|%(?:[sd]$|\(\w+\)s|\w+%$)|\{|<|\[|@\{|#\{|process\.env|os\.environ|env\(|getenv|vault:|secret:)/i;
const MASK = /^[*•xX#._?-]+$/;
const STAND_IN_WORDS = new Set([
  'null', 'nil', 'none', 'undefined', 'true', 'false', 'yes', 'no', 'on', 'off', 'empty', 'blank',
  'password', 'passwd', 'pass', 'pwd', 'passphrase', 'secret', 'changeme', 'change_me', 'change-me',
  'string', 'str', 'text', 'any', 'bytes', 'int', 'number', 'boolean', 'bool', 'object', 'secretstr',
  'required', 'optional', 'hidden', 'masked', 'omitted', 'removed', 'redacted', 'tbd', 'todo', 'n/a', 'na',
  'yourpassword', 'your_password', 'mypassword', 'my_password', 'newpassword', 'new_password',
  'password_here', 'enter_password', 'secret_here',
]);

/** True when the value is a stand-in for a password rather than one. */
/**
 * A variable given as a name and a value, as container specs list them: a Kubernetes or Compose
 * `env:` entry (`- name: ADMIN_PASSWORD` then `value: "…"` on the next line), and the JSON of ECS
 * task definitions and CloudFormation (`{"name": "DB_PASSWORD", "value": "…"}`). Group 1 is the
 * variable's name; the value's separator ends the match.
 */
const NAME_THEN_VALUE =
  /(?:^|[\s{,])["']?name["']?[ \t]*:[ \t]*["']?([A-Za-z_][\w.-]{0,80})["']?[ \t]*(?:,[ \t]*|\r?\n[ \t]*(?:-[ \t]+)?)["']?value["']?[ \t]*:/gi;

/** Name-and-value entries whose name contains a match of `stem`, read as assignments of the name. */
export function findNameValuePairs(text: string, stem: RegExp): Assignment[] {
  const found: Assignment[] = [];
  for (const m of text.matchAll(NAME_THEN_VALUE)) {
    const name = m[1] ?? '';
    stem.lastIndex = 0;
    if (!stem.test(name)) continue;
    const keyStart = m.index + m[0].indexOf(name, m[0].search(/name/i) + 4);
    const value = readValue(text, m.index + m[0].length);
    if (value.valueEnd <= value.valueStart) continue;
    const { scanned: _scanned, ...rest } = value;
    found.push({ keyStart, keyEnd: keyStart + name.length, words: keyWords(name), ...rest });
  }
  return found;
}

export function isPlaceholderPassword(value: string): boolean {
  return STAND_IN_WORDS.has(value.toLowerCase()) || MASK.test(value) || REFERENCE.test(value);
}

/** Rows read under one header at most. */
const MAX_ROWS = 10_000;

function lineEndAt(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

interface Cell {
  start: number;
  end: number;
}

/** Cells of the line text[start, end) split on `delimiter`, as offsets; quotes around a cell are dropped. */
function cells(text: string, start: number, end: number, delimiter: string): Cell[] {
  const out: Cell[] = [];
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i < end && text.charAt(i) !== delimiter) continue;
    let s = from;
    let e = i > from && text.charAt(i - 1) === '\r' ? i - 1 : i;
    while (s < e && isBlank(text.charAt(s))) s++;
    while (e > s && isBlank(text.charAt(e - 1))) e--;
    if (e - s >= 2 && text.charAt(s) === '"' && text.charAt(e - 1) === '"') [s, e] = [s + 1, e - 1];
    out.push({ start: s, end: e });
    from = i + 1;
  }
  return out;
}

/** Header cells are short names: `password`, `Secret access key`. */
function isHeaderCell(text: string, cell: Cell): boolean {
  return cell.end - cell.start <= 40 && keyWords(text.slice(cell.start, cell.end)).length <= 4;
}

/**
 * Cells under a CSV or TSV header naming the column (`user,password` then `alice,Alic3Pass!`), as
 * assignments whose key is the header cell. `names` decides which header words name the column.
 */
export function findTableCells(text: string, stem: RegExp, names: (words: string[]) => boolean): Assignment[] {
  const found: Assignment[] = [];
  // A table needs a row under its header, and a comma or tab between cells.
  if (!text.includes('\n') || !(text.includes(',') || text.includes('\t'))) return found;
  stem.lastIndex = 0;
  for (let m = stem.exec(text); m !== null; m = stem.exec(text)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const lineEnd = lineEndAt(text, m.index);
    stem.lastIndex = lineEnd; // a line is read once, as a header or as a row
    const line = text.slice(lineStart, lineEnd);
    const delimiter = line.includes('\t') ? '\t' : ',';
    if (!line.includes(delimiter)) continue;
    const header = cells(text, lineStart, lineEnd, delimiter);
    if (header.length < 2 || !header.every((c) => isHeaderCell(text, c))) continue;
    const column = header.findIndex((c) => names(keyWords(text.slice(c.start, c.end))));
    const key = header[column];
    if (!key) continue;
    const words = keyWords(text.slice(key.start, key.end));
    let rowStart = lineEnd + 1;
    for (let row = 0; row < MAX_ROWS && rowStart < text.length; row++) {
      const rowEnd = lineEndAt(text, rowStart);
      const rowCells = cells(text, rowStart, rowEnd, delimiter);
      const cell = rowCells[column];
      if (rowCells.length !== header.length || !cell) break;
      if (cell.end > cell.start) {
        found.push({ keyStart: key.start, keyEnd: key.end, words, valueStart: cell.start, valueEnd: cell.end, quoted: false, endsLine: true, expression: false });
      }
      stem.lastIndex = rowEnd;
      rowStart = rowEnd + 1;
    }
  }
  return found;
}
