// The CLI benchmark's tree: a deterministic ~50 MB of source and config files (.ts, .py, .json,
// .yaml, .env), with secrets and personal data planted in a few per cent of them, in formats both
// Preflight and gitleaks detect. Every planted value is recorded with its file and line, so each
// tool's recall on the same tree can be told beside its speed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Rng } from './eval/corpus/rng.js';
import { creditCard } from './eval/corpus/values-financial.js';
import { email, phone, ssn } from './eval/corpus/values-pii.js';
import { awsAccessKey, connectionString, githubToken, jwt, privateKey, slackToken, stripeKey } from './eval/corpus/values-secrets.js';

export interface Planted {
  path: string;
  /** 1-based line of the value's first character. */
  line: number;
  kind: string;
  /** Secrets are what both tools look for; personal data only Preflight does. */
  group: 'secret' | 'pii';
}

export interface Tree {
  files: number;
  bytes: number;
  byExt: Record<string, { files: number; bytes: number }>;
  planted: Planted[];
}

const WORDS = (
  'order customer invoice account payment shipment cart product price total amount status ' +
  'user session token cache queue worker handler request response client server config value ' +
  'item list map index count offset limit page filter sort query result error retry timeout ' +
  'build render parse format encode decode validate resolve fetch update create delete load'
).split(' ');

const EXTS = ['ts', 'ts', 'ts', 'py', 'py', 'json', 'yaml', 'env'] as const;
type Ext = (typeof EXTS)[number];

const camel = (rng: Rng, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const w = rng.pick(WORDS);
    return i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1);
  }).join('');
const snake = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.pick(WORDS)).join('_');
const sentence = (rng: Rng) => Array.from({ length: rng.int(5, 12) }, () => rng.pick(WORDS)).join(' ');

function tsBlock(rng: Rng): string[] {
  const fn = camel(rng, 3);
  const arg = camel(rng, 1);
  return [
    `/** ${sentence(rng)}. */`,
    `export async function ${fn}(${arg}: ${camel(rng, 2).replace(/^./, (c) => c.toUpperCase())}, limit = ${rng.int(1, 500)}): Promise<number> {`,
    `  const ${camel(rng, 2)} = await this.${camel(rng, 2)}(${arg}.${camel(rng, 1)}, { offset: ${rng.int(0, 99)}, retry: ${rng.chance(0.5)} });`,
    `  if (!${arg}.${camel(rng, 2)}) throw new Error('${sentence(rng)}');`,
    `  for (const ${camel(rng, 1)} of ${arg}.${camel(rng, 1)}s) total += ${camel(rng, 1)}.${camel(rng, 1)} * ${rng.int(2, 9)};`,
    `  return ${arg}.${camel(rng, 1)}.length + limit;`,
    '}',
    '',
  ];
}

function pyBlock(rng: Rng): string[] {
  return [
    `def ${snake(rng, 3)}(${snake(rng, 1)}, ${snake(rng, 1)}=${rng.int(0, 100)}):`,
    `    """${sentence(rng)}."""`,
    `    ${snake(rng, 2)} = self.${snake(rng, 2)}(${snake(rng, 1)}, retries=${rng.int(1, 5)})`,
    `    if not ${snake(rng, 1)}:`,
    `        raise ValueError("${sentence(rng)}")`,
    `    return [${snake(rng, 1)} for ${snake(rng, 1)} in ${snake(rng, 2)} if ${snake(rng, 1)}.${snake(rng, 1)} > ${rng.int(0, 50)}]`,
    '',
  ];
}

function jsonBlock(rng: Rng): string[] {
  return [
    '  {',
    `    "id": "${rng.chars('0123456789abcdef', 24)}",`,
    `    "${camel(rng, 2)}": ${rng.int(0, 100000)},`,
    `    "${camel(rng, 1)}": "${sentence(rng)}",`,
    `    "enabled": ${rng.chance(0.5)},`,
    `    "tags": ["${rng.pick(WORDS)}", "${rng.pick(WORDS)}"]`,
    '  },',
  ];
}

function yamlBlock(rng: Rng): string[] {
  return [
    `- name: ${snake(rng, 2).replace(/_/g, '-')}`,
    `  image: registry.internal/${rng.pick(WORDS)}:${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 9)}`,
    `  replicas: ${rng.int(1, 12)}`,
    '  env:',
    `    ${snake(rng, 2).toUpperCase()}: "${rng.pick(WORDS)}"`,
    `    ${snake(rng, 2).toUpperCase()}: "${rng.int(1, 9000)}"`,
    `  # ${sentence(rng)}`,
  ];
}

