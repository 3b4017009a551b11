// Redis and FerretDB processes of a test's own (scripts/local-services.ts), to kill and start again:
// every one a test file starts is killed, and its data directory removed, when the file ends, even
// when a test failed half-way.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A signal (SIGKILL unless told), resolved once the process has exited. */
export function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Call at a test file's top level: `tempDir()` makes a data directory, `spawned(service)` registers a service. */
export function ownServices(prefix: string) {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(children.map((child) => kill(child)));
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });
  return {
    tempDir(): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    spawned<T extends { child: ChildProcess }>(service: T): T {
      children.push(service.child);
      return service;
    },
  };
}
