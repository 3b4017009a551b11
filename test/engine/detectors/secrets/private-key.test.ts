import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';
import { fill, findingOf, randomStrings } from './fixtures.js';

const random = randomStrings(13);
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const body = (lines: number) => Array.from({ length: lines }, () => random(B64, 64)).join('\n');

function pem(label: string, lines = 6): string {
  return `-----BEGIN ${label}-----\n${body(lines)}\n-----END ${label}-----`;
}

describe('PRIVATE_KEY', () => {
  it.each(['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'DSA PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'PGP PRIVATE KEY BLOCK'])(
    'reports a whole %s block',
    (label) => {
      const block = pem(label);
      expect(found(`key:\n${block}\nthanks`, 'PRIVATE_KEY')).toEqual([block]);
      expect(findingOf(block, 'PRIVATE_KEY')?.confidence).toBe(0.99);
    },
  );

  it('reports legacy encrypted PEM with its headers', () => {
    const block = `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,5E2A3B4C5D6E7F80\n\n${body(5)}\n-----END RSA PRIVATE KEY-----`;
    expect(found(block, 'PRIVATE_KEY')).toEqual([block]);
  });

  it('reports a key pasted from JSON with \\n escapes', () => {
    const escaped = `-----BEGIN PRIVATE KEY-----\\n${body(4).replace(/\n/g, '\\n')}\\n-----END PRIVATE KEY-----\\n`;
    const json = `{"type": "service_account", "private_key": "${escaped}", "client_email": "x@y.iam.gserviceaccount.com"}`;
    expect(found(json, 'PRIVATE_KEY')).toEqual([escaped.slice(0, -2)]);
  });

  it('reports two blocks in one text separately', () => {
    const a = pem('RSA PRIVATE KEY');
    const b = pem('EC PRIVATE KEY', 3);
    expect(found(`${a}\n\n${b}`, 'PRIVATE_KEY')).toEqual([a, b]);
  });

  it('reports a block cut off before its END line, through its body', () => {
    const lines = body(5);
    const text = `-----BEGIN RSA PRIVATE KEY-----\n${lines}\n\nand the rest got cut off.`;
    const finding = findingOf(text, 'PRIVATE_KEY');
    expect(finding?.value).toBe(`-----BEGIN RSA PRIVATE KEY-----\n${lines}`);
    expect(finding?.confidence).toBe(0.85);
  });

  it('stops a block without END at the next BEGIN', () => {
    const cut = `-----BEGIN PRIVATE KEY-----\n${body(3)}`;
    const whole = pem('PRIVATE KEY');
    expect(found(`${cut}\n${whole}`, 'PRIVATE_KEY')).toEqual([cut, whole]);
  });

  it.each([
    ['a public key', pem('PUBLIC KEY')],
    ['a certificate', pem('CERTIFICATE')],
    ['an SSH public key', `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7${random(B64, 300)} user@host`],
    ['the marker alone in prose', 'The file starts with -----BEGIN RSA PRIVATE KEY----- and ends with an END line.'],
    ['a placeholder body', '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----'],
    ['a made-up label', pem('SECRET PRIVATE KEY')],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'PRIVATE_KEY')).toEqual([]);
  });

  it.each([
    ['BEGIN markers without END', fill('-----BEGIN PRIVATE KEY-----\n')],
    ['BEGIN markers with short bodies', fill('-----BEGIN RSA PRIVATE KEY-----\nQUFB\n')],
    ['END markers', fill('-----END PRIVATE KEY-----\n')],
    ['dashes', fill('-')],
    ['one BEGIN then a long body', `-----BEGIN PRIVATE KEY-----\n${fill('QUFBQUFB\n')}`],
    ['a BEGIN then text without END', `-----BEGIN PRIVATE KEY-----\n${fill('x y. ')}`],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    for (const f of found(text, 'PRIVATE_KEY')) expect(f.length).toBeLessThanOrEqual(64 * 1024 + 64);
  });
});
