import { isWordCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { isPlaceholderToken, PLACEHOLDER_CONFIDENCE } from './values.js';

/**
 * One token shape of a provider: a global regex of a fixed prefix followed by a greedy run of the
 * body's characters (so the regex never backtracks over the body), and a judge that checks the
 * lengths in code and returns a confidence, or null when the match is not this token.
 */
export interface TokenShape {
  pattern: RegExp;
  judge(value: string): number | null;
  /** Only where the text also matches this: a shape too plain to trust alone (Vault's legacy `s.…`). */
  context?: RegExp;
  /** Report this capture group (the pattern needs the `d` flag), not the whole match: the value after its key. */
  group?: number;
  /** The part a stand-in would show in, when the token has a fixed filler of its own (X's bearer tokens open with 22 `A`s). */
  standIn?: (value: string) => string;
}

export interface TokenSpec extends DetectorType {
  keywords: readonly string[];
  shapes: readonly TokenShape[];
}

/** A detector for prefix-led provider tokens, gitleaks style: a table row per provider. */
export function prefixedToken(spec: TokenSpec): Detector {
  const { type, category, keywords, shapes } = spec;
  return {
    type,
    category,
    keywords,
    noiseExempt: true,
    find(text) {
      const found: Finding[] = [];
      for (const shape of shapes) {
        if (shape.context && !shape.context.test(text)) continue;
        for (const m of text.matchAll(shape.pattern)) {
          const span: readonly [number, number] | undefined =
            shape.group === undefined ? [m.index, m.index + m[0].length] : m.indices?.[shape.group];
          if (!span) continue;
          const start = span[0];
          let end = span[1];
          // A full stop closing a sentence is not part of a token whose body may hold dots.
          while (end > start && text.charCodeAt(end - 1) === 46) end--;
          // Part of a longer word (`xghp_...`, `..._svc_sk_...`) is some other identifier.
          if (start > 0 && isWordCode(text.charCodeAt(start - 1))) continue;
          if (end < text.length && isWordCode(text.charCodeAt(end))) continue;
          const value = text.slice(start, end);
          const confidence = shape.judge(value);
          if (confidence === null) continue;
          found.push(makeFinding(spec, text, start, end, isPlaceholderToken(shape.standIn ? shape.standIn(value) : value) ? PLACEHOLDER_CONFIDENCE : confidence));
        }
      }
      return found;
    },
  };
}

/** A judge accepting bodies (what follows `prefixLength` characters) of the given lengths. */
export function bodyLength(prefixLength: number, min: number, max: number, confidence: number): (value: string) => number | null {
  return (value) => {
    const n = value.length - prefixLength;
    return n >= min && n <= max ? confidence : null;
  };
}
