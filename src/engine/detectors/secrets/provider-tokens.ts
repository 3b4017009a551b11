import type { Detector } from '../detector.js';
import { githubChecksumValid } from './github-checksum.js';
import { bodyLength, prefixedToken } from './prefixed-token.js';

// Provider keys recognised by their fixed prefixes. Every body is a greedy run of its character
// class; lengths are checked by the judges, so a near-miss length (`ghp_` + 35) is no match.
// Confidence: 0.9 for a distinctive prefix with the right length; more where the token carries
// its own check (GitHub's checksum, OpenAI's `T3BlbkFJ` marker); test-mode keys a little less.

const PROVIDER_PREFIX = 0.9;
const WITH_CHECK = 0.97;

export const githubToken = prefixedToken({
  type: 'GITHUB_TOKEN',
  category: 'SECRETS',
  keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  shapes: [
    // Classic format: 30 random characters and a 6-character CRC-32 checksum.
    {
      pattern: /\bgh[pousr]_[A-Za-z0-9]+/g,
      judge: (value) => {
        const body = value.slice(4);
        if (body.length !== 36) return null;
        return githubChecksumValid(body) ? WITH_CHECK : PROVIDER_PREFIX;
      },
    },
    // Fine-grained personal access tokens: 22 characters, `_`, 59 characters.
    { pattern: /\bgithub_pat_[A-Za-z0-9_]+/g, judge: bodyLength(11, 82, 82, PROVIDER_PREFIX) },
  ],
});

// glpat- personal, gldt- deploy, glrt- runner, glcbt- CI job, glptt- trigger, glft- feed, glimt-
// incoming mail, glagent- agent, gloas- OAuth app secret, glsoat- SCIM, glffct- feature flags,
// glwt- workspace. Since GitLab 17 a token may end in `.<2-char version>.<base36 CRC>`.
const GITLAB_PREFIX = /^gl[a-z]+-/;
export const gitlabToken = prefixedToken({
  type: 'GITLAB_TOKEN',
  category: 'SECRETS',
  keywords: ['glpat-', 'gldt-', 'glrt-', 'glcbt-', 'glptt-', 'glft-', 'glimt-', 'glagent-', 'gloas-', 'glsoat-', 'glffct-', 'glwt-', 'gr1348941'],
  shapes: [
    {
      pattern: /\bgl(?:pat|dt|rt|cbt|ptt|ft|imt|agent|oas|soat|ffct|wt)-[A-Za-z0-9_-]+(?:\.[0-9a-z]{2}\.[0-9a-z]+)?/g,
      judge: (value) => {
        const prefix = GITLAB_PREFIX.exec(value)?.[0].length ?? 0;
        const body = value.length - prefix;
        return body >= 20 && body <= 300 ? PROVIDER_PREFIX : null;
      },
    },
    // Runner registration tokens (deprecated, still in old configs).
    { pattern: /\bGR1348941[A-Za-z0-9_-]+/g, judge: bodyLength(9, 20, 20, PROVIDER_PREFIX) },
  ],
});

// Bot (xoxb), user (xoxp), app-level (xapp), workspace/legacy (xoxa, xoxr, xoxs, xoxo) and rotating
// (xoxe, xoxe.xoxp) tokens: dash-separated numeric ids then a random part.
const SLACK_PREFIX = /^(?:xox[a-z](?:\.xox[a-z])?|xapp)-/;
const DIGIT = /\d/;
export const slackToken = prefixedToken({
  type: 'SLACK_TOKEN',
  category: 'SECRETS',
  keywords: ['xoxa-', 'xoxb-', 'xoxe', 'xoxo-', 'xoxp-', 'xoxr-', 'xoxs-', 'xapp-'],
  shapes: [
    {
      pattern: /\b(?:xox[abeoprs](?:\.xox[bp])?|xapp)-[A-Za-z0-9-]+/g,
      judge: (value) => {
        const body = value.slice(SLACK_PREFIX.exec(value)?.[0].length ?? 0);
        if (body.length < 20 || body.length > 300 || !DIGIT.test(body) || !body.includes('-')) return null;
        return PROVIDER_PREFIX;
      },
    },
  ],
});

