// The dependency rules of src/ (.dependency-cruiser.mjs, docs/architecture.md) hold: no import cycle,
// no arrow against the layers. And the rules can fail: a small tree that breaks each of them is caught.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

interface Rules {
  default: IConfiguration;
  LAYERS: Record<string, string[]>;
  layerPath(names: string[]): string;
}

const rules = (await import(pathToFileURL(resolve('.dependency-cruiser.mjs')).href)) as Rules;

async function cruiseSrc(baseDir: string): Promise<ICruiseResult> {
  const { forbidden, options } = rules.default;
  const result = await cruise(['src'], { ...options, baseDir, validate: true, ruleSet: { forbidden } });
  return result.output as ICruiseResult;
}

const violations = (result: ICruiseResult) =>
  result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' -> ')})` : ''}`);

describe('the dependency rules of src/', { timeout: 60_000 }, () => {
  it('hold: no import cycle, and every folder imports only the folders below it', async () => {
    const result = await cruiseSrc(process.cwd());
    expect(violations(result)).toEqual([]);
    // A resolver that found nothing would pass every rule: the tree must really have been read.
    expect(result.summary.totalCruised).toBeGreaterThan(200);
    expect(result.summary.totalDependenciesCruised).toBeGreaterThan(700);
  });

  it('name a layer for every module of src/', async () => {
    const known = new RegExp(rules.layerPath(Object.keys(rules.LAYERS)));
    const result = await cruiseSrc(process.cwd());
    const sources = result.modules.map((m) => m.source).filter((s) => s.startsWith('src/'));
    expect(sources.filter((s) => !known.test(s))).toEqual([]);
  });

  it('catch a cycle, an upward arrow, I/O in the engine, an import of the SDK and an unresolvable import', async () => {
    const root = await mkdtemp(join(tmpdir(), 'preflight-layers-'));
    const files: Record<string, string> = {
      'src/engine/scan.ts': "import { readFileSync } from 'node:fs';\nimport { save } from '../store/save.js';\nexport const scan = () => save(readFileSync('x', 'utf8'));\n",
      'src/store/save.ts': "import { run } from '../services/run.js';\nexport const save = (s: string) => run(s);\n",
      'src/services/run.ts': "import { again } from './again.js';\nexport const run = (s: string) => again(s);\n",
      'src/services/again.ts': "import { run } from './run.js';\nexport const again = (s: string): string => (s ? run(s.slice(1)) : s);\n",
      'src/services/lost.ts': "import { gone } from './gone.js';\nexport const lost = gone;\n",
      'src/services/sdk-user.ts': "import { x } from '../../packages/sdk/src/index.js';\nexport const y = x;\n",
      'packages/sdk/src/index.ts': 'export const x = 1;\n',
    };
    try {
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(root, path)), { recursive: true });
        await writeFile(join(root, path), text);
      }
      const found = violations(await cruiseSrc(root));
      expect(found).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^no-circular: src\/services\/(run|again)\.ts/),
          'engine-imports-only-below: src/engine/scan.ts -> src/store/save.ts',
          'store-imports-only-below: src/store/save.ts -> src/services/run.ts',
          'engine-does-no-io: src/engine/scan.ts -> fs',
          'resolvable: src/services/lost.ts -> ./gone.js',
          'service-does-not-import-sdk: src/services/sdk-user.ts -> packages/sdk/src/index.ts',
        ]),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
