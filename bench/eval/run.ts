// `npm run eval [--seed N] [--docs N] [--no-presidio]`: scores Preflight's engine (and Presidio, as
// the reference) on the generated, labelled corpus; writes bench/ACCURACY.md, a section of
// bench/RESULTS.md and bench/eval/.last-errors.json. Exits 0 whether or not targets are met.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { machineLine, writeSection } from '../results-file.js';
import { DEFAULT_CORPUS, generateCorpus } from './corpus/generate.js';
import { countLeaks, measureThroughput, runEngine } from './engine.js';
import { SHARED_TYPES } from './presidio/mapping.js';
import { runPresidio } from './presidio/presidio.js';
import { consoleReport, errorsFile, markdownReport, type EvalResult, type PresidioScore } from './report.js';
import { Scoreboard } from './score.js';

/** Presidio's default (0, every result), a context-boosted weak pattern's score (0.4), and 0.5. */
const PRESIDIO_THRESHOLDS = [0, 0.4, 0.5];

const { values: opts } = parseArgs({
  options: {
    seed: { type: 'string', default: String(DEFAULT_CORPUS.seed) },
    docs: { type: 'string', default: String(DEFAULT_CORPUS.size) },
    'no-presidio': { type: 'boolean', default: false },
  },
});
const seed = Number(opts.seed);
const size = Number(opts.docs);
const log = (msg: string) => console.error(`eval: ${msg}`);

log(`generating ${size} documents (seed ${seed})`);
const docs = generateCorpus({ seed, size });
const bytes = docs.reduce((s, d) => s + Buffer.byteLength(d.text), 0);

log('scanning with Preflight');
const engine = runEngine(docs);
const board = new Scoreboard();
docs.forEach((d, i) => board.add(d, engine.predictions[i] ?? []));
const throughput = measureThroughput(docs);
log('checking masked output for leaks (4 masking styles)');
const leaks = countLeaks(docs);

let presidio: PresidioScore | null = null;
if (!opts['no-presidio']) {
  const run = runPresidio(docs);
  if (run) {
    presidio = {
      run,
      boards: PRESIDIO_THRESHOLDS.map((threshold) => {
        const b = new Scoreboard(SHARED_TYPES);
        docs.forEach((d, i) => b.add(d, (run.predictions[i] ?? []).filter((f) => f.score >= threshold)));
        return { threshold, board: b };
      }),
    };
  }
} else log('Presidio skipped (--no-presidio)');

const result: EvalResult = {
  date: new Date().toISOString().slice(0, 10),
  machine: { cores: cpus().length, cpu: cpus()[0]?.model.trim() ?? 'unknown CPU', node: process.version },
  seed,
  docs: docs.length,
  benignDocs: docs.filter((d) => d.benign).length,
  bytes,
  labels: docs.reduce((s, d) => s + d.labels.length, 0),
  ours: { board, throughput, errors: engine.errors, leaks },
  presidio,
};

console.log(consoleReport(result));
writeFileSync(new URL('../ACCURACY.md', import.meta.url), markdownReport(result));
writeFileSync(new URL('./.last-errors.json', import.meta.url), errorsFile(result) + '\n');

const p = presidio?.run;
writeSection(
  'eval-throughput',
  [
    '## Engine throughput on the evaluation corpus (`npm run eval`)',
    '',
    machineLine(),
    `Corpus: ${docs.length} generated documents (${result.benignDocs} benign), ${(bytes / 1e6).toFixed(2)} MB of UTF-8 text, seed ${seed}. Single thread, after a warm-up pass; MB = 10^6 bytes.`,
    '',
    '| engine | docs/s | MB/s |',
    '|---|---:|---:|',
    `| Preflight \`scan()\` | ${throughput.docsPerSec.toFixed(0)} | ${throughput.mbPerSec.toFixed(2)} |`,
    ...(p ? [`| Presidio ${p.presidioVersion} (blank spaCy pipeline) | ${p.docsPerSec.toFixed(1)} | ${(bytes / p.seconds / 1e6).toFixed(3)} |`] : []),
    '',
    p ? `Ratio: ${(throughput.docsPerSec / p.docsPerSec).toFixed(1)}× (target ≥ 20×). Accuracy: [ACCURACY.md](ACCURACY.md).` : 'Presidio did not run. Accuracy: [ACCURACY.md](ACCURACY.md).',
  ].join('\n'),
);
log('wrote bench/ACCURACY.md, bench/RESULTS.md (eval-throughput) and bench/eval/.last-errors.json');