// Secret (sk_) and restricted (rk_) keys, live or test mode; webhook signing secrets (whsec_).
// Test-mode keys only reach test data but are still credentials: reported, a little lower.
// Publishable keys (pk_live_, pk_test_) are meant to be shipped to browsers and are not reported.
export const stripeKey = prefixedToken({
  type: 'STRIPE_KEY',
  category: 'SECRETS',
  keywords: ['sk_live_', 'rk_live_', 'sk_test_', 'rk_test_', 'whsec_'],
  shapes: [
    { pattern: /\b[rs]k_live_[A-Za-z0-9]+/g, judge: bodyLength(8, 24, 247, PROVIDER_PREFIX) },
    { pattern: /\b[rs]k_test_[A-Za-z0-9]+/g, judge: bodyLength(8, 24, 247, 0.8) },
    { pattern: /\bwhsec_[A-Za-z0-9+/=]+/g, judge: bodyLength(6, 32, 128, PROVIDER_PREFIX) },
  ],
});

export const googleApiKey = prefixedToken({
  type: 'GOOGLE_API_KEY',
  category: 'SECRETS',
  keywords: ['aiza'],
  shapes: [{ pattern: /\bAIza[A-Za-z0-9_-]+/g, judge: bodyLength(4, 35, 35, PROVIDER_PREFIX) }],
});

/** Base64 of `OpenAI`, embedded in OpenAI's key bodies. */
const OPENAI_MARKER = 'T3BlbkFJ';
export const openaiApiKey = prefixedToken({
  type: 'OPENAI_API_KEY',
  category: 'SECRETS',
  keywords: ['sk-'],
  shapes: [
    // Project, service-account, admin and user-with-no-project keys. Anthropic's `sk-ant-` never matches.
    {
      pattern: /\bsk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]+/g,
      judge: (value) => {
        const body = value.length - value.indexOf('-', 3) - 1;
        if (body < 20 || body > 300) return null;
        return value.includes(OPENAI_MARKER) ? WITH_CHECK : PROVIDER_PREFIX;
      },
    },
    // Legacy keys: 48 letters and digits, the marker at offset 20. Other vendors copied `sk-` + 48,
    // so without the marker it is only likely, not certain.
    {
      pattern: /\bsk-[A-Za-z0-9]+/g,
      judge: (value) => {
        if (value.length !== 51) return null;
        return value.startsWith(OPENAI_MARKER, 23) ? WITH_CHECK : 0.7;
      },
    },
  ],
});

// sk-ant-api03- (API), sk-ant-admin01- (admin API), sk-ant-oat01-/ort01- (OAuth access/refresh).
// Current API keys are 93 characters then `AA`.
export const anthropicApiKey = prefixedToken({
  type: 'ANTHROPIC_API_KEY',
  category: 'SECRETS',
  keywords: ['sk-ant-'],
  shapes: [
    {
      pattern: /\bsk-ant-(?:api|admin|oat|ort)\d\d-[A-Za-z0-9_-]+/g,
      judge: (value) => {
        const body = value.slice(value.indexOf('-', 7) + 1);
        if (body.length < 32 || body.length > 300) return null;
        return body.length === 95 && body.endsWith('AA') ? 0.95 : PROVIDER_PREFIX;
      },
    },
  ],
});

// This service's own keys (src/store/api-keys.ts): a kind prefix then 32 random bytes written as
// exactly 43 base62 digits.
export const serviceApiKey = prefixedToken({
  type: 'SERVICE_API_KEY',
  category: 'SECRETS',
  keywords: ['svc_sk_', 'svc_lic_', 'svc_cpk_'],
  shapes: [
    {
      pattern: /\bsvc_(?:sk|lic|cpk)_[0-9A-Za-z]+/g,
      judge: (value) => (value.length - value.indexOf('_', 4) - 1 === 43 ? 0.95 : null),
    },
  ],
});

/** In table order. */
export const PROVIDER_TOKEN_DETECTORS: readonly Detector[] = [
  githubToken,
  gitlabToken,
  slackToken,
  stripeKey,
  googleApiKey,
  openaiApiKey,
  anthropicApiKey,
  serviceApiKey,
];
