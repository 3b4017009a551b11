// Real processes for fault tests: spawned from this checkout with the test's environment, their
// output read line by line (to wait on what they say), and killed with their whole group afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { lineLog, type LineLog } from './line-log.js';

export interface Spawned {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** What it writes to stderr. */
  stderr: LineLog;
  /** The first stderr line that `match` accepts; rejects if the process exits before writing one. */
  says(match: (line: string) => boolean): Promise<string>;
}

const spawnedGroups: ChildProcess[] = [];

/** `node --import tsx <entry> ...args`, leader of its own process group (so that killAll reaches its children). */
export function spawnTsx(entry: string, args: string[], env: Record<string, string>): Spawned {
  // Vitest exports Vite's BASE_URL ("/"); the service must not take it for its own.
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  spawnedGroups.push(child);
  const stderr = lineLog();
  if (child.stderr) createInterface({ input: child.stderr }).on('line', stderr.push);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const says = (match: (line: string) => boolean) =>
    Promise.race([stderr.waitFor(match), exited.then((code) => Promise.reject(new Error(`${entry} exited (${code}) before saying it; it said:\n${stderr.lines.join('\n')}`)))]);
  return { child, exited, stderr, says };
}

/** SIGKILLs every process group spawned here that is still running (a test's afterAll). */
export function killAllSpawned(): void {
  for (const child of spawnedGroups.splice(0)) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Whether a process is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `base`/ready until it answers 200 (a process coming up has nothing else to wait on). */
export async function ready(base: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode} before it was ready`);
    if (await fetch(`${base}/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
