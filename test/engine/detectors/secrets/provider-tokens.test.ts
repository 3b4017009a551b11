import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { generateKey } from '../../../../src/store/api-keys.js';
import { found } from '../../helpers.js';
import { BASE62, BASE64URL, fill, findingOf, randomStrings } from './fixtures.js';

const random = randomStrings(7);
const b62 = (n: number) => random(BASE62, n);
const b64url = (n: number) => random(BASE64URL, n);
const digits = (n: number) => random('0123456789', n);

// One realistic token per shape, with its type; built from random bodies so none is a live key.
const TOKENS: [string, string][] = [
  ['GITHUB_TOKEN', `ghp_${b62(36)}`],
  ['GITHUB_TOKEN', `gho_${b62(36)}`],
  ['GITHUB_TOKEN', `ghu_${b62(36)}`],
  ['GITHUB_TOKEN', `ghs_${b62(36)}`],
  ['GITHUB_TOKEN', `ghr_${b62(36)}`],
  ['GITHUB_TOKEN', `ghs_${b62(120)}`],
  ['GITHUB_TOKEN', `github_pat_11${b62(20)}_${b62(59)}`],
  ['GITLAB_TOKEN', `glpat-${b64url(20)}`],
  ['GITLAB_TOKEN', `glpat-${b64url(38)}.01.${random('0123456789abcdefghijklmnopqrstuvwxyz', 9)}`],
  ['GITLAB_TOKEN', `gldt-${b64url(20)}`],
  ['GITLAB_TOKEN', `glrt-${b64url(20)}`],
  ['GITLAB_TOKEN', `glcbt-${b64url(24)}`],
  ['GITLAB_TOKEN', `GR1348941${b64url(20)}`],
  ['SLACK_TOKEN', `xoxb-${digits(12)}-${digits(13)}-${b62(24)}`],
  ['SLACK_TOKEN', `xoxp-${digits(12)}-${digits(12)}-${digits(13)}-${random('0123456789abcdef', 32)}`],
  ['SLACK_TOKEN', `xapp-1-A${digits(10)}-${digits(13)}-${random('0123456789abcdef', 64)}`],
  ['SLACK_TOKEN', `xoxe.xoxp-1-${b62(140)}`],
  ['STRIPE_KEY', `sk_live_${b62(24)}`],
  ['STRIPE_KEY', `sk_live_51${b62(97)}`],
  ['STRIPE_KEY', `rk_live_${b62(24)}`],
  ['STRIPE_KEY', `sk_test_${b62(24)}`],
  ['STRIPE_KEY', `rk_test_${b62(99)}`],
  ['STRIPE_KEY', `whsec_${b62(32)}`],
  ['GOOGLE_API_KEY', `AIza${b64url(35)}`],
  ['OPENAI_API_KEY', `sk-proj-${b64url(74)}T3BlbkFJ${b64url(74)}`],
  ['OPENAI_API_KEY', `sk-svcacct-${b64url(74)}T3BlbkFJ${b64url(74)}`],
  ['OPENAI_API_KEY', `sk-admin-${b64url(74)}T3BlbkFJ${b64url(74)}`],
  ['OPENAI_API_KEY', `sk-svcacct-${b64url(58)}T3BlbkFJ${b64url(58)}`],
  ['OPENAI_API_KEY', `sk-proj-${b64url(156)}`],
  ['OPENAI_API_KEY', `sk-${b62(20)}T3BlbkFJ${b62(20)}`],
  ['ANTHROPIC_API_KEY', `sk-ant-api03-${b64url(93)}AA`],
  ['ANTHROPIC_API_KEY', `sk-ant-admin01-${b64url(93)}AA`],
  ['SERVICE_API_KEY', generateKey('policy')],
  ['SERVICE_API_KEY', generateKey('license')],
  ['SERVICE_API_KEY', generateKey('partner')],
];

