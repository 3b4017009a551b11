// CPU time of the whole stack a benchmark runs on, by process: the API and worker it started, and the
// local Redis, FerretDB and PostgreSQL (postmaster and every backend) found by the ports their URLs
// name. Rates on a shared 2-core machine move from run to run; CPU time per check does not, and it
// is what an operator pays for. Linux only (/proc).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime of a process, in µs; 0 once it is gone. */
function cpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

const allPids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** The process listening on a loopback TCP port (by the socket's inode in /proc/net/tcp{,6}). */
export function listenerOf(port: number): number | null {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local address "0100007F:1F90", state 0A = LISTEN, inode in column 9
      if (cols.length > 9 && cols[3] === '0A' && parseInt(cols[1]!.split(':')[1]!, 16) === port) inodes.add(cols[9]!);
    }
  }
  if (inodes.size === 0) return null;
  for (const pid of allPids()) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}

const portOf = (url: string | undefined) => (url ? Number(new URL(url).port) : NaN);

/** The processes to count: named roots, each with its descendants (PostgreSQL's backends). */
export interface StackProcesses {
  roots: Record<string, number>;
}

/** The stack's processes: those given (API, worker), and the local services found by the ports of these URLs. */
export function stackProcesses(own: Record<string, number>, urls: { redis?: string; mongodb?: string; postgres?: string }): StackProcesses {
  const roots: Record<string, number> = { ...own };
  const found: Array<[string, string | undefined]> = [
    ['Redis', urls.redis],
    ['FerretDB', urls.mongodb],
    ['PostgreSQL', urls.postgres],
  ];
  for (const [name, url] of found) {
    const pid = Number.isFinite(portOf(url)) ? listenerOf(portOf(url)) : null;
    if (pid !== null) roots[name] = pid;
  }
  return { roots };
}

/** CPU µs by name: each root with every process below it, as now (processes that ended meanwhile are lost). */
export function sampleCpu(stack: StackProcesses): Record<string, number> {
  const pids = allPids();
  const parents = new Map(pids.map((pid) => [pid, parentOf(pid)]));
  const rootOf = new Map<number, string>(Object.entries(stack.roots).map(([name, pid]) => [pid, name]));
  const out: Record<string, number> = Object.fromEntries(Object.keys(stack.roots).map((name) => [name, 0]));
  for (const pid of pids) {
    for (let p = pid, hops = 0; p > 1 && hops < 8; p = parents.get(p) ?? -1, hops += 1) {
      const name = rootOf.get(p);
      if (name !== undefined) {
        out[name]! += cpuMicros(pid);
        break;
      }
    }
  }
  return out;
}

/** µs per unit of work by name between two samples, and their total. */
export function cpuPer(before: Record<string, number>, after: Record<string, number>, units: number): { by: Record<string, number>; total: number } {
  const by: Record<string, number> = {};
  for (const name of Object.keys(after)) by[name] = Math.max(0, (after[name]! - (before[name] ?? 0)) / Math.max(1, units));
  return { by, total: Object.values(by).reduce((a, b) => a + b, 0) };
}
