import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';
import { BASE62, BASE64URL, HEX, randomStrings } from './fixtures.js';

const random = randomStrings(43);

// Credentials written as a URL's user-info, as git remotes, CI logs and DSNs carry them: the token
// is reported as a secret (its provider's type when it has one), never as an e-mail address.
describe('credentials in a URL user-info', () => {
  const gitlab = `glpat-${random(BASE64URL, 20)}`;
  const github = `ghs_${random(BASE62, 36)}`;
  const hexToken = random(HEX, 40);

  it.each([
    ['GITLAB_TOKEN', gitlab, `git remote set-url origin https://oauth2:${gitlab}@gitlab.com/acme/api.git`],
    ['GITHUB_TOKEN', github, `remote: https://x-access-token:${github}@github.com/acme/api`],
    ['GITHUB_TOKEN', github, `git clone https://${github}@github.com/acme/api.git`],
    ['GENERIC_SECRET', hexToken, `Cloning into 'api'... https://${hexToken}@github.com/acme/api.git`],
  ])('reports a %s and no e-mail address', (type, token, text) => {
    expect(found(text, type)).toEqual([token]);
    expect(found(text, 'EMAIL')).toEqual([]);
    expect(found(text, 'CONNECTION_STRING')).toEqual([]);
  });

  it('masks the whole token', () => {
    for (const [token, text] of [
      [gitlab, `https://oauth2:${gitlab}@gitlab.com/a.git`],
      [hexToken, `https://${hexToken}@github.com/a.git`],
    ] as const) {
      for (const style of ['label', 'partial', 'hash'] as const) {
        const masked = mask(text, scan(text), style, 'k');
        expect(masked).not.toContain(token);
        expect(masked).not.toContain(token.slice(0, -4));
      }
    }
  });

  it('keeps a user:password pair a CONNECTION_STRING', () => {
    const text = 'https://deploy:Kx9mQ2vL7pR4@registry.example.com/v2/';
    expect(found(text, 'CONNECTION_STRING')).toEqual([text]);
  });

  it('reports no plain user name, placeholder or reference', () => {
    for (const text of [
      'https://user@github.com/org/repo.git',
      'ssh://git@github.com/org/repo.git',
      'https://<token>@github.com/org/repo.git',
      'https://${GITHUB_TOKEN}@github.com/org/repo.git',
      'https://xxxxxxxxxxxxxxxxxxxx@github.com/org/repo.git',
    ]) {
      expect(scan(text).filter((f) => f.category === 'SECRETS'), text).toEqual([]);
    }
  });

  it('still finds a plain e-mail address', () => {
    expect(found('write to jane.roe@example.com today', 'EMAIL')).toEqual(['jane.roe@example.com']);
  });
});
