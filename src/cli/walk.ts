// The files under the paths given, honouring .gitignore files the way git reads them: each applies
// below its own folder, a deeper file's rule (negations included) wins over a shallower one, and
// nothing under an ignored folder is looked at. The .gitignore files of the folders above a root, up
// to the repository's top (the folder holding .git), apply too. `.git` folders are never walked.
// Decided against `git ls-files`: one code path inside and outside a repository, no git needed.
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { CliError } from './errors.js';
import type { Source, Skip } from './source.js';

interface Matcher {
  dir: string;
  rules: Ignore;
}

async function matcherIn(dir: string): Promise<Matcher | null> {
  const text = await readFile(join(dir, '.gitignore'), 'utf8').catch(() => null);
  return text === null ? null : { dir, rules: ignore().add(text) };
}

/** The deepest .gitignore with an opinion on the path decides; a path no rule names is kept. */
function ignored(matchers: readonly Matcher[], path: string, isDir: boolean): boolean {
  for (let i = matchers.length - 1; i >= 0; i--) {
    const m = matchers[i] as Matcher;
    const rel = relative(m.dir, path).split(sep).join('/') + (isDir ? '/' : '');
    const verdict = m.rules.test(rel);
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
  }
  return false;
}

/** The .gitignore files of the folders above `dir`, up to the repository's top; none outside a repository. */
async function aboveMatchers(dir: string): Promise<Matcher[]> {
  const chain: string[] = [];
  for (let d = dirname(dir); ; d = dirname(d)) {
    chain.unshift(d);
    if (existsSync(join(d, '.git'))) break;
    if (dirname(d) === d) return [];
  }
  if (existsSync(join(dir, '.git'))) return [];
  const found = await Promise.all(chain.map(matcherIn));
  return found.filter((m): m is Matcher => m !== null);
}

const display = (path: string) => relative(process.cwd(), path).split(sep).join('/') || '.';

function fileSource(path: string, size: number): Source {
  return { path: display(path), size, fsPath: path, read: () => readFile(path) };
}

async function* walkDir(dir: string, matchers: Matcher[]): AsyncGenerator<Source | Skip> {
  const own = await matcherIn(dir);
  const here = own ? [...matchers, own] : matchers;
  const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    throw new CliError(`${display(dir)}: cannot read the folder (${err.code ?? err.message})`);
  });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === '.git' || ignored(here, path, true)) continue;
      yield* walkDir(path, here);
    } else if (ignored(here, path, false)) {
      continue;
    } else if (entry.isFile()) {
      yield fileSource(path, (await lstat(path)).size);
    } else if (entry.isSymbolicLink()) {
      yield { path: display(path), skipped: 'a symbolic link (not followed)' };
    }
  }
}

/**
 * Every file to scan under the given paths, in a stable order. A file named on the command line is
 * scanned even if a .gitignore names it. Throws when a path does not exist.
 */
export async function* walk(paths: readonly string[]): AsyncGenerator<Source | Skip> {
  for (const given of paths) {
    const path = resolve(given);
    const stat = await lstat(path).catch(() => null);
    if (!stat) throw new CliError(`${given}: no such file or folder`);
    if (stat.isDirectory()) yield* walkDir(path, await aboveMatchers(path));
    else if (stat.isFile()) yield fileSource(path, stat.size);
    else yield { path: display(path), skipped: 'not a regular file' };
  }
}
