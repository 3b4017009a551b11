import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { isPlaceholderPassword } from './assignments.js';
import { isPlaceholderValue, PLACEHOLDER_CONFIDENCE } from './values.js';

const KUBERNETES_SECRET: DetectorType = { type: 'KUBERNETES_SECRET', category: 'SECRETS' };

// A Kubernetes Secret manifest: every value under `data:` (base64) or `stringData:` (plain) of a
// mapping that also says `kind: Secret` is a secret, whatever its key is called. Only the values are
// reported. YAML is read line by line by indentation, JSON (`kubectl get secret -o json`) token by
// token by nesting; each once, so the scan is linear.

/**
 * Found by context alone, and the fallback for values nothing more specific knows: a key that names
 * a password, a provider's token or a PEM key keeps that type (PASSWORD from 0.65 up wins the overlap).
 */
const IN_SECRET = 0.6;
/** A certificate is public by design; its private key beside it is a PRIVATE_KEY. */
const CERTIFICATE = /^-----BEGIN CERTIFICATE-----/;
/** Leading spaces and a list item's dash, then a key and its colon: the line's key and where it starts. */
const KEY_LINE = /^( *)(- +)?["']?([A-Za-z][\w.-]*)["']?[ \t]*:(?=[ \t]|$)[ \t]*(.*)$/;
const KIND_SECRET = /^["']?Secret["']?[ \t]*(?:#.*)?$/;
const BLOCK_SCALAR = /^[|>][+-]?\d?[ \t]*(?:#.*)?$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Values that stand for one filled in later: `{{ .Values.x }}`, `${VAR}`, `<password>`. */
const TEMPLATE = /^(?:\{\{.*\}\}|\$\{.*\}|<[^>]*>)$/;

interface Line {
  start: number;
  end: number;
}

interface Mapping {
  id: number;
  secret: boolean;
}

/** A `data:` or `stringData:` block: the lines of its values and whether they are base64. */
interface Block {
  mapping: number;
  base64: boolean;
  first: number;
  last: number;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    lines.push({ start, end: end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end });
    if (nl === -1) break;
    start = nl + 1;
  }
  return lines;
}

function indentOf(text: string, line: Line): number {
  let i = line.start;
  while (i < line.end && text.charCodeAt(i) === 32) i++;
  return i === line.end || text.charAt(i) === '#' ? -1 : i - line.start;
}

/** Finds the `data:`/`stringData:` blocks of every mapping and marks the mappings that say `kind: Secret`. */
function readBlocks(text: string, lines: readonly Line[]): { blocks: Block[]; secret: Set<number> } {
  const blocks: Block[] = [];
  const secret = new Set<number>();
  const open = new Map<number, Mapping>();
  let nextId = 0;
  let block: Block | null = null;
  let blockIndent = 0;
  for (const [n, line] of lines.entries()) {
    const raw = text.slice(line.start, line.end);
    if (/^(?:---|\.\.\.)(?:\s|$)/.test(raw)) {
      open.clear();
      block = null;
      continue;
    }
    const indent = indentOf(text, line);
    if (indent < 0) continue;
    if (block && indent > blockIndent) {
      block.last = n;
      continue;
    }
    block = null;
    const m = KEY_LINE.exec(raw);
    if (!m) continue;
    const keyIndent = (m[1] ?? '').length + (m[2] ?? '').length;
    for (const k of open.keys()) if (k > keyIndent || (k === keyIndent && m[2])) open.delete(k);
    let mapping = open.get(keyIndent);
    if (!mapping) {
      mapping = { id: nextId++, secret: false };
      open.set(keyIndent, mapping);
    }
    const [key, rest] = [m[3] ?? '', m[4] ?? ''];
    if (key === 'kind' && KIND_SECRET.test(rest)) secret.add(mapping.id);
    if ((key === 'data' || key === 'stringData') && /^(?:#.*)?$/.test(rest)) {
      block = { mapping: mapping.id, base64: key === 'data', first: n + 1, last: n };
      blockIndent = keyIndent;
      blocks.push(block);
    }
  }
  return { blocks, secret };
}

/** The confidence for one value, or null when it is no secret (empty, a template, not base64 under `data:`). */
function judge(value: string, base64: boolean): number | null {
  if (value === '' || TEMPLATE.test(value) || CERTIFICATE.test(value)) return null;
  let plain = value;
  if (base64) {
    const compact = value.replace(/\s+/g, '');
    if (!BASE64.test(compact) || compact.length % 4 !== 0) return null;
    plain = atob(compact);
    if (plain.trim() === '' || CERTIFICATE.test(plain)) return null;
  }
  return isPlaceholderPassword(plain) || isPlaceholderValue(plain) ? PLACEHOLDER_CONFIDENCE : IN_SECRET;
}

/** The value's span on a `key: value` line, without quotes or a trailing comment. */
function scalarSpan(text: string, from: number, end: number): [number, number] {
  let s = from;
  let e = end;
  const q = text.charAt(s);
  if ((q === '"' || q === "'") && e - s >= 2) {
    const close = text.indexOf(q, s + 1);
    if (close !== -1 && close < e) return [s + 1, close];
  }
  const comment = text.slice(s, e).search(/[ \t]#/);
  if (comment !== -1) e = s + comment;
  while (e > s && /[ \t]/.test(text.charAt(e - 1))) e--;
  return [s, e];
}

function valuesOf(text: string, lines: readonly Line[], block: Block, found: Finding[]): void {
  let childIndent = -1;
  for (let n = block.first; n <= block.last; n++) {
    const line = lines[n] as Line;
    const indent = indentOf(text, line);
    if (indent < 0) continue;
    if (childIndent < 0) childIndent = indent;
    if (indent !== childIndent) continue;
    const raw = text.slice(line.start, line.end);
    const m = KEY_LINE.exec(raw);
    if (!m || m[2]) continue;
    const rest = m[4] ?? '';
    let start: number;
    let end: number;
    if (BLOCK_SCALAR.test(rest)) {
      // `key: |` then the lines indented under it.
      let last = n;
      while (last + 1 <= block.last && (indentOf(text, lines[last + 1] as Line) > childIndent || indentOf(text, lines[last + 1] as Line) < 0)) last++;
      while (last > n && indentOf(text, lines[last] as Line) < 0) last--;
      if (last === n) continue;
      const firstLine = lines[n + 1] as Line;
      start = firstLine.start + Math.max(0, indentOf(text, firstLine));
      end = (lines[last] as Line).end;
      n = last;
    } else {
      [start, end] = scalarSpan(text, line.end - rest.length, line.end);
    }
    const confidence = judge(text.slice(start, end), block.base64);
    if (confidence !== null) found.push(makeFinding(KUBERNETES_SECRET, text, start, end, confidence));
  }
}

/** One JSON object or array being read: whether it says `kind: Secret`, and the data block it is, if any. */
interface JsonFrame {
  array: boolean;
  secret: boolean;
  /** For a `data`/`stringData` object: the object holding it, and whether its values are base64. */
  dataOf: JsonFrame | null;
  base64: boolean;
  key: string | null;
  expectKey: boolean;
  values: [number, number][];
}

function frame(array: boolean, dataOf: JsonFrame | null = null, base64 = false): JsonFrame {
  return { array, secret: false, dataOf, base64, key: null, expectKey: !array, values: [] };
}

/** The end of the JSON string opening at `start` (just past its closing quote), or the text's end. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === 34 /* " */) return i + 1;
  }
  return text.length;
}

function findJson(text: string, found: Finding[]): void {
  const stack: JsonFrame[] = [];
  const blocks: JsonFrame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    const top = stack[stack.length - 1];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (top && !top.array) {
        if (top.expectKey) top.key = text.slice(i + 1, end - 1);
        else {
          if (top.key === 'kind' && text.slice(i + 1, end - 1) === 'Secret') top.secret = true;
          if (top.dataOf) top.values.push([i + 1, end - 1]);
        }
      }
      i = end - 1;
    } else if (c === '{' || c === '[') {
      const block = c === '{' && top && !top.array && !top.expectKey && (top.key === 'data' || top.key === 'stringData');
      const next = frame(c === '[', block ? top : null, block ? top.key === 'data' : false);
      if (block) blocks.push(next);
      stack.push(next);
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (top && !top.array) {
      if (c === ':') top.expectKey = false;
      else if (c === ',') top.expectKey = true;
    }
  }
  for (const block of blocks) {
    if (!block.dataOf?.secret) continue;
    for (const [start, end] of block.values) {
      const confidence = judge(text.slice(start, end), block.base64);
      if (confidence !== null) found.push(makeFinding(KUBERNETES_SECRET, text, start, end, confidence));
    }
  }
}

export const kubernetesSecret: Detector = {
  ...KUBERNETES_SECRET,
  keywords: ['kind'],
  noiseExempt: true,
  find(text) {
    if (!text.includes('Secret')) return [];
    const found: Finding[] = [];
    if (text.includes('ata:')) {
      const lines = splitLines(text);
      const { blocks, secret } = readBlocks(text, lines);
      for (const block of blocks) if (secret.has(block.mapping)) valuesOf(text, lines, block, found);
    }
    if (text.includes('"Secret"') && text.includes('ata"')) findJson(text, found);
    return found;
  },
};
