import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, KNOWN_ENV_NAMES, loadConfig } from '../../src/config/index.js';

const dir = mkdtempSync(join(tmpdir(), 'pf-secrets-'));
const secretFile = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const base = {
  MONGODB_URL: 'mongodb://127.0.0.1:27017/mydb',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SERVICE_ADMIN_TOKEN: 'a'.repeat(16),
  SERVICE_MASTER_KEY: 'k'.repeat(32),
};

describe('*_FILE secrets', () => {
  it('reads a secret from its file, less one trailing newline', () => {
    const { SERVICE_ADMIN_TOKEN: _token, SERVICE_MASTER_KEY: _key, ...rest } = base;
    const c = loadConfig({
      ...rest,
      SERVICE_ADMIN_TOKEN_FILE: secretFile('token', `${'t'.repeat(20)}\n`),
      SERVICE_MASTER_KEY_FILE: secretFile('key', `${'m'.repeat(40)}\r\n`),
    });
    expect(c.adminToken).toBe('t'.repeat(20));
    expect(c.masterKey).toBe('m'.repeat(40));
  });

  it('keeps inner whitespace and only one trailing newline', () => {
    const c = loadConfig({ ...base, SERVICE_ADMIN_TOKEN: undefined, SERVICE_ADMIN_TOKEN_FILE: secretFile('two-lines', `${'x'.repeat(16)}\n\n`) });
    expect(c.adminToken).toBe(`${'x'.repeat(16)}\n`);
  });

  it('reads URLs, which may carry passwords, and the OIDC client secret', () => {
    const c = loadConfig({
      ...base,
      MONGODB_URL: undefined,
      MONGODB_URL_FILE: secretFile('mongo', 'mongodb://u:p@db:27017/prod\n'),
      REDIS_URL: undefined,
      REDIS_URL_FILE: secretFile('redis', 'redis://:pw@cache:6379\n'),
      OIDC_ISSUER: 'https://idp.example.com',
      OIDC_CLIENT_ID: 'preflight',
      OIDC_CLIENT_SECRET_FILE: secretFile('oidc', 'shh\n'),
    });
    expect(c.mongodb).toMatchObject({ url: 'mongodb://u:p@db:27017/prod', database: 'prod' });
    expect(c.redis.url).toBe('redis://:pw@cache:6379');
    expect(c.oidc?.clientSecret).toBe('shh');
  });

  it('refuses both a variable and its file', () => {
    const run = () => loadConfig({ ...base, SERVICE_MASTER_KEY_FILE: secretFile('key2', 'm'.repeat(32)) });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow('set either SERVICE_MASTER_KEY or SERVICE_MASTER_KEY_FILE, not both');
  });

  it('names a file that cannot be read, without its content', () => {
    const run = () => loadConfig({ ...base, SERVICE_ADMIN_TOKEN: undefined, SERVICE_ADMIN_TOKEN_FILE: join(dir, 'missing') });
    expect(run).toThrow('Invalid configuration: SERVICE_ADMIN_TOKEN_FILE cannot be read (ENOENT)');
  });

  it('checks a secret read from a file like one given directly', () => {
    expect(() => loadConfig({ ...base, SERVICE_ADMIN_TOKEN: undefined, SERVICE_ADMIN_TOKEN_FILE: secretFile('short', 'short\n') })).toThrow(
      'SERVICE_ADMIN_TOKEN must be at least 16 characters',
    );
  });

  it('lists every variable it reads, file variants included', () => {
    expect(KNOWN_ENV_NAMES).toEqual(expect.arrayContaining(['PORT', 'DETECT_THREADS', 'SERVICE_ADMIN_TOKEN_FILE', 'REDIS_URL_FILE']));
    expect(KNOWN_ENV_NAMES).not.toContain('SERVICE_ADMIN_TOKEN_FILE_FILE');
  });
});
