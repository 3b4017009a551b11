// `npm run bench [name ...]`: runs the named benchmarks (all but the on-request ones by default) and updates bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { benchAuditBurst } from './audit-burst.js';
import { benchAuditJournal } from './audit-journal.js';
import { benchAuthFlood } from './auth-flood.js';
import { benchCli } from './cli.js';
import { benchCompliance } from './compliance.js';
import { benchScale } from './scale.js';
import { benchScaleOut } from './scale-out.js';
import { benchTextChecks } from './text-checks.js';

const BENCHES: Record<string, () => Promise<void>> = {
  text: benchTextChecks,
  audit: benchAuditJournal,
  burst: benchAuditBurst,
  compliance: benchCompliance,
  'auth-flood': benchAuthFlood,
  scale: benchScale,
  'scale-out': benchScaleOut,
  cli: benchCli,
};

/**
 * Run only when named: `scale` seeds 2,000,000 audit records and takes a long while; `burst` sends
 * 100,000 checks; `cli` needs gitleaks, which scripts/run.sh builds only when `cli` is named.
 */
const ON_REQUEST = new Set(['scale', 'burst', 'cli']);

const names = process.argv.slice(2);
const selected = names.length > 0 ? names : Object.keys(BENCHES).filter((name) => !ON_REQUEST.has(name));
for (const name of selected) {
  if (!BENCHES[name]) {
    console.error(`unknown benchmark '${name}'; known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
}

// The API is benchmarked as it runs in production: compiled.
const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

for (const name of selected) await BENCHES[name]!();
