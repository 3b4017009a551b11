// The content a commit would record: the staged blobs (git's index), not the working tree, which may
// differ. `git diff --cached --raw -z` names the added, copied, modified, renamed and type-changed
// paths with their staged blob ids; `git cat-file --batch` reads them all in one process. This is
// `git show :path` for every path, without a process each, and with no textconv or filters applied.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { CliError } from './errors.js';
import type { Skip, Source } from './source.js';

const run = promisify(execFile);

const GITLINK = '160000';
const SYMLINK = '120000';

interface StagedEntry {
  path: string;
  mode: string;
  blob: string;
}

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    return (await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' })).stdout;
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new CliError(`git ${args[0]} failed${stderr ? `: ${stderr}` : ''}`, { cause: err });
  }
}

/** `:old new oldsha newsha status\0path\0[path\0]` records, as --raw -z writes them. */
function parseRaw(out: string): StagedEntry[] {
  const fields = out.split('\0');
  const entries: StagedEntry[] = [];
  for (let i = 0; i < fields.length - 1; ) {
    const meta = (fields[i++] as string).slice(1).split(' ');
    const status = meta[4] ?? '';
    // Renames and copies carry the old path first, then the new one.
    if (status.startsWith('R') || status.startsWith('C')) i++;
    const path = fields[i++] as string;
    entries.push({ path, mode: meta[1] as string, blob: meta[3] as string });
  }
  return entries;
}

/** Reads blobs through one `git cat-file --batch`; each answer is `<sha> blob <size>\n<bytes>\n`. */
async function readBlobs(top: string, blobs: readonly string[]): Promise<Buffer[]> {
  if (blobs.length === 0) return [];
  const child = spawn('git', ['cat-file', '--batch'], { cwd: top, stdio: ['pipe', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(blobs.map((b) => `${b}\n`).join(''));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new CliError(`git cat-file failed: ${stderr.trim()}`);
  const all = Buffer.concat(chunks);
  const out: Buffer[] = [];
  let at = 0;
  for (const blob of blobs) {
    const eol = all.indexOf(0x0a, at);
    const header = all.subarray(at, eol).toString('utf8').split(' ');
    if (header[0] !== blob || header[1] !== 'blob') throw new CliError(`git cat-file could not read staged blob ${blob}`);
    const size = Number(header[2]);
    out.push(all.subarray(eol + 1, eol + 1 + size));
    at = eol + 1 + size + 1;
  }
  return out;
}

/** The staged files of the repository holding `cwd`, paths relative to its top. Throws outside a repository. */
export async function stagedSources(cwd = process.cwd()): Promise<Array<Source | Skip>> {
  const top = (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
  const raw = await git(top, ['diff', '--cached', '--raw', '-z', '--no-abbrev', '--diff-filter=ACMRT', '--no-renames', '--no-ext-diff']);
  const entries = parseRaw(raw);
  const files = entries.filter((e) => e.mode !== GITLINK && e.mode !== SYMLINK);
  const blobs = await readBlobs(top, files.map((e) => e.blob));
  const byPath = new Map(files.map((e, i) => [e.path, blobs[i] as Buffer]));
  return entries.map((e): Source | Skip => {
    const bytes = byPath.get(e.path);
    if (!bytes) return { path: e.path, skipped: e.mode === GITLINK ? 'a submodule' : 'a symbolic link' };
    return { path: e.path, size: bytes.length, read: async () => bytes };
  });
}
