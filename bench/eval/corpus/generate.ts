// The evaluation corpus: deterministic from a seed. Positive documents cycle through the types so
// each has similar support; benign documents are spread among them.
import { benignDoc, BENIGN_KINDS } from './benign.js';
import { DocBuilder, type EvalDoc } from './doc.js';
import { RENDERERS, type Ctx } from './kinds.js';
import { Rng } from './rng.js';
import type { TypeSpec } from './spec.js';
import { SPECS } from './specs.js';
import { person } from './values-pii.js';

export interface CorpusOptions {
  seed: number;
  size: number;
  benignShare: number;
}

export const DEFAULT_CORPUS: CorpusOptions = { seed: 20250917, size: 2500, benignShare: 0.25 };

/** Identifiers that tie a clinical term to a person; PHI is only labelled next to one. */
const PERSON_IDENTIFIERS = new Set(['PERSON_NAME', 'MEDICAL_RECORD_NUMBER', 'DATE_OF_BIRTH', 'SSN', 'HEALTH_INSURANCE_ID', 'EMAIL']);

function positiveDoc(rng: Rng, id: string, primary: TypeSpec): EvalDoc {
  const kind = rng.pick(primary.kinds);
  const maxTypes = kind === 'csv' ? 3 : 4;
  const others = rng.shuffle(SPECS.filter((s) => s !== primary && s.kinds.includes(kind)));
  const chosen = [primary, ...others.slice(0, rng.int(0, maxTypes - 1))];
  if (chosen.some((s) => s.type === 'PHI') && !chosen.some((s) => PERSON_IDENTIFIERS.has(s.type))) {
    const name = SPECS.find((s) => s.type === 'PERSON_NAME');
    if (name && name.kinds.includes(kind)) chosen.unshift(name);
  }
  const ctx: Ctx = { rng, person: person(rng), b: new DocBuilder() };
  RENDERERS[kind](ctx, rng.shuffle(chosen));
  return ctx.b.build(id, kind, false);
}

export function generateCorpus(options: Partial<CorpusOptions> = {}): EvalDoc[] {
  const { seed, size, benignShare } = { ...DEFAULT_CORPUS, ...options };
  const rng = new Rng(seed);
  const benignCount = Math.round(size * benignShare);
  const isBenign = rng.shuffle(Array.from({ length: size }, (_, i) => i < benignCount));
  let positives = 0;
  let benigns = 0;
  return isBenign.map((benign, i) => {
    const id = `doc-${String(i + 1).padStart(5, '0')}`;
    if (benign) return benignDoc(rng, id, BENIGN_KINDS[benigns++ % BENIGN_KINDS.length] ?? 'chat');
    return positiveDoc(rng, id, SPECS[positives++ % SPECS.length] as TypeSpec);
  });
}
