// How one type appears in documents: its value generator and the phrasings around it, per style.
import type { Rng } from './rng.js';
import type { Person } from './values-pii.js';

export const KINDS = ['ticket', 'email', 'chat', 'clinical', 'hr', 'invoice', 'wire', 'json', 'csv', 'log', 'env', 'yaml', 'code', 'stack'] as const;
export type Kind = (typeof KINDS)[number];

/** What a value generator may use: the document's random source and its main person. */
export interface ValueContext {
  rng: Rng;
  person: Person;
}

/**
 * Templates hold `{V}` for the value, `{TYPE}` or a sub-token (`{MBI}`, `{DX}`...) for another
 * labelled value, and `{lowercase}` for unlabelled filler. Keys may name a sub-token: `eth_address:ETH`.
 */
export interface TypeSpec {
  type: string;
  /** `bare`: no context word will stand next to the value, so use its self-evident form. */
  value: (c: ValueContext, bare: boolean) => string;
  /** Sentences where a human sees what the value is from the words around it. */
  prose: string[];
  /** Sentences with no context word: only for types that are self-evident. */
  bare?: string[];
  /** Lines of forms and records. */
  fields: string[];
  /** Field names for JSON, CSV headers, log key=value pairs, .env and YAML. */
  keys: string[];
  code?: string[];
  log?: string[];
  stack?: string[];
  kinds: Kind[];
}
