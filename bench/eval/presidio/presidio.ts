// Presidio as the reference engine: a Python venv made once per machine from PyPI, a blank English
// spaCy pipeline saved next to it, and analyze.py run over the corpus. A benchmark tool only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvalDoc } from '../corpus/doc.js';
import type { Span } from '../score.js';
import { PRESIDIO_TO_OURS } from './mapping.js';

/** Versions checked to work together here; the venv is rebuilt when this list changes. */
export const PRESIDIO_PINS = ['presidio-analyzer==2.2.366', 'spacy==3.8.18', 'phonenumbers==9.0.43', 'tldextract==5.4.0'];

const CACHE_DIR = process.env.PREFLIGHT_CACHE_DIR ?? join(homedir(), '.cache', 'preflight');
const VENV = join(CACHE_DIR, 'presidio-venv');
const MODEL_DIR = join(CACHE_DIR, 'spacy-blank-en');
const STAMP = join(VENV, '.preflight-pins');
const PYTHON = join(VENV, 'bin', 'python');
const SCRIPT = fileURLToPath(new URL('./analyze.py', import.meta.url));

const log = (msg: string) => console.error(`eval: ${msg}`);

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}`);
}

/** Builds the venv and the blank pipeline when missing or made from other pins. Throws when it cannot. */
function ensureVenv(): void {
  const pins = PRESIDIO_PINS.join('\n');
  if (!existsSync(PYTHON) || !existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== pins) {
    log(`building the Presidio venv in ${VENV} (once per machine)`);
    mkdirSync(CACHE_DIR, { recursive: true });
    rmSync(MODEL_DIR, { recursive: true, force: true });
    run('python3', ['-m', 'venv', '--clear', VENV]);
    run(PYTHON, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', ...PRESIDIO_PINS]);
    writeFileSync(STAMP, pins);
  }
  if (!existsSync(join(MODEL_DIR, 'config.cfg'))) {
    run(PYTHON, ['-c', 'import spacy, sys; spacy.blank("en").to_disk(sys.argv[1])', MODEL_DIR]);
  }
}

export interface PresidioFinding extends Span {
  score: number;
}

export interface PresidioRun {
  presidioVersion: string;
  spacyVersion: string;
  pythonVersion: string;
  /** Entity types this installation can emit, to check the mapping against. */
  entities: string[];
  seconds: number;
  docsPerSec: number;
  /** Mapped to Preflight's types; findings of unmapped entities are dropped. */
  predictions: PresidioFinding[][];
  /** Findings dropped as unmapped, per Presidio entity. */
  unmapped: Map<string, number>;
}

interface AnalyzeOutput {
  presidio_version: string;
  spacy_version: string;
  python_version: string;
  entities: string[];
  elapsed_seconds: number;
  docs: { id: string; findings: { type: string; start: number; end: number; score: number }[] }[];
}

/** Runs Presidio over the corpus; returns null (and says why) when it cannot run. */
export function runPresidio(docs: readonly EvalDoc[]): PresidioRun | null {
  try {
    ensureVenv();
  } catch (err) {
    log(`Presidio did not run: could not build its venv (${err instanceof Error ? err.message : String(err)})`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'preflight-eval-'));
  try {
    const corpus = join(dir, 'corpus.jsonl');
    const out = join(dir, 'presidio.json');
    writeFileSync(corpus, docs.map((d) => JSON.stringify({ id: d.id, text: d.text })).join('\n'));
    log(`running Presidio over ${docs.length} documents`);
    run(PYTHON, [SCRIPT, MODEL_DIR, corpus, out]);
    const result = JSON.parse(readFileSync(out, 'utf8')) as AnalyzeOutput;
    const unmapped = new Map<string, number>();
    const byId = new Map(result.docs.map((d) => [d.id, d.findings]));
    const predictions = docs.map((d) =>
      (byId.get(d.id) ?? []).flatMap((f) => {
        const type = PRESIDIO_TO_OURS[f.type];
        if (!type) {
          unmapped.set(f.type, (unmapped.get(f.type) ?? 0) + 1);
          return [];
        }
        return [{ type, start: f.start, end: f.end, score: f.score }];
      }),
    );
    return {
      presidioVersion: result.presidio_version,
      spacyVersion: result.spacy_version,
      pythonVersion: result.python_version,
      entities: result.entities,
      seconds: result.elapsed_seconds,
      docsPerSec: docs.length / result.elapsed_seconds,
      predictions,
      unmapped,
    };
  } catch (err) {
    log(`Presidio did not run: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
