// A summary of a V8 CPU profile (`node --cpu-prof`): self time grouped by where the code lives (our
// modules by folder of src/, the framework, the drivers, GC, node's own I/O), and the functions with
// the most self time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const FRAMEWORK = ['fastify', '@fastify', 'avvio', 'find-my-way', 'fast-json-stringify', 'light-my-request', 'pino', 'fastify-plugin', 'secure-json-parse', 'fast-querystring', 'fastify-type-provider-zod'];

/** Where a frame's code lives. */
export function groupOf(url: string, functionName: string): string {
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'V8 and native (program)';
  if (functionName === '(root)') return 'idle';
  const src = /\/(?:src|dist)\/([^/]+)\//.exec(url);
  if (src && !url.includes('node_modules')) return `ours: ${src[1]}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) {
    const name = pkg[1]!;
    if (FRAMEWORK.some((f) => name === f || name.startsWith(`${f}/`))) return 'framework (fastify, pino)';
    if (name === 'mongodb' || name === 'bson' || name.startsWith('@mongodb')) return 'driver: mongodb';
    if (name === 'ioredis' || name.startsWith('@ioredis') || name === 'redis-parser' || name === 'standard-as-callback') return 'driver: ioredis';
    if (name === 'zod') return 'validation (zod)';
    if (name === 'piscina') return 'piscina';
    return `package: ${name}`;
  }
  if (url.startsWith('node:') || url === '') return functionName.length > 0 && url === '' ? 'V8 builtins and native' : 'node (http, net, streams)';
  return 'other';
}

export interface ProfileSummary {
  totalMs: number;
  groups: Array<{ group: string; ms: number; share: number }>;
  top: Array<{ fn: string; where: string; group: string; ms: number; share: number }>;
}

export function summarize(profile: Profile, topN = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // Each sample's time is the delta to the next one.
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
  const groups = new Map<string, number>();
  const fns = new Map<string, { fn: string; where: string; group: string; ms: number }>();
  let total = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const group = groupOf(url, functionName);
    if (group === 'idle') continue;
    total += ms;
    groups.set(group, (groups.get(group) ?? 0) + ms);
    const where = url ? `${url.replace(/^.*\/(node_modules|src|dist)\//, '$1/')}:${lineNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const f = fns.get(key) ?? { fn: functionName || '(anonymous)', where, group, ms: 0 };
    f.ms += ms;
    fns.set(key, f);
  }
  const share = (ms: number) => ms / Math.max(total, 1e-9);
  return {
    totalMs: total,
    groups: [...groups].map(([group, ms]) => ({ group, ms, share: share(ms) })).sort((a, b) => b.ms - a.ms),
    top: [...fns.values()].sort((a, b) => b.ms - a.ms).slice(0, topN).map((f) => ({ ...f, share: share(f.ms) })),
  };
}

/** The newest .cpuprofile in a folder. */
export function readProfile(dir: string): Profile {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort();
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir}`);
  return JSON.parse(readFileSync(join(dir, files[files.length - 1]!), 'utf8')) as Profile;
}

export function profileTables(s: ProfileSummary, perCheckDivisor: number): string {
  const us = (ms: number) => ((ms * 1000) / Math.max(1, perCheckDivisor)).toFixed(1);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return `| where | share of busy time | µs per check |
|---|---:|---:|
${s.groups.map((g) => `| ${g.group} | ${pct(g.share)} | ${us(g.ms)} |`).join('\n')}

| function (self time) | where | group | share |
|---|---|---|---:|
${s.top.map((f) => `| \`${f.fn}\` | ${f.where.replace(/\|/g, '\\|')} | ${f.group} | ${pct(f.share)} |`).join('\n')}`;
}
