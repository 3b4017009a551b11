import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';
import { fill } from './fixtures.js';

// Secrets written as the fallback of an environment lookup: literals in the code all the same.
describe('secrets as environment fallbacks', () => {
  const token = 'Qw9Er4Ty7Ui2Op5As8Df1Gh3Jk6Lz0Xc';

  it.each([
    `JWT_SECRET = os.getenv("JWT_SECRET", "${token}")`,
    `key = os.environ.get('API_KEY', default='${token}')`,
    `export const JWT_SECRET = process.env.JWT_SECRET || '${token}';`,
    `const key = process.env["STRIPE_API_KEY"] ?? "${token}";`,
    `secret = ENV["SESSION_SECRET"] || "${token}"`,
    `$token = getenv('API_TOKEN') ?: '${token}';`,
    `String t = System.getenv().getOrDefault("AUTH_TOKEN", "${token}");`,
    `  - API_TOKEN=\${API_TOKEN:-${token}}`,
  ])('reports the fallback in %s as GENERIC_SECRET', (text) => {
    expect(found(text, 'GENERIC_SECRET')).toEqual([token]);
  });

  it.each([
    ['db_pass = os.getenv("DB_PASSWORD", "Tr0ub4dor&3x")', 'Tr0ub4dor&3x'],
    ['password: ${DB_PASSWORD:-Hunter2Secret!}', 'Hunter2Secret!'],
    ['PGPASSWORD=${PGPASSWORD:=S3cretPw9}', 'S3cretPw9'],
  ])('reports the fallback in %s as PASSWORD', (text, password) => {
    expect(found(text, 'PASSWORD')).toEqual([password]);
  });

  it.each([
    'timeout = os.getenv("TIMEOUT", "30")',
    'url = process.env.API_URL || "https://api.example.com"',
    'pw = os.getenv("DB_PASSWORD", "")',
    'key = os.getenv("API_KEY", "changeme")',
    'token = process.env.API_TOKEN || "your-token-here"',
    'image: ${REGISTRY:-ghcr.io}/app:${TAG:-latest}',
  ])('reports nothing in %s', (text) => {
    expect(found(text, 'GENERIC_SECRET')).toEqual([]);
    expect(found(text, 'PASSWORD')).toEqual([]);
  });

  it.each([
    ['repeated lookups', fill('getenv("API_KEY", ')],
    ['repeated fallbacks', fill('process.env.X || ')],
    ['repeated shell defaults', fill('${TOKEN:-')],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    expect(found(text, 'GENERIC_SECRET').length).toBeLessThan(1 << 20);
  });
});
