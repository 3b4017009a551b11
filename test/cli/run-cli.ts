// Runs the real `preflight` command (bin/preflight.mjs, as npx does) in a child process, and the
// checks every CLI test makes of what it printed: no raw value, ever.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';

const BIN = resolve('bin/preflight.mjs');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `via`: run another program with these arguments instead (such as `script`, for a terminal). */
export function runCli(args: string[], opts: { cwd: string; env?: Record<string, string>; via?: string }): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      opts.via ?? process.execPath,
      opts.via ? args : [BIN, ...args],
      { cwd: opts.cwd, env: { ...process.env, NO_COLOR: '', ...opts.env }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** Neither stream holds any of the raw values. */
export function expectNoRawValues(run: CliRun, values: readonly string[]): void {
  for (const value of values) {
    expect(run.stdout).not.toContain(value);
    expect(run.stderr).not.toContain(value);
  }
}

interface JsonFinding {
  type: string;
  action: string | null;
  line: number;
  column: number;
  page?: number;
  sample: string;
}
export interface JsonReport {
  mode: string;
  decision: string;
  files: Array<{ path: string; kind: string; decision: string; findings: JsonFinding[]; detected?: Array<{ type: string; count: number }>; preflight_id?: string }>;
  skipped: Array<{ path: string; reason: string }>;
  failed: Array<{ path: string; error: string }>;
  stats: { files_scanned: number; bytes_scanned: number };
}

export function jsonOf(run: CliRun): JsonReport {
  try {
    return JSON.parse(run.stdout) as JsonReport;
  } catch {
    throw new Error(`not JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
}

/** Each file's finding types, sorted, by path. */
export function typesByPath(report: JsonReport): Record<string, string[]> {
  return Object.fromEntries(report.files.map((f) => [f.path, [...new Set([...f.findings.map((x) => x.type), ...(f.detected ?? []).map((d) => d.type)])].sort()]));
}
