// Compiled per-policy settings, cached per thread. Compiled RE2 programs cannot cross to worker
// threads, so every thread compiles the plain specs it is given, once per distinct spec: entries
// are keyed by a hash of the specs, and bounded in number and in weight (RE2 programs and their
// DFA caches, keyword automata).
import { createHash } from 'node:crypto';
import type { AllowEntry, CustomDetectorSpec, ScanOptions } from '../types.js';
import { ALLOW_NOTHING, compileAllowlist, type Allowlist } from './allowlist.js';
import { compileCustomDetectors, NO_CUSTOM_DETECTORS, type CustomFinder } from './compile.js';

export interface CompiledSettings {
  finder: CustomFinder;
  allowlist: Allowlist;
}

const NOTHING: CompiledSettings = { finder: NO_CUSTOM_DETECTORS, allowlist: ALLOW_NOTHING };

const MAX_ENTRIES = 32;
/** About 100 RE2 programs, or a million keyword characters. */
const MAX_WEIGHT = 1_000_000;

const byHash = new Map<string, CompiledSettings>();
let totalWeight = 0;

/**
 * The same spec arrays come back on every check of a cached policy (on the API thread): they are
 * remembered by identity so their hash is computed once. Policy documents are replaced, never
 * modified in place, so an array's identity stands for its content.
 */
const hashByIdentity = new WeakMap<object, { other: object | undefined; hash: string }>();

function hashOf(detectors: readonly CustomDetectorSpec[], allow: readonly AllowEntry[]): string {
  return createHash('sha256').update(JSON.stringify([detectors, allow])).digest('base64');
}

function weightOf(settings: CompiledSettings): number {
  return settings.finder.weight + 1;
}

function remember(hash: string, settings: CompiledSettings): void {
  byHash.set(hash, settings);
  totalWeight += weightOf(settings);
  // Map order is insertion order, and hits are re-inserted: the first key is the least recently used.
  for (const [key, entry] of byHash) {
    if ((byHash.size <= MAX_ENTRIES && totalWeight <= MAX_WEIGHT) || key === hash) break;
    byHash.delete(key);
    totalWeight -= weightOf(entry);
  }
}

/** The compiled custom detectors and allowlist of these options; throws if they do not compile. */
export function compiledSettings(options: ScanOptions): CompiledSettings {
  const detectors = options.customDetectors ?? [];
  const allow = options.allow ?? [];
  if (detectors.length === 0 && allow.length === 0) return NOTHING;

  const [key, other] = detectors.length > 0 ? [detectors, options.allow] : [allow, undefined];
  const known = hashByIdentity.get(key);
  const hash = known && known.other === other ? known.hash : hashOf(detectors, allow);
  hashByIdentity.set(key, { other, hash });

  let compiled = byHash.get(hash);
  if (compiled) {
    byHash.delete(hash);
    byHash.set(hash, compiled);
  } else {
    compiled = { finder: compileCustomDetectors(detectors), allowlist: compileAllowlist(allow) };
    remember(hash, compiled);
  }
  return compiled;
}