describe('provider tokens', () => {
  it.each(TOKENS)('finds a %s alone, in .env, JSON, a header and prose', (type, token) => {
    for (const text of [token, `API_TOKEN=${token}\n`, `{"token": "${token}"}`, `Authorization: Bearer ${token}`, `my key is ${token}.`]) {
      expect(found(text, type), text).toEqual([token]);
    }
  });

  it.each(TOKENS)('reports a %s at provider-prefix confidence', (type, token) => {
    expect(findingOf(`key: ${token}`, type)?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('takes stand-in words only in one case, not inside random mixed case', () => {
    expect(found('AIzaZXpyqIUbyoUr_oMThg-aXOdAemZE7Kxp3Ke', 'GOOGLE_API_KEY')).toEqual(['AIzaZXpyqIUbyoUr_oMThg-aXOdAemZE7Kxp3Ke']);
  });

  it('reports a legacy 20-character GitLab token under a GitLab key, over GENERIC_SECRET', () => {
    const token = `${b62(10)}7${b62(9)}`;
    for (const text of [`gitlab_token: ${token}`, `GITLAB_PAT="${token}"`, `export GITLAB_API_TOKEN=${token}`]) {
      expect(found(text, 'GITLAB_TOKEN'), text).toEqual([token]);
      expect(found(text, 'GENERIC_SECRET'), text).toEqual([]);
    }
    expect(found(`gitlab_token: ${b62(21)}`, 'GITLAB_TOKEN')).toEqual([]);
    expect(found(`token: ${token}`, 'GITLAB_TOKEN')).toEqual([]);
  });

  it("reports a GitLab session cookie's value, only at its documented length", () => {
    const session = random('abcdefghijklmnopqrstuvwxyz0123456789', 32);
    const text = `Cookie: known_sign_in=1; _gitlab_session=${session}; event_filter=all`;
    expect(found(text, 'GITLAB_TOKEN')).toEqual([session]);
    expect(mask(text, scan(text), 'label', 'k')).not.toContain(session);
    expect(found(`_gitlab_session=${session.slice(1)}`, 'GITLAB_TOKEN')).toEqual([]);
  });

  it('raises GitHub tokens whose CRC-32 checksum is valid', () => {
    expect(findingOf('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', 'GITHUB_TOKEN')?.confidence).toBe(0.97);
    expect(findingOf('ghp_wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUy', 'GITHUB_TOKEN')?.confidence).toBe(0.9);
  });

  it('raises OpenAI keys carrying the T3BlbkFJ marker over other sk- keys of the same length', () => {
    expect(findingOf(`sk-${b62(20)}T3BlbkFJ${b62(20)}`, 'OPENAI_API_KEY')?.confidence).toBe(0.97);
    expect(findingOf(`sk-${b62(48)}`, 'OPENAI_API_KEY')?.confidence).toBe(0.7);
  });

  it("reports Anthropic keys as Anthropic's, never as OpenAI's", () => {
    const key = `sk-ant-api03-${b64url(93)}AA`;
    expect(found(key, 'OPENAI_API_KEY')).toEqual([]);
    expect(found(key, 'ANTHROPIC_API_KEY')).toEqual([key]);
  });

  it('matches exactly what api-keys.ts mints', () => {
    for (let i = 0; i < 200; i++) {
      const key = generateKey((['policy', 'license', 'partner'] as const)[i % 3] ?? 'policy');
      expect(found(`x-api-key: ${key}`, 'SERVICE_API_KEY')).toEqual([key]);
    }
  });

  it('reports Stripe test keys below live keys, and publishable keys not at all', () => {
    const body = b62(24);
    expect(findingOf(`sk_test_${body}`, 'STRIPE_KEY')?.confidence).toBeLessThan(findingOf(`sk_live_${body}`, 'STRIPE_KEY')?.confidence ?? 0);
    expect(findingOf(`pk_live_${body} pk_test_${body}`, 'STRIPE_KEY')).toBeUndefined();
  });

  it.each([
    ['GITHUB_TOKEN', `ghp_${b62(35)}`],
    ['GITHUB_TOKEN', `ghp_${b62(37)}`],
    ['GITHUB_TOKEN', `ghx_${b62(36)}`],
    ['GITHUB_TOKEN', `xghp_${b62(36)}`],
    ['GITHUB_TOKEN', `github_pat_${b62(81)}`],
    ['GITLAB_TOKEN', `glpat-${b64url(19)}`],
    ['GITLAB_TOKEN', 'glpat- and glpat-short'],
    ['SLACK_TOKEN', 'xoxb-your-token-here'],
    ['SLACK_TOKEN', `xoxb-${b62(30)}`],
    ['STRIPE_KEY', `sk_live_${b62(23)}`],
    ['STRIPE_KEY', `sk_prod_${b62(24)}`],
    ['GOOGLE_API_KEY', `AIza${b64url(34)}`],
    ['GOOGLE_API_KEY', `AIza${b64url(36)}`],
    ['OPENAI_API_KEY', `sk-${b62(47)}`],
    ['OPENAI_API_KEY', `sk-proj-${b62(10)}`],
    ['OPENAI_API_KEY', 'task-runner sk-learn risk-free'],
    ['ANTHROPIC_API_KEY', `sk-ant-api03-${b64url(20)}`],
    ['SERVICE_API_KEY', `svc_sk_${b62(42)}`],
    ['SERVICE_API_KEY', `svc_sk_${b62(44)}`],
    ['SERVICE_API_KEY', `svc_xx_${b62(43)}`],
    ['SERVICE_API_KEY', `svc_sk_${b62(43)}_v2`],
  ])('rejects the %s near-miss %s', (type, text) => {
    expect(found(text, type)).toEqual([]);
  });

  it.each([
    ['GITHUB_TOKEN', 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    ['GITHUB_TOKEN', 'ghp_EXAMPLEa1b2c3d4e5f6g7h8i9j0k1l2m3n4o'],
    ['STRIPE_KEY', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'],
    ['STRIPE_KEY', 'sk_live_yourStripeKeyHere1234567890'],
    ['OPENAI_API_KEY', `sk-proj-${'yourkeyhere'.padEnd(156, 'X')}`],
    ['GOOGLE_API_KEY', 'AIzaSyDUMMYdummyDUMMYdummyDUMMYdummy123'],
  ])('keeps the %s placeholder %s below the default minimum', (type, text) => {
    expect(found(text, type)).toEqual([]);
    expect(findingOf(text, type)?.confidence).toBeLessThan(0.5);
  });

  it.each([
    ['repeated prefixes', fill('ghp_gho_github_pat_glpat-xoxb-xapp-sk_live_whsec_AIzask-sk-proj-sk-ant-api03-svc_sk_GR1348941')],
    ['prefixes with short bodies', fill('ghp_a1 glpat-b2 xoxb-1-2 sk-3 AIza4 svc_sk_5 ')],
    ['one long body', `ghp_${'a'.repeat(1 << 20)}`],
    ['dashes after a prefix', `glpat-${'-'.repeat(1 << 20)}`],
    ['digit groups after a Slack prefix', `xoxb-${fill('1-')}`],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    for (const type of ['GITHUB_TOKEN', 'GITLAB_TOKEN', 'SLACK_TOKEN', 'STRIPE_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'SERVICE_API_KEY']) {
      expect(found(text, type)).toEqual([]);
    }
  });
});
