// The supervisor of `npm start`, against real child processes: a child killed with SIGKILL comes
// back, a crash loop is given up on with a non-zero code, a clean exit or stop() ends the stack.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor, type Program, type SupervisorOptions } from '../../scripts/supervisor.js';
import { lineLog } from '../helpers/line-log.js';

/** A child that runs until told to stop, and stops cleanly on SIGTERM. */
const idle = (name: string): Program => ({
  name,
  command: process.execPath,
  args: ['-e', "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);"],
});
const exitsWith = (name: string, code: number): Program => ({ name, command: process.execPath, args: ['-e', `process.exit(${code})`] });

const pidOf = (line: string) => Number(/pid (\d+)/.exec(line)?.[1]);
/** A `name started` line for a process other than those in `not`. */
const startedOther = (name: string, not: number[]) => (line: string) => line.startsWith(`${name} started`) && !not.includes(pidOf(line));

const running: Supervisor[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop('SIGKILL')));
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function supervise(programs: Program[], opts: Partial<SupervisorOptions> = {}) {
  const book = lineLog();
  const supervisor = new Supervisor(programs, { backoffMs: 20, maxBackoffMs: 100, stableMs: 60_000, stopTimeoutMs: 10_000, stdio: 'ignore', log: book.push, ...opts });
  running.push(supervisor);
  return { supervisor: supervisor.start(), book };
}

describe('supervisor', () => {
  it('restarts a child killed with SIGKILL, logging how it ended, and leaves the other running', async () => {
    const { supervisor, book } = supervise([idle('api'), idle('worker')]);
    const worker = pidOf(await book.waitFor(startedOther('worker', [])));
    const api = pidOf(await book.waitFor(startedOther('api', [])));
    process.kill(worker, 'SIGKILL');
    const crash = await book.waitFor((l) => l.startsWith('worker crashed'));
    expect(crash).toMatch(/^worker crashed \(signal SIGKILL\) after [\d.]+ s; restarting it in 20 ms \(crash 1 in a row, at most 5\)$/);
    const again = pidOf(await book.waitFor(startedOther('worker', [worker])));
    expect(supervisor.pid('worker')).toBe(again);
    expect(supervisor.pid('api')).toBe(api);

    expect(await supervisor.stop('SIGTERM')).toBe(0);
    expect(book.lines.filter((l) => / stopped \((code 0|signal SIGTERM)\)$/.test(l))).toHaveLength(2);
  });

  it('backs off more after each quick crash, then gives up and stops the stack with a non-zero code', async () => {
    const { supervisor, book } = supervise([idle('api'), exitsWith('worker', 3)], { maxQuickCrashes: 4 });
    expect(await supervisor.done).toBe(1);
    const crashes = book.lines.filter((l) => l.startsWith('worker crashed'));
    expect(crashes.map((l) => /restarting it in (\d+) ms/.exec(l)?.[1])).toEqual(['20', '40', '80', undefined]);
    expect(crashes[0]).toMatch(/\(code 3\)/);
    expect(crashes[3]).toMatch(/4 crashes in a row within 60 s of starting; giving up and stopping the stack$/);
    expect(book.lines.filter((l) => l.startsWith('api stopped'))).toEqual([expect.stringMatching(/^api stopped \((code 0|signal SIGTERM)\)$/)]);
    expect(supervisor.pid('api')).toBeUndefined();
  });

  it('caps the backoff', async () => {
    const { supervisor, book } = supervise([exitsWith('worker', 1)], { backoffMs: 10, maxBackoffMs: 30, maxQuickCrashes: 5 });
    expect(await supervisor.done).toBe(1);
    const delays = book.lines.map((l) => /restarting it in (\d+) ms/.exec(l)?.[1]).filter(Boolean);
    expect(delays).toEqual(['10', '20', '30', '30']);
  });

  it('a crash after a stable run starts the count again', async () => {
    const { supervisor, book } = supervise([idle('worker')], { stableMs: 0, maxQuickCrashes: 2 });
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const pid = pidOf(await book.waitFor(startedOther('worker', seen)));
      seen.push(pid);
      process.kill(pid, 'SIGKILL');
    }
    await book.waitFor(startedOther('worker', seen));
    expect(book.lines.filter((l) => l.startsWith('worker crashed')).map((l) => /crash (\d+) in a row/.exec(l)?.[1])).toEqual(['1', '1', '1']);
    expect(await supervisor.stop()).toBe(0);
  });

  it('a child that exits 0 by itself stops the stack with code 0', async () => {
    const { supervisor, book } = supervise([idle('api'), exitsWith('worker', 0)]);
    expect(await supervisor.done).toBe(0);
    expect(book.lines).toContain('worker exited by itself (code 0); stopping the stack');
    expect(book.lines.some((l) => l.startsWith('api stopped'))).toBe(true);
  });

  it('kills a child that does not stop in time, and says so in its exit code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-supervisor-'));
    dirs.push(dir);
    const ready = join(dir, 'ready');
    const stubborn: Program = {
      name: 'api',
      command: process.execPath,
      args: ['-e', `process.on('SIGTERM', () => {}); require('node:fs').writeFileSync(${JSON.stringify(ready)}, ''); setInterval(() => {}, 1000);`],
    };
    const { supervisor, book } = supervise([stubborn], { stopTimeoutMs: 300 });
    // Stop only once the child ignores SIGTERM (it says so by writing its file).
    while (!existsSync(ready)) await new Promise((r) => setTimeout(r, 20));
    expect(await supervisor.stop('SIGTERM')).toBe(1);
    expect(book.lines).toContain('api did not stop within 300 ms; killing it');
    expect(book.lines).toContain('api stopped (signal SIGKILL)');
  });
});
