// Child processes for benchmarks: start, wait until they answer, read their memory, stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function startProcess(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const { BASE_URL: _unused, ...inherited } = process.env;
  return spawn(process.execPath, args, { env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    const answered = await fetch(url).then(() => true, () => false);
    if (answered) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Current and peak resident memory of a process, in MiB (Linux /proc). */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  // A process killed by a signal (scale-out's kill -9) has no exit code, only a signal code.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
