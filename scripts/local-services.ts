// Starts a private Redis and FerretDB on free loopback ports for local runs and tests, and stops them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';

export interface LocalServices {
  redisUrl: string;
  mongodbUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(name: string, child: ChildProcess, port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before accepting connections`);
    if (await portAccepts(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not accept connections on port ${port} within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** `port` restarts a Redis on the port it had (a fault test bringing it back). */
export async function startRedis(dir: string, persist: boolean, port?: number): Promise<{ url: string; child: ChildProcess }> {
  mkdirSync(dir, { recursive: true });
  port ??= await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  args.push('--appendonly', persist ? 'yes' : 'no');
  const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForPort('redis-server', child, port);
  return { url: `redis://127.0.0.1:${port}`, child };
}

export async function startFerretDb(dir: string, database: string, port?: number): Promise<{ url: string; child: ChildProcess }> {
  const bin = process.env.FERRETDB_BIN;
  if (!bin) throw new Error('FERRETDB_BIN is not set: run through scripts/run.sh (npm start / npm test)');
  mkdirSync(dir, { recursive: true });
  port ??= await freePort();
  const child = spawn(
    bin,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/`,
      `--state-dir=${dir}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForPort('ferretdb', child, port);
  return { url: `mongodb://127.0.0.1:${port}/${database}`, child };
}

/** Starts what the environment does not already provide. */
export async function startLocalServices(dataDir: string, opts: { persist: boolean }): Promise<LocalServices> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
  };
  try {
    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const redis = await startRedis(join(dataDir, 'redis'), opts.persist);
      children.push(redis.child);
      redisUrl = redis.url;
    }
    let mongodbUrl = process.env.MONGODB_URL;
    if (!mongodbUrl) {
      const ferret = await startFerretDb(join(dataDir, 'ferretdb'), 'preflight');
      children.push(ferret.child);
      mongodbUrl = ferret.url;
    }
    return { redisUrl, mongodbUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
