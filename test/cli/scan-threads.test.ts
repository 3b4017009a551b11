// A scan large enough for worker threads (4 MiB and more) finds exactly what one thread finds, in
// the same order, with text files on the threads and a PDF on the main thread in the same run.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../helpers/file-fixtures.js';
import { expectNoRawValues, jsonOf, runCli } from './run-cli.js';

const SECRETS = ['AKIAZ3MSJV4WWNKWW5FG', 'AKIAQ7NXMB5JZ3YXK2LT'];
const EMAIL = 'john.smith@example.com';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'preflight-threads-'));
  const line = (i: number) => `export function handler${i}(order: Order): number { return order.items.length * ${i % 97}; }\n`;
  const body = Array.from({ length: 400 }, (_, i) => line(i)).join('');
  for (let f = 0; f < 160; f++) {
    const dir = join(root, `pkg${f % 8}`);
    await mkdir(dir, { recursive: true });
    let text = body;
    if (f === 17) text += `const key = '${SECRETS[0]}';\n`;
    if (f === 101) text = `// owner: ${EMAIL}\n${text}`;
    if (f === 150) text += `aws_access_key_id = ${SECRETS[1]}\n`;
    await writeFile(join(dir, `file${String(f).padStart(3, '0')}.ts`), text);
  }
  await writeFile(join(root, 'pkg0/report.pdf'), await textPdf([[`Contact ${EMAIL}`]]));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('preflight scan on worker threads', { timeout: 180_000 }, () => {
  it('reports the same findings with two threads as with one', async () => {
    const two = await runCli(['scan', '.', '--format', 'json', '--threads', '2'], { cwd: root });
    expect(two.code, two.stderr).toBe(1);
    const one = await runCli(['scan', '.', '--format', 'json', '--threads', '1'], { cwd: root });
    expect(one.code, one.stderr).toBe(1);
    const a = jsonOf(two);
    const b = jsonOf(one);
    expect(a.stats.bytes_scanned).toBeGreaterThan(4 * 1024 * 1024);
    expect(a.stats.files_scanned).toBe(161);
    expect(a.files).toEqual(b.files);
    expect(a.files.map((f) => [f.path, f.kind, f.findings.map((x) => `${x.type}@${x.line}:${x.column}`)])).toEqual([
      ['pkg0/report.pdf', 'pdf', ['EMAIL@1:9']],
      ['pkg1/file017.ts', 'text', ['AWS_ACCESS_KEY@401:14']],
      ['pkg5/file101.ts', 'text', ['EMAIL@1:11']],
      ['pkg6/file150.ts', 'text', ['AWS_ACCESS_KEY@401:21']],
    ]);
    expectNoRawValues(two, [...SECRETS, EMAIL]);
  });
});
