// bench/RESULTS.md holds one section per benchmark; a run replaces only its own section.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

const FILE = new URL('./RESULTS.md', import.meta.url);
const HEADER = '# Benchmark results\n\nWritten by the benchmarks (`npm run bench`); each section is replaced when its benchmark runs again.\n';

export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `Machine: ${cpus().length} × ${cpu}, ${gib} GiB RAM, Node ${process.version}, ${process.platform}/${process.arch}. Date: ${new Date().toISOString().slice(0, 10)}.`;
}

export function writeSection(name: string, body: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next = from >= 0 && to > from ? current.slice(0, from) + block + current.slice(to + end.length) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, next);
}
