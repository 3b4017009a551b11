// `preflight scan PATH…` run as a user runs it (the bin, in a child process) on a folder of mixed
// files: text, a PDF, a DOCX, a PNG (OCR), a binary it cannot read, and files a .gitignore hides.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docx, pngOf, textPdf } from '../helpers/file-fixtures.js';
import { expectNoRawValues, jsonOf, runCli, typesByPath } from './run-cli.js';
import { sarifProblems } from './sarif-shape.js';

const SSN = '123-45-6789';
const EMAIL = 'john.smith@example.com';
const AWS_KEY = 'AKIAZ3MSJV4WWNKWW5FG';
const DOCX_EMAIL = 'maria.garcia@example.org';
const PNG_EMAIL = 'peter.jones@example.net';
const IGNORED_KEY = 'AKIAQ7NXMB5JZ3YXK2LT';
const RAW = [SSN, EMAIL, AWS_KEY, DOCX_EMAIL, PNG_EMAIL, IGNORED_KEY];

let root: string;
const hasScript = spawnSync('script', ['--version']).status === 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'preflight-cli-'));
  const files: Record<string, string | Buffer> = {
    'notes.txt': `Meeting notes\nCustomer SSN: ${SSN}, mail ${EMAIL}\n`,
    'config/app.env': `REGION=eu-west-1\naws_access_key_id = ${AWS_KEY}\n`,
    'docs/report.pdf': await textPdf([['Quarterly report'], ['Contact the patient at', `SSN ${SSN}`]]),
    'docs/letter.docx': await docx({ body: ['Dear customer,', `Write to ${DOCX_EMAIL} for details.`] }),
    'scans/card.png': await pngOf([`Email: ${PNG_EMAIL}`]),
    'bin/tool.gz': Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8]),
    'empty.txt': '',
    '.gitignore': 'build/\n*.log\n',
    'build/out.txt': `aws_access_key_id = ${IGNORED_KEY}\n`,
    'debug.log': `aws_access_key_id = ${IGNORED_KEY}\n`,
    // A deeper .gitignore re-includes what the top one ignores, as git does.
    'logs/.gitignore': '!keep.log\n',
    'logs/keep.log': `user ${EMAIL}\n`,
    'logs/drop.log': `aws_access_key_id = ${IGNORED_KEY}\n`,
  };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('preflight scan PATH (local, offline)', { timeout: 180_000 }, () => {
  it('checks text, PDF, DOCX and PNG with the engine, honours .gitignore, skips what it cannot read, and exits 1 on a BLOCK', async () => {
    const run = await runCli(['scan', '.', '--format', 'json'], { cwd: root });
    expect(run.code, run.stderr).toBe(1);
    const report = jsonOf(run);
    expect(report.mode).toBe('local');
    expect(report.decision).toBe('BLOCKED');
    expect(typesByPath(report)).toEqual({
      'config/app.env': ['AWS_ACCESS_KEY'],
      'docs/letter.docx': ['EMAIL'],
      'docs/report.pdf': ['SSN'],
      'logs/keep.log': ['EMAIL'],
      'notes.txt': ['EMAIL', 'SSN'],
      'scans/card.png': ['EMAIL'],
    });
    const kinds = Object.fromEntries(report.files.map((f) => [f.path, f.kind]));
    expect(kinds).toMatchObject({ 'docs/report.pdf': 'pdf', 'docs/letter.docx': 'docx', 'scans/card.png': 'image', 'notes.txt': 'text' });

    const notes = report.files.find((f) => f.path === 'notes.txt')!;
    expect(notes.findings.map((f) => [f.type, f.line, f.column, f.action, f.sample])).toEqual([
      ['SSN', 2, 15, 'MASK', '***-**-6789'],
      ['EMAIL', 2, 33, 'MASK', 'j***@example.com'],
    ]);
    const key = report.files.find((f) => f.path === 'config/app.env')!.findings[0]!;
    expect([key.line, key.column, key.action, key.sample]).toEqual([2, 21, 'BLOCK', 'AKIA****']);
    expect(report.files.find((f) => f.path === 'docs/report.pdf')!.findings[0]).toMatchObject({ page: 2 });

    expect(report.skipped).toEqual([{ path: 'bin/tool.gz', reason: expect.stringContaining('gzip archive') }]);
    expect(report.failed).toEqual([]);
    expectNoRawValues(run, RAW);
  });

  it('writes human text by default: file:line:col, type, action and a masked sample, no colour off a terminal', async () => {
    const run = await runCli(['scan', 'notes.txt', 'config', 'bin'], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('notes.txt:2:15  SSN  MASK   ***-**-6789');
    expect(run.stdout).toContain('config/app.env:2:21  AWS_ACCESS_KEY  BLOCK  AKIA****');
    expect(run.stdout).toMatch(/note: skipped bin\/tool\.gz: .*gzip archive/);
    expect(run.stdout).toMatch(/BLOCKED for AI_TOOL\.\n$/);
    expect(run.stdout).not.toContain('\x1b[');
    expectNoRawValues(run, RAW);
  });

  it.runIf(hasScript)('colours its output on a terminal, unless NO_COLOR is set', async () => {
    // util-linux `script` gives the command a pseudo-terminal.
    const onTty = (env: Record<string, string>) => runCli(['-qec', `"${process.execPath}" "${resolve('bin/preflight.mjs')}" scan notes.txt /dev/null`], { cwd: root, env, via: 'script' });
    const coloured = await onTty({ NO_COLOR: '' });
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain('\x1b[33mMASK \x1b[0m');
    const plain = await onTty({ NO_COLOR: '1' });
    expect(plain.stdout).toContain('notes.txt:2:15  SSN  MASK   ***-**-6789');
    expect(plain.stdout).not.toContain('\x1b[');
    expectNoRawValues(coloured, RAW);
  });

  it('exits 0 when only MASK rules fire, and scans a file named on the command line even if ignored', async () => {
    const masked = await runCli(['scan', 'notes.txt', 'logs/keep.log'], { cwd: root });
    expect(masked.code, masked.stdout + masked.stderr).toBe(0);
    expect(masked.stdout).toContain('ALLOWED_WITH_MASKING for AI_TOOL');
    const named = await runCli(['scan', 'debug.log', '--format', 'json'], { cwd: root });
    expect(named.code).toBe(1);
    expect(typesByPath(jsonOf(named))).toEqual({ 'debug.log': ['AWS_ACCESS_KEY'] });
    expectNoRawValues(named, RAW);
  });

  it('writes SARIF 2.1.0: a rule per type, error for BLOCK and warning for MASK, with regions', async () => {
    const run = await runCli(['scan', 'notes.txt', 'config', 'bin', '--format', 'sarif'], { cwd: root });
    expect(run.code).toBe(1);
    const sarif = JSON.parse(run.stdout);
    expect(sarifProblems(sarif)).toEqual([]);
    const [only] = sarif.runs;
    expect(only.tool.driver.name).toBe('preflight');
    expect(only.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['SSN', 'EMAIL', 'AWS_ACCESS_KEY']));
    const results = only.results.map((r: { ruleId: string; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: unknown } }> }) => [
      r.ruleId,
      r.level,
      r.locations[0]!.physicalLocation.artifactLocation.uri,
      r.locations[0]!.physicalLocation.region,
    ]);
    expect(results).toEqual([
      ['SSN', 'warning', 'notes.txt', { startLine: 2, startColumn: 15, endLine: 2, endColumn: 26 }],
      ['EMAIL', 'warning', 'notes.txt', { startLine: 2, startColumn: 33, endLine: 2, endColumn: 55 }],
      ['AWS_ACCESS_KEY', 'error', 'config/app.env', { startLine: 2, startColumn: 21, endLine: 2, endColumn: 41 }],
    ]);
    expect(only.invocations[0].executionSuccessful).toBe(true);
    expect(only.invocations[0].toolExecutionNotifications[0].message.text).toMatch(/skipped bin\/tool\.gz/);
    expectNoRawValues(run, RAW);
  });

  it('applies a policy file in the API shape (YAML or JSON) and the destination', async () => {
    await writeFile(
      join(root, 'mask-secrets.yaml'),
      ['name: lenient', 'rules:', '  - name: Mask secrets', '    dataTypes: [SECRETS]', '    destinations: [AI_TOOL, VENDOR, CUSTOMER]', '    action: MASK', ''].join('\n'),
    );
    const yaml = await runCli(['scan', 'config', '--policy', 'mask-secrets.yaml', '--format', 'json'], { cwd: root });
    expect(yaml.code, yaml.stderr).toBe(0);
    expect(jsonOf(yaml).files[0]!.findings[0]).toMatchObject({ type: 'AWS_ACCESS_KEY', action: 'MASK' });

    // A bare list is the rules; a custom detector's name may be a rule's data type.
    await writeFile(
      join(root, 'custom.json'),
      JSON.stringify({
        rules: [{ name: 'Block project names', dataTypes: ['PROJECT_CODE'], destinations: ['VENDOR'], action: 'BLOCK' }],
        custom_detectors: [{ name: 'project_code', pattern: 'Meeting notes' }],
      }),
    );
    const toVendor = await runCli(['scan', 'notes.txt', '--policy', 'custom.json', '--destination', 'VENDOR', '--format', 'json'], { cwd: root });
    expect(toVendor.code, toVendor.stderr).toBe(1);
    const findings = jsonOf(toVendor).files[0]!.findings;
    expect(findings.map((f) => [f.type, f.action])).toEqual([
      ['PROJECT_CODE', 'BLOCK'],
      ['SSN', null],
      ['EMAIL', null],
    ]);
    const toAi = await runCli(['scan', 'notes.txt', '--policy', 'custom.json'], { cwd: root });
    expect(toAi.code).toBe(0);
  });

  it('exits 2 with a clear message on bad input: the policy errors are the API’s', async () => {
    await writeFile(join(root, 'bad.yaml'), 'name: bad\nrules:\n  - name: x\n    dataTypes: [NOPE]\n    destinations: [AI_TOOL]\n    action: DELETE\n');
    const bad = await runCli(['scan', 'notes.txt', '--policy', 'bad.yaml'], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('bad.yaml: invalid policy. rules.0.action: must be one of BLOCK, MASK, ALLOW.');
    await writeFile(join(root, 'unknown.yaml'), 'rules:\n  - name: x\n    dataTypes: [NOPE]\n    destinations: [AI_TOOL]\n    action: BLOCK\n');
    const unknown = await runCli(['scan', 'notes.txt', '--policy', 'unknown.yaml'], { cwd: root });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("rules.0.dataTypes.0: unknown data type 'NOPE'");

    await writeFile(join(root, 'broken.json'), '{"rules": [');
    const cases: Array<[string[], RegExp]> = [
      [['scan', 'notes.txt', '--policy', 'broken.json'], /broken\.json: not valid JSON/],
      [['scan', 'notes.txt', '--policy', 'missing.yaml'], /missing\.yaml: cannot read the policy file \(ENOENT\)/],
      [['scan', 'no-such-folder'], /no-such-folder: no such file or folder/],
      [['scan', '.', '--destination', 'MOON'], /--destination must be one of AI_TOOL, VENDOR, CUSTOMER/],
      [['scan', '.', '--format', 'xml'], /--format must be one of text, json, sarif/],
      [['scan', '--server', 'http://127.0.0.1:9'], /needs a policy API key/],
      [['lint'], /unknown command 'lint'/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args, { cwd: root, env: { PREFLIGHT_API_KEY: '' } });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});