function envBlock(rng: Rng): string[] {
  return [`${snake(rng, 2).toUpperCase()}=${rng.pick(WORDS)}`, `${snake(rng, 2).toUpperCase()}_TIMEOUT_MS=${rng.int(100, 60000)}`, `# ${sentence(rng)}`];
}

const BLOCKS: Record<Ext, (rng: Rng) => string[]> = { ts: tsBlock, py: pyBlock, json: jsonBlock, yaml: yamlBlock, env: envBlock };

/** One planted line (or lines, for a private key) in the file's own syntax; the value starts on the first. */
function plant(rng: Rng, ext: Ext): { lines: string[]; kind: string; group: Planted['group'] } {
  const quote = (name: string, value: string) =>
    ext === 'ts' ? `const ${name} = '${value}';` : ext === 'py' ? `${name.toUpperCase()} = "${value}"` : ext === 'json' ? `  "${name}": "${value}",` : ext === 'yaml' ? `${name}: "${value}"` : `${name.toUpperCase()}=${value}`;
  const kind = rng.pick(['aws', 'github', 'slack', 'stripe', 'jwt', 'connection', 'private_key', 'email', 'ssn', 'phone', 'card']);
  switch (kind) {
    case 'aws':
      return { lines: [quote('aws_access_key_id', awsAccessKey(rng))], kind, group: 'secret' };
    case 'github':
      return { lines: [quote('github_token', githubToken(rng))], kind, group: 'secret' };
    case 'slack':
      return { lines: [quote('slack_bot_token', slackToken(rng))], kind, group: 'secret' };
    case 'stripe':
      return { lines: [quote('stripe_secret_key', stripeKey(rng))], kind, group: 'secret' };
    case 'jwt':
      return { lines: [quote('auth_token', jwt(rng))], kind, group: 'secret' };
    case 'connection':
      return { lines: [quote('database_url', connectionString(rng, 'postgres'))], kind, group: 'secret' };
    case 'private_key':
      // A PEM block on lines of its own, as it sits in a key file or a YAML block scalar.
      return { lines: privateKey(rng).split('\n'), kind, group: 'secret' };
    case 'email':
      return { lines: [quote('support_email', email(rng))], kind, group: 'pii' };
    case 'ssn':
      return { lines: [`${ext === 'py' || ext === 'yaml' || ext === 'env' ? '#' : '//'} customer SSN: ${ssn(rng, true)}`], kind, group: 'pii' };
    case 'phone':
      return { lines: [`${ext === 'py' || ext === 'yaml' || ext === 'env' ? '#' : '//'} call the customer on phone: ${phone(rng, false)}`], kind, group: 'pii' };
    default:
      return { lines: [`${ext === 'py' || ext === 'yaml' || ext === 'env' ? '#' : '//'} customer credit card number: ${creditCard(rng)}`], kind, group: 'pii' };
  }
}

/** Writes the tree under `root` (which must be empty) and answers what it holds. */
export async function writeTree(root: string, targetBytes = 50 * 1000 * 1000, seed = 20261128): Promise<Tree> {
  const rng = new Rng(seed);
  const tree: Tree = { files: 0, bytes: 0, byExt: {}, planted: [] };
  for (let i = 0; tree.bytes < targetBytes; i++) {
    const ext = rng.pick(EXTS);
    const dir = `pkg${String(i % 40).padStart(2, '0')}/${rng.pick(WORDS)}`;
    const path = `${dir}/${snake(rng, 2)}_${i}.${ext}`;
    const lines: string[] = ext === 'json' ? ['['] : [];
    const size = rng.int(4_000, 40_000);
    let chars = 0;
    while (chars < size) {
      // One planted value per 200 blocks, about one per two files (a private key would break JSON syntax).
      if (rng.chance(0.005)) {
        const planted = plant(rng, ext === 'json' && rng.chance(0.5) ? 'json' : ext);
        if (!(ext === 'json' && planted.kind === 'private_key')) {
          tree.planted.push({ path, line: lines.length + 1, kind: planted.kind, group: planted.group });
          lines.push(...planted.lines);
        }
      }
      const block = BLOCKS[ext](rng);
      lines.push(...block);
      chars += block.reduce((n, l) => n + l.length + 1, 0);
    }
    if (ext === 'json') lines.push('  {}', ']');
    const text = `${lines.join('\n')}\n`;
    await mkdir(join(root, dir), { recursive: true });
    await writeFile(join(root, path), text);
    const bytes = Buffer.byteLength(text);
    tree.files++;
    tree.bytes += bytes;
    const e = (tree.byExt[ext] ??= { files: 0, bytes: 0 });
    e.files++;
    e.bytes += bytes;
  }
  return tree;
}
