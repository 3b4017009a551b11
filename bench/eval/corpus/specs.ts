// Every type the corpus labels, and the sub-tokens templates use for a particular form of a value.
import { type Piece } from './doc.js';
import { filler } from './filler.js';
import type { TypeSpec, ValueContext } from './spec.js';
import { FINANCIAL_SPECS } from './specs-financial.js';
import { PHI_SPECS } from './specs-phi.js';
import { PII_SPECS } from './specs-pii.js';
import { SECRETS_SPECS } from './specs-secrets.js';
import { cryptoWallet } from './values-financial.js';
import { clinicalTerm, mbi } from './values-phi.js';
import { ipv4, usAddress } from './values-pii.js';
import { connectionString, privateKey } from './values-secrets.js';

export const SPECS: readonly TypeSpec[] = [...PII_SPECS, ...PHI_SPECS, ...FINANCIAL_SPECS, ...SECRETS_SPECS];

export const SPEC_BY_TYPE: ReadonlyMap<string, TypeSpec> = new Map(SPECS.map((s) => [s.type, s]));

/** The labelled types, in DESIGN §17 order. */
export const LABELLED_TYPES: readonly string[] = SPECS.map((s) => s.type);

const SUB_TOKENS: Record<string, { type: string; make: (c: ValueContext) => string }> = {
  MBI: { type: 'HEALTH_INSURANCE_ID', make: (c) => mbi(c.rng) },
  DX: { type: 'PHI', make: (c) => clinicalTerm(c.rng, 'diagnosis') },
  MED: { type: 'PHI', make: (c) => clinicalTerm(c.rng, 'medication') },
  PROC: { type: 'PHI', make: (c) => clinicalTerm(c.rng, 'procedure') },
  BTC: { type: 'CRYPTO_WALLET', make: (c) => cryptoWallet(c.rng, 'btc') },
  ETH: { type: 'CRYPTO_WALLET', make: (c) => cryptoWallet(c.rng, 'eth') },
  PEM_ESC: { type: 'PRIVATE_KEY', make: (c) => privateKey(c.rng, '\\n') },
  PEM_YAML: { type: 'PRIVATE_KEY', make: (c) => privateKey(c.rng, '\n  ') },
  ADDRESS_ML: { type: 'US_ADDRESS', make: (c) => usAddress(c.rng, true) },
  // Before a `:port`, an IPv6 address without brackets would be ambiguous.
  IPV4: { type: 'IP_ADDRESS', make: (c) => ipv4(c.rng) },
  PG: { type: 'CONNECTION_STRING', make: (c) => connectionString(c.rng, 'postgres') },
  MONGO: { type: 'CONNECTION_STRING', make: (c) => connectionString(c.rng, 'mongodb') },
  REDIS: { type: 'CONNECTION_STRING', make: (c) => connectionString(c.rng, 'redis') },
};

/**
 * What a template token becomes: `V` is the value of `own` (in its bare form when `bare`), an
 * upper-case type or sub-token a labelled value, a lower-case word unlabelled filler.
 */
export function resolveToken(token: string, c: ValueContext, own?: TypeSpec, bare = false): Piece {
  if (token === 'V') {
    if (!own) throw new Error('{V} outside a type template');
    return { type: own.type, text: own.value(c, bare) };
  }
  const sub = SUB_TOKENS[token];
  if (sub) return { type: sub.type, text: sub.make(c) };
  const spec = SPEC_BY_TYPE.get(token);
  if (spec) return { type: spec.type, text: spec.value(c, false) };
  return { text: filler(token, c.rng) };
}

/** The type of the value a `key:TOKEN` key holds, and the token that makes it. */
export function splitKey(key: string): { name: string; token: string } {
  const i = key.indexOf(':');
  return i < 0 ? { name: key, token: 'V' } : { name: key.slice(0, i), token: key.slice(i + 1) };
}
