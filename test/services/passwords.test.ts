// Password hashing (docs/users-and-roles.md, "Passwords"): scrypt with a per-hash salt, verified in
// constant time; rules beyond length.
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from '../../src/services/passwords.js';

describe('scrypt hashes', () => {
  it('verify the password and nothing else; the same password hashes differently each time', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash);
  });

  it('a hash of another scheme or a mangled one verifies nothing', async () => {
    const hash = await hashPassword('correct horse battery staple');
    const parts = hash.split('$');
    expect(await verifyPassword('correct horse battery staple', ['bcrypt', ...parts.slice(1)].join('$'))).toBe(false);
    expect(await verifyPassword('correct horse battery staple', parts.slice(0, 5).join('$'))).toBe(false);
    const key = parts[5] ?? '';
    parts[5] = (key[0] === 'A' ? 'B' : 'A') + key.slice(1);
    expect(await verifyPassword('correct horse battery staple', parts.join('$'))).toBe(false);
  });

  it('Unicode passwords are compared after NFKC normalization', async () => {
    const hash = await hashPassword('pa\u0301ssword-long-enough');
    expect(await verifyPassword('p\u00e1ssword-long-enough', hash)).toBe(true);
  });
});

describe('password rules', () => {
  it.each([
    ['aaaabbbbaaaabbbb', 'ingrid@example.com', '5 different characters'],
    ['my-ingrid-secret', 'Ingrid@example.com', 'name of the email address'],
    ['correct horse battery staple', 'ingrid@example.com', null],
    // A short local part is no rule: 'al' is in too many words.
    ['my-alpine-passphrase', 'al@example.com', null],
  ])('%s for %s', (password, email, problem) => {
    const found = passwordProblem(password, email);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});
