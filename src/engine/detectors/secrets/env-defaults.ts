import type { ScanText } from '../../scan-text.js';
import { wordSet } from '../../words-present.js';
import { keyWords, readValue, type Assignment } from './assignments.js';

// A secret written as the fallback of an environment lookup is a literal secret in the code:
// `os.getenv("API_KEY", "…")`, `os.environ.get("DB_PASSWORD", default="…")`,
// `process.env.JWT_SECRET || '…'`, `ENV["TOKEN"] ?? "…"`, `getenv('X') ?: '…'` and the shell's
// `${DB_PASSWORD:-…}`. Each is read as an assignment of the fallback to the variable's name, so
// PASSWORD and GENERIC_SECRET judge name and value as for `DB_PASSWORD = "…"`.

/** Every form holds one of these, lower-cased: a text without any holds no fallback. */
export const ENV_DEFAULT_WORDS = wordSet(['get(', 'env(', 'fetch(', 'getordefault(', 'config(', 'env.', 'env[', 'environ', '$_server', '${']);
/** Each form, read only when the text holds one of its words. */
const CALL_WORDS = wordSet(['get(', 'env(', 'fetch(', 'getordefault(', 'config(']);
const FALLBACK_WORDS = wordSet(['env.', 'env[', 'environ', '$_server', 'getenv(']);
const SHELL_WORDS = wordSet(['${']);
/** The operators a fallback follows. */
const OR = /\|\||\?\?|\?:|\bor\b/;

const NAME = String.raw`[A-Za-z_][\w.]{0,100}`;
/** `getenv("NAME", ` and friends, up to the fallback's opening quote. */
const CALL = new RegExp(String.raw`\b(?:getenv|Getenv|get|fetch|env|getOrDefault|config)\(\s*(["'])(${NAME})\1\s*,\s*(?:default\s*=\s*)?(?=["'\x60])`, 'g');
/** `process.env.NAME ||`, `ENV["NAME"] ??`, `getenv('NAME') ?:`, up to the fallback's opening quote. */
const FALLBACK = new RegExp(
  String.raw`(?:\b(?:process\.env|ENV|os\.environ)|\$_ENV|\$_SERVER|\bgetenv\()(?:\.(${NAME})|\[\s*(["'])(${NAME})\2\s*\]|\s*(["'])(${NAME})\4\s*\))\s*(?:\|\||\?\?|\?:|\bor\b)\s*(?=["'\x60])`,
  'g',
);
/** The shell's `${NAME:-fallback}` and `${NAME-fallback}`, `:=` and `=` alike. */
const SHELL = /\$\{([A-Za-z_]\w{0,100}):?[-=]([^}\s"'`]{1,512})\}/g;

function assignment(text: string, name: [number, number], valueFrom: number): Assignment | null {
  const value = readValue(text, valueFrom);
  if (value.valueEnd <= value.valueStart) return null;
  return {
    keyStart: name[0],
    keyEnd: name[1],
    words: keyWords(text.slice(name[0], name[1])),
    valueStart: value.valueStart,
    valueEnd: value.valueEnd,
    quoted: true,
    endsLine: true,
    expression: false,
  };
}

function nameAt(m: RegExpExecArray, text: string): [number, number] | null {
  for (let g = 1; g < m.length; g++) {
    const name = m[g];
    if (name && /^[A-Za-z_]/.test(name)) {
      const start = text.indexOf(name, m.index);
      return [start, start + name.length];
    }
  }
  return null;
}

/**
 * Fallbacks of environment lookups, as assignments of the fallback to the variable's name. Worked
 * out once per scan (`shared.once`) for PASSWORD and GENERIC_SECRET both.
 */
export function findEnvDefaults(text: string, shared: ScanText): Assignment[] {
  const found: Assignment[] = [];
  const patterns = [];
  if (shared.hasAny(CALL_WORDS)) patterns.push(CALL);
  if (shared.hasAny(FALLBACK_WORDS) && OR.test(text)) patterns.push(FALLBACK);
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const name = nameAt(m, text);
      const a = name && assignment(text, name, m.index + m[0].length);
      if (a) found.push(a);
    }
  }
  if (!shared.hasAny(SHELL_WORDS)) return found;
  for (const m of text.matchAll(SHELL)) {
    const name = m[1] ?? '';
    const valueStart = m.index + 2 + name.length + (m[0].charAt(2 + name.length) === ':' ? 2 : 1);
    found.push({
      keyStart: m.index + 2,
      keyEnd: m.index + 2 + name.length,
      words: keyWords(name),
      valueStart,
      valueEnd: valueStart + (m[2]?.length ?? 0),
      quoted: false,
      endsLine: true,
      expression: false,
    });
  }
  return found;
}
