import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';
import { base64Noise, fill, findingOf } from './fixtures.js';

const SECRET = 'kR8tLm2Pq9Zx4Vb7Nc1Wd6Fg3Hj5Ks0Ay2Bz8Cx4';
const SLASHED = 'q3Zt/9Lm2Pk+Rw7Vb4Nc1Xd6Fg0Hj5Ks8Ay2Bz3C';

describe('AWS_SECRET_KEY', () => {
  it.each([
    ['a credentials file', `[default]\naws_access_key_id = AKIAZ3MSJV4WWNKWW5FG\naws_secret_access_key = ${SECRET}\n`],
    ['an environment variable', `export AWS_SECRET_ACCESS_KEY="${SECRET}"`],
    ['JSON from the IAM API', `{"AccessKeyId": "ASIAY34FZKBOKMUTVV7A", "SecretAccessKey": "${SECRET}"}`],
    ['prose', `Here is the AWS secret: ${SECRET}`],
  ])('finds the key in %s', (_name, text) => {
    expect(found(text, 'AWS_SECRET_KEY')).toEqual([SECRET]);
  });

  it('finds keys with / and +', () => {
    expect(found(`secret access key: ${SLASHED}`, 'AWS_SECRET_KEY')).toEqual([SLASHED]);
  });

  it('finds the secret beside its access key id, as in the credentials CSV', () => {
    const csv = `User name,Password,Access key ID,Secret access key\nalice,,AKIAZ3MSJV4WWNKWW5FG,${SECRET}\n`;
    expect(found(csv, 'AWS_SECRET_KEY')).toEqual([SECRET]);
    expect(findingOf(`AKIAZ3MSJV4WWNKWW5FG ${SECRET}`, 'AWS_SECRET_KEY')?.confidence).toBe(0.75);
    expect(findingOf(`aws_secret_access_key=${SECRET}`, 'AWS_SECRET_KEY')?.confidence).toBe(0.85);
  });

  it.each([
    ['no context', `value ${SECRET}`],
    ['a git SHA under the cue', 'aws_secret_access_key = 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b'],
    ['a cue far away', `aws secret\n${'filler text '.repeat(10)}${SECRET}`],
    ['a 41-character run', `aws_secret_access_key = ${SECRET}Z`],
    ['part of base64 data', `aws secret data:image/png;base64,${SECRET}${SECRET}`],
    ['an access key id far away', `AKIAZ3MSJV4WWNKWW5FG ${'x '.repeat(150)}${SECRET}`],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'AWS_SECRET_KEY')).toEqual([]);
  });

  it("keeps AWS's documented sample below the default minimum", () => {
    const text = 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    expect(found(text, 'AWS_SECRET_KEY')).toEqual([]);
    expect(findingOf(text, 'AWS_SECRET_KEY')?.confidence).toBeLessThan(0.5);
  });

  it.each([
    ['repeated cues and candidates', fill(`aws_secret_access_key = ${SECRET} `)],
    ['repeated access key ids', fill('AKIAZ3MSJV4WWNKWW5FG ')],
    ['base64 noise after a cue', `aws secret ${base64Noise()}`],
    ['slashes', fill('/')],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    expect(found(text, 'AWS_SECRET_KEY').length).toBeLessThan(MIB_SECRETS);
  });

  it('pairs a secret with its id through the words that name the pair', () => {
    const secret = 'Kq9Lm2Vx8Zb4Np7Rw1Yd5Hc3Js6Ga0TfUe8Wq2Xp';
    for (const text of [
      `AWS_ACCESS_KEY_ID=AKIA6Z3JOV7LNCG6PTSF and the secret is ${secret}`,
      `creds := credentials.NewStaticCredentialsProvider("AKIA6Z3JOV7LNCG6PTSF", "${secret}", "")`,
    ]) {
      expect(found(text, 'AWS_SECRET_KEY'), text).toEqual([secret]);
    }
    expect(found(`AKIA6Z3JOV7LNCG6PTSF client secret: ${secret}`, 'AWS_SECRET_KEY')).toEqual([]);
  });
});

/** Upper bound on findings in 1 MiB: one per candidate at most. */
const MIB_SECRETS = (1 << 20) / 40;
