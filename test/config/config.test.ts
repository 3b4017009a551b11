import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

const base = {
  MONGODB_URL: 'mongodb://127.0.0.1:27017/mydb',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SERVICE_ADMIN_TOKEN: 'a'.repeat(16),
  SERVICE_MASTER_KEY: 'k'.repeat(32),
};

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', baseUrl: 'http://127.0.0.1:8080', dataDir: './.data', chromiumPath: '/usr/bin/chromium' });
    expect(c.mongodb.database).toBe('mydb');
    expect(c.limits.maxTextBytes).toBe(1024 * 1024);
  });

  it('takes the database from the URL, defaulting to preflight', () => {
    expect(loadConfig({ ...base, MONGODB_URL: 'mongodb://h:1' }).mongodb.database).toBe('preflight');
    expect(loadConfig({ ...base, MONGODB_URL: 'mongodb://u:p@h:1/x?authSource=admin' }).mongodb.database).toBe('x');
  });

  it('takes one Redis or a cluster’s seed nodes', () => {
    for (const url of ['redis://h:6379/2', 'rediss://u:p@h:6380', 'redis-cluster://h1:7000,h2:7001,[::1]:7002', 'rediss-cluster://:secret@h1:7000/'])
      expect(loadConfig({ ...base, REDIS_URL: url }).redis.url).toBe(url);
  });

  it('strips a trailing slash from BASE_URL', () => {
    expect(loadConfig({ ...base, BASE_URL: 'https://dlp.example.com/' }).baseUrl).toBe('https://dlp.example.com');
  });

  it.each([
    [{ MONGODB_URL: undefined }, 'MONGODB_URL is required'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis-cluster://' }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis-cluster://h1:7000,,h2:7001' }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis-cluster://h1:port' }, 'REDIS_URL'],
    [{ SERVICE_MASTER_KEY: 'short' }, 'SERVICE_MASTER_KEY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('names the bad variable in one line: %o', (override, message) => {
    const run = () => loadConfig({ ...base, ...override });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
    try {
      run();
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });
});
